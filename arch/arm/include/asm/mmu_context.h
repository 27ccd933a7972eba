/*
 * A process's address space, the 32-bit ARM half of the interface generic
 * code uses (arch/arm/mm/mmu_context.c; why it is built as it is: there).
 * A pgd is the process's own first-level table, for [0, TASK_SIZE); prot
 * is VM_READ | VM_WRITE | VM_EXEC (kernel/mm.h), never W and X together.
 */
#ifndef _ASM_MMU_CONTEXT_H
#define _ASM_MMU_CONTEXT_H

#include <kernel/types.h>

/* A new table with nothing mapped; NULL when there is no memory. */
void *pgd_alloc(void);
/* Free the table and its second-level tables (the caller unmapped and freed the pages). */
void pgd_free(void *pgd);
/* 0; -EINVAL for W+X, an address outside user space or not page aligned; -ENOMEM; -EEXIST. */
int map_user_page(void *pgd, unsigned long va, phys_addr_t pa, unsigned int prot);
/* 0 and the page in *pa (may be NULL), or -ENOENT; the TLB forgets the page. */
int unmap_user_page(void *pgd, unsigned long va, phys_addr_t *pa);
/* New permissions for a mapped page: 0, -ENOENT or -EINVAL (W+X). */
int protect_user_page(void *pgd, unsigned long va, unsigned int prot);
/* 0 with the page (its physical address) and its permissions (either pointer may be NULL), or -ENOENT. */
int lookup_user_page(void *pgd, unsigned long va, phys_addr_t *pa, unsigned int *prot);
/* Load pgd's table into this CPU's TTBR0; NULL: the empty one (a kernel thread). */
void switch_mm(void *pgd);

#endif
