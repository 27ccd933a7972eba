/*
 * Searching the exception table and applying a fixup.
 *
 * The table is sorted at build time (scripts/sorttable), so a fault costs
 * one binary search: about log2(N) comparisons, with no sorting at boot
 * and no allocation, which matters because the first fault can come
 * before any allocator exists.
 */
#include <kernel/atomic.h>
#include <kernel/bsearch.h>
#include <kernel/errno.h>
#include <kernel/extable.h>
#include <kernel/init.h>
#include <kernel/printk.h>
#include <kernel/sections.h>

static atomic_t uaccess_fixups = ATOMIC_INIT(0);

unsigned long uaccess_fixup_count(void)
{
	return (unsigned int)atomic_read(&uaccess_fixups);
}

/* LAB extable_search: begin */
static int cmp_insn(const void *key, const void *elt)
{
	unsigned long addr = *(const unsigned long *)key;
	unsigned long insn = ex_insn_addr(elt);

	return addr < insn ? -1 : addr > insn;
}

const struct exception_table_entry *search_extable(const struct exception_table_entry *base,
						  size_t num, unsigned long addr)
{
	return bsearch(&addr, base, num, sizeof(struct exception_table_entry), cmp_insn);
}
/* LAB extable_search: end */

/*
 * The module loader's search of the modules' tables (kernel/module/extable.c)
 * takes the place of this one when it is linked in; without it no code lies
 * outside the kernel's table.
 */
__weak const struct exception_table_entry *search_module_extables(unsigned long addr)
{
	(void)addr;
	return NULL;
}

const struct exception_table_entry *search_exception_tables(unsigned long addr)
{
	const struct exception_table_entry *e;

	e = search_extable((const void *)__start___ex_table, exception_table_entries(), addr);
	return e ? e : search_module_extables(addr);
}

size_t exception_table_entries(void)
{
	return section_count(__start___ex_table, __stop___ex_table,
			     sizeof(struct exception_table_entry));
}

bool exception_table_sorted(void)
{
	const struct exception_table_entry *e = (const void *)__start___ex_table;

	for (size_t i = 1; i < exception_table_entries(); i++)
		if (ex_insn_addr(&e[i - 1]) > ex_insn_addr(&e[i]))
			return false;
	return true;
}

bool fixup_exception(struct pt_regs *regs)
{
	const struct exception_table_entry *e = search_exception_tables(instruction_pointer(regs));
	int type, err_reg, zero_reg;

	if (!e)
		return false;
	type = e->data & 0xff;
	err_reg = (e->data >> 8) & 0xff;
	zero_reg = (e->data >> 16) & 0xff;
	switch (type) {
	case EX_TYPE_UACCESS_EFAULT_ZERO_REG:
	case EX_TYPE_EFAULT_ZERO_REG:
		regs_set_register(regs, zero_reg, 0);
		regs_set_register(regs, err_reg, (unsigned long)-EFAULT);
		break;
	case EX_TYPE_UACCESS_EFAULT_REG:
	case EX_TYPE_EFAULT_REG:
		regs_set_register(regs, err_reg, (unsigned long)-EFAULT);
		break;
	case EX_TYPE_UACCESS:
	case EX_TYPE_DEFAULT:
		break;
	default:
		return false;
	}
	if (type >= EX_TYPE_UACCESS)
		atomic_inc(&uaccess_fixups);
	instruction_pointer_set(regs, ex_fixup_addr(e));
	return true;
}

/*
 * The boot check that scripts/sorttable ran: an unsorted table would make
 * the binary search miss entries, and a fault would oops instead of
 * recovering.
 */
static int __init check_exception_table(void)
{
	if (!exception_table_sorted()) {
		pr_err("extable: __ex_table is not sorted: did scripts/sorttable run?\n");
		return -EINVAL;
	}
	pr_info("extable: %zu entries of %zu bytes, sorted\n", exception_table_entries(),
		sizeof(struct exception_table_entry));
	return 0;
}
core_initcall(check_exception_table);
