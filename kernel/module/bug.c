/*
 * A module's WARN() and BUG() sites, as Linux's module_find_bug(): `ld -r`
 * keeps each module's __bug_table (linker/module.lds), the loader notes
 * where it lies (mod->bug_table), and report_bug() (kernel/bug.c) asks
 * here when the trapping instruction is not the kernel's: the module that
 * holds it, then its table. Without this, a WARN_ON() in a module would be
 * an unknown undefined instruction, an oops and a panic.
 */
#include <kernel/bug.h>
#include <kernel/module.h>

#include "internal.h"

/*
 * The entry lies in the module's memory and is read after the lock is let
 * go: the trapping code is the module's own, which runs only while it is
 * loaded.
 */
struct bug_entry *module_find_bug(unsigned long addr)
{
	struct bug_entry *bug = NULL;
	struct module *mod;
	unsigned long flags;

	module_list_lock(&flags);
	mod = __module_address(addr);
	if (mod && mod->num_bugs)
		bug = find_bug_in(mod->bug_table, mod->num_bugs, addr);
	module_list_unlock(flags);
	return bug;
}
