/*
 * A process's address space as the generic kernel sees it: an opaque root
 * table (pgd) that each arch builds and loads (arch/<arch>/mm/mmu_context.c
 * says how, and why it is built as it is). The user half, [0, TASK_SIZE),
 * is the process's own; the kernel half is shared by every process.
 * prot is VM_READ | VM_WRITE | VM_EXEC (kernel/mm.h), never W and X together,
 * and map_user_page() takes VM_DCACHE_CLEAN too (below).
 *
 * A process's threads all stay on the CPU of its first thread (threads
 * never migrate: include/kernel/sched.h), so a change to its tables needs
 * only a local TLB flush, never a shootdown of other CPUs.
 */
#ifndef _KERNEL_MMU_CONTEXT_H
#define _KERNEL_MMU_CONTEXT_H

#include <kernel/types.h>

/* A new root: the user half empty, the kernel half shared; NULL on no memory. */
void *pgd_alloc(void);
/* Free the user half's page tables and the root (the caller unmapped and freed the pages). */
void pgd_free(void *pgd);
/*
 * Map the page at pa at user address va (page-aligned, below TASK_SIZE)
 * with prot: 0, or -EINVAL for a bad address or VM_WRITE with VM_EXEC,
 * -EEXIST when va is mapped, -ENOMEM when a page table cannot be allocated.
 * An executable page's bytes are made visible to the instruction fetch
 * (ARM: cleaned from the data cache), unless prot holds VM_DCACHE_CLEAN: they
 * were when the page was last mapped executable, and it was not written since
 * (Linux's PG_dcache_clean).
 */
#define VM_DCACHE_CLEAN	0x100
int map_user_page(void *pgd, unsigned long va, phys_addr_t pa, unsigned int prot);
/* Unmap va: 0 and the page it held in *pa (may be NULL), or -ENOENT; the TLB forgets it. */
int unmap_user_page(void *pgd, unsigned long va, phys_addr_t *pa);
/* New permissions for a mapped page: 0, -EINVAL (W+X) or -ENOENT. */
int protect_user_page(void *pgd, unsigned long va, unsigned int prot);
/*
 * fork(): map in dst the page that src maps at va, with src's permissions
 * minus write, and take write permission from src's entry too (this CPU's
 * TLB forgets it; dst is loaded nowhere yet). 0 and the page in *pa,
 * -ENOENT when src maps nothing there, -EEXIST when dst does, -ENOMEM
 * when a page table cannot be allocated. No cache work: the page's
 * contents were made visible to the instruction fetch when first mapped.
 */
int share_user_page(void *dst, void *src, unsigned long va, phys_addr_t *pa);
/* What va maps: 0 with its page and permissions (either pointer may be NULL), or -ENOENT. */
int lookup_user_page(void *pgd, unsigned long va, phys_addr_t *pa, unsigned int *prot);
/* Load pgd on this CPU (NULL: no user half: a kernel thread). */
void switch_mm(void *pgd);

#endif
