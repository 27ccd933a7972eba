/*
 * What SMP bring-up needs from the x86_64 page tables (arch/x86_64/mm/pgtable.c).
 */
#ifndef _ASM_PGTABLE_H
#define _ASM_PGTABLE_H

#include <kernel/types.h>

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

/* Device registers at phys (above the RAM the direct map covers), mapped uncached. */
void *ioremap(phys_addr_t phys, unsigned long size);

#endif
