/*
 * User address spaces on x86_64 (arch/x86_64/mm/mmu_context.c): a PML4 per
 * process whose upper half (the kernel) is the kernel's own, shared, and
 * whose lower half holds the user pages, with U/S set at every level.
 * The generic kernel (kernel/mm/mmap.c) sees the PML4 as an opaque pgd.
 *
 * A process's threads all stay on the CPU of its first thread (threads
 * never migrate: include/kernel/sched.h), so a change to its tables needs
 * only a local TLB flush (invlpg), never a shootdown of other CPUs.
 */
#ifndef _ASM_MMU_CONTEXT_H
#define _ASM_MMU_CONTEXT_H

#include <kernel/types.h>

/* A new root: the user half empty, the kernel half shared; NULL on no memory. */
void *pgd_alloc(void);
/* Free the user half's page tables and the root (the caller unmapped the pages). */
void pgd_free(void *pgd);
/*
 * Map the page at pa at user address va (page-aligned, below TASK_SIZE)
 * with prot (VM_READ | VM_WRITE | VM_EXEC, kernel/mm.h): 0, or -EINVAL for
 * a bad address or VM_WRITE with VM_EXEC, -EEXIST when va is mapped,
 * -ENOMEM when a page table cannot be allocated.
 */
int map_user_page(void *pgd, unsigned long va, phys_addr_t pa, unsigned int prot);
/* Unmap va: 0 and the page it held in *pa, or -ENOENT. */
int unmap_user_page(void *pgd, unsigned long va, phys_addr_t *pa);
/* New permissions for a mapped page: 0, -EINVAL (W+X) or -ENOENT. */
int protect_user_page(void *pgd, unsigned long va, unsigned int prot);
/* What va maps: 0 with its page and permissions, or -ENOENT. */
int lookup_user_page(void *pgd, unsigned long va, phys_addr_t *pa, unsigned int *prot);
/* Load pgd on this CPU (NULL: the kernel's tables, no user half). */
void switch_mm(void *pgd);

#endif
