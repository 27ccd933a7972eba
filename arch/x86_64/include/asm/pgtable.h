/*
 * The x86_64 page-table format, and what SMP bring-up needs from the
 * kernel's tables (arch/x86_64/mm/pgtable.c).
 */
#ifndef _ASM_PGTABLE_H
#define _ASM_PGTABLE_H

#include <asm/page.h>
#include <kernel/types.h>

/* Page-table entry bits, the same at every level (PTE_HUGE only in a PD or PDPT entry). */
#define PTE_PRESENT	(1ul << 0)
#define PTE_WRITE	(1ul << 1)
#define PTE_USER	(1ul << 2)	/* ring 3 may use it: needed at every level */
#define PTE_PWT		(1ul << 3)
#define PTE_PCD		(1ul << 4)
#define PTE_HUGE	(1ul << 7)
#define PTE_NX		(1ul << 63)
#define PTE_ADDR_MASK	0x000ffffffffff000ul
#define PTRS_PER_TABLE	512

typedef unsigned long pte_t;

/* The index of va in its table at `level` (0 = PT ... 3 = PML4). */
static inline unsigned int table_index(unsigned long va, int level)
{
	return (va >> (PAGE_SHIFT + 9 * level)) & (PTRS_PER_TABLE - 1);
}

/* The kernel's PML4, what every CPU's CR3 holds. */
phys_addr_t kernel_pgd_phys(void);

/*
 * A temporary PML4: the kernel half plus an identity map of the first 2 MiB,
 * for the real-mode trampoline. Created before the first secondary CPU
 * starts, freed after the last one switched to kernel_pgd_phys().
 */
phys_addr_t trampoline_pgd_create(void);
void trampoline_pgd_free(void);

/*
 * Map the direct-map block (size bytes, page multiple) at a new address in
 * the stack area, with an unmapped guard page below it; returns the lowest
 * address of the stack, or NULL when the area is full.
 */
void *map_stack_with_guard(void *block, unsigned long size);
/* addr lies in the stack area but is not mapped: a guard page. */
bool in_stack_guard_page(unsigned long addr);

/*
 * debug_pagealloc=on: flush this CPU's TLB if another CPU has unmapped a
 * freed page since it last did (from the tick and the idle loop, with
 * interrupts off).
 */
void debug_pagealloc_flush_tlb(void);

/* Device registers at phys (above the RAM the direct map covers), mapped uncached. */
void *ioremap(phys_addr_t phys, unsigned long size);

#endif
