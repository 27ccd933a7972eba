/*
 * The kernel's exported symbols (EXPORT_SYMBOL(), include/kernel/export.h):
 * the two tables the linker sorted by name, and the lookup a module loader
 * resolves each undefined symbol with (kernel/module/ksymtab.c).
 */
#ifndef _KERNEL_KSYMTAB_H
#define _KERNEL_KSYMTAB_H

#include <kernel/export.h>
#include <kernel/types.h>

/* Which table a symbol was found in, as Linux's enum mod_license. */
enum mod_license {
	NOT_GPL_ONLY,
	GPL_ONLY,
};

/*
 * A question to find_symbol(), Linux's struct find_symbol_arg: name and
 * gplok in (gplok: the asker's license is GPL-compatible, so __ksymtab_gpl
 * is searched too); sym, license and owner (the module that exports it,
 * NULL for the kernel) out.
 */
struct module;

struct find_symbol_arg {
	const char *name;
	bool gplok;
	const struct kernel_symbol *sym;
	enum mod_license license;
	struct module *owner;
};

/*
 * Binary search of __ksymtab, then (if fsa->gplok) __ksymtab_gpl, then of
 * each loaded module's two tables (the module loader holds its mutex).
 */
bool find_symbol(struct find_symbol_arg *fsa);

/* One table: [start, start + num), sorted by name. NULL if name is not there. */
const struct kernel_symbol *search_ksymtab(const struct kernel_symbol *start, size_t num,
					   const char *name);

/* Both tables, as the linker left them: how many entries each. */
size_t ksymtab_entries(void);
size_t ksymtab_gpl_entries(void);

/*
 * The name of the first entry out of order or repeated in [start, start +
 * num), or NULL when the table is strictly increasing (the boot check and
 * the ksymtab suite).
 */
const char *ksymtab_first_unsorted(const struct kernel_symbol *start, size_t num);

#endif
