/*
 * A module's own exception table, as Linux's: its __ex_table comes
 * unsorted from `ld -r` (only the kernel's is sorted at build time, by
 * scripts/sorttable), so the loader sorts it, and the fault handler's
 * search_exception_tables() (kernel/extable.c) asks
 * search_module_extables() when the faulting instruction is not the
 * kernel's: the module that holds it, then a binary search of its table.
 */
#include <kernel/extable.h>
#include <kernel/module.h>
#include <kernel/sort.h>

#include "internal.h"

/*
 * Linux's search_module_extables(): the faulting module's own table, sorted
 * at load. The entry is read after the lock is let go: the faulting code
 * is the module's own, which runs only while it is loaded.
 */
const struct exception_table_entry *search_module_extables(unsigned long addr)
{
	const struct exception_table_entry *e = NULL;
	struct module *mod;
	unsigned long flags;

	module_list_lock(&flags);
	mod = __module_address(addr);
	if (mod && mod->num_exentries)
		e = search_extable(mod->extable, mod->num_exentries, addr);
	module_list_unlock(flags);
	return e;
}

static int cmp_ex(const void *a, const void *b)
{
	unsigned long x = ex_insn_addr(a), y = ex_insn_addr(b);

	return x < y ? -1 : x > y;
}

/* Moving a relative entry by delta bytes changes each offset by -delta (Linux's swap_ex()). */
static void swap_ex(void *a, void *b, int size)
{
	struct exception_table_entry *x = a, *y = b, tmp = *x;
	long delta = (char *)b - (char *)a;

	(void)size;
	x->insn = y->insn + delta;
	x->fixup = y->fixup + delta;
	x->data = y->data;
	y->insn = tmp.insn - delta;
	y->fixup = tmp.fixup - delta;
	y->data = tmp.data;
}

void module_sort_extable(struct module *mod)
{
	sort(mod->extable, mod->num_exentries, sizeof(*mod->extable), cmp_ex, swap_ex);
}
