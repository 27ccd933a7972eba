/*
 * x86_64's half of the wx suite (tests/kernel/wx_arch.h): the page's 4 KiB
 * entry, found from kernel_pgd_phys() down the four levels, gets NX cleared
 * or set again.
 */
#include <asm/page.h>
#include <asm/pgtable.h>
#include <kernel/pgtable.h>

#include "../wx_arch.h"

bool wx_arch_set_exec(void *page, bool exec)
{
	unsigned long va = (unsigned long)page;
	pte_t *table = __va(kernel_pgd_phys()), *pte;

	for (int level = 3; level > 0; level--) {
		pte_t e = table[table_index(va, level)];

		if (!(e & PTE_PRESENT) || (e & PTE_HUGE))
			return false;
		table = __va(e & PTE_ADDR_MASK);
	}
	pte = &table[table_index(va, 0)];
	if (!(*pte & PTE_PRESENT))
		return false;
	*pte = exec ? *pte & ~PTE_NX : *pte | PTE_NX;
	flush_tlb_kernel_all();
	return true;
}
