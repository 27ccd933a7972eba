/*
 * Finding an exported symbol by name, as a module loader must for each
 * symbol a module leaves undefined.
 *
 * The linker sorted both tables by name (SORT() in KSYMTAB,
 * linker/sections.lds.h; include/kernel/export.h says why that works), so
 * a lookup is one binary search per table, about log2(N) string
 * comparisons, and the kernel never sorts anything at boot. The boot check
 * below makes sure the linker kept that promise: an unsorted table would
 * make the search miss symbols that are there.
 */
#include <kernel/bsearch.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/ksymtab.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/string.h>

#include "internal.h"

/* LAB find_symbol: begin */
static int cmp_name(const void *name, const void *sym)
{
	return strcmp(name, kernel_symbol_name(sym));
}

const struct kernel_symbol *search_ksymtab(const struct kernel_symbol *start, size_t num,
					   const char *name)
{
	return bsearch(name, start, num, sizeof(struct kernel_symbol), cmp_name);
}
/* LAB find_symbol: end */

size_t ksymtab_entries(void)
{
	return __stop___ksymtab - __start___ksymtab;
}

size_t ksymtab_gpl_entries(void)
{
	return __stop___ksymtab_gpl - __start___ksymtab_gpl;
}

/* The kernel's tables, then the loaded modules' (kernel/module/main.c). */
bool find_symbol(struct find_symbol_arg *fsa)
{
	fsa->owner = NULL;
	fsa->license = NOT_GPL_ONLY;
	fsa->sym = search_ksymtab(__start___ksymtab, ksymtab_entries(), fsa->name);
	if (!fsa->sym && fsa->gplok) {
		fsa->license = GPL_ONLY;
		fsa->sym = search_ksymtab(__start___ksymtab_gpl, ksymtab_gpl_entries(), fsa->name);
	}
	return fsa->sym || find_module_symbol(fsa);
}

const char *ksymtab_first_unsorted(const struct kernel_symbol *start, size_t num)
{
	/* LAB ksymtab_strings: begin */
	for (size_t i = 1; i < num; i++)
		if (strcmp(kernel_symbol_name(&start[i - 1]), kernel_symbol_name(&start[i])) >= 0)
			return kernel_symbol_name(&start[i]);
	return NULL;
	/* LAB ksymtab_strings: end */
}

/*
 * Sorted and duplicate-free, each table on its own, and no name in both
 * (Linux's verify_exported_symbols() refuses such a module): a lookup must
 * have one answer.
 */
static int __init check_ksymtabs(void)
{
	size_t n = ksymtab_entries(), n_gpl = ksymtab_gpl_entries();
	const char *bad = ksymtab_first_unsorted(__start___ksymtab, n);

	if (!bad)
		bad = ksymtab_first_unsorted(__start___ksymtab_gpl, n_gpl);
	for (size_t i = 0; !bad && i < n_gpl; i++) {
		const char *name = kernel_symbol_name(&__start___ksymtab_gpl[i]);

		if (search_ksymtab(__start___ksymtab, n, name))
			bad = name;
	}
	if (bad) {
		pr_err("ksymtab: %s is out of order or exported twice\n", bad);
		return -EINVAL;
	}
	pr_info("ksymtab: %zu exports and %zu GPL-only, sorted, %zu bytes of names\n", n, n_gpl,
		(size_t)(__stop___ksymtab_strings - __start___ksymtab_strings));
	return 0;
}
core_initcall(check_ksymtabs);
