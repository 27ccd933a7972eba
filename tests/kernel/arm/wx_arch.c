/*
 * ARM's half of the wx suite (tests/kernel/wx_arch.h): the page's small-page
 * entry, found through the kernel's first-level table (TTBR1, 16 KiB
 * aligned, the walk attributes in its low bits), gets XN cleared or set
 * again, cleaned for the table walker.
 */
#include <asm/page.h>
#include <asm/pgtable.h>
#include <kernel/pgtable.h>

#include "../wx_arch.h"

bool wx_arch_set_exec(void *page, bool exec)
{
	unsigned long va = (unsigned long)page;
	const pmd_t *pgd = __va(kernel_ttbr1() & ~0x3fffu);
	pmd_t pmd = pgd[va >> SECTION_SHIFT];
	pte_t *pte;

	if ((pmd & PMD_TYPE_MASK) != PMD_TYPE_TABLE)
		return false;
	pte = (pte_t *)__va(pmd & PMD_TABLE_ADDR_MASK) + ((va >> PAGE_SHIFT) & (PTRS_PER_PTE - 1));
	if (!(*pte & PTE_TYPE_SMALL))
		return false;
	*pte = exec ? *pte & ~PTE_XN : *pte | PTE_XN;
	clean_for_walker(pte, sizeof(*pte));
	flush_tlb_kernel_all();
	return true;
}
