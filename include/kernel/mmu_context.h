/*
 * A process's address space as the generic kernel sees it: an opaque root
 * table (pgd) that each arch builds and loads (arch/<arch>/mm/mmu_context.c
 * says how, and why it is built as it is). The user half, [0, TASK_SIZE),
 * is the process's own; the kernel half is shared by every process.
 * prot is VM_READ | VM_WRITE | VM_EXEC (kernel/mm.h), never W and X together,
 * and map_user_pages() takes VM_DCACHE_CLEAN too (below).
 *
 * A process's threads all stay on the CPU of its first thread (threads
 * never migrate: include/kernel/sched.h), so a change to its tables needs
 * only a local TLB flush, never a shootdown of other CPUs.
 */
#ifndef _KERNEL_MMU_CONTEXT_H
#define _KERNEL_MMU_CONTEXT_H

#include <asm/page.h>
#include <kernel/errno.h>
#include <kernel/types.h>

/* A new root: the user half empty, the kernel half shared; NULL on no memory. */
void *pgd_alloc(void);
/* Free the user half's page tables and the root (the caller unmapped and freed the pages). */
void pgd_free(void *pgd);
/*
 * For the arch (kernel/mm/pgd_tables.c): the pages of a user pgd's tables on a list
 * of the pgd's (Linux's page->lru: a struct page's list, unused while the page
 * is allocated), so that pgd_free() frees them without looking for them.
 */
void pgd_tables_init(void *pgd);
void pgd_add_table(void *pgd, void *table);
void pgd_free_tables(void *pgd);
/*
 * Map the n pages pages[0..n) (kernel addresses, in the direct map) at user
 * addresses va, va + PAGE_SIZE, ... (va page-aligned, the run below
 * TASK_SIZE) with prot: 0, or -EINVAL for a bad address or VM_WRITE with
 * VM_EXEC, -EEXIST when one of them is mapped, -ENOMEM when a page table
 * cannot be allocated; after an error none of the n is mapped. An
 * executable page's bytes are made visible to the instruction fetch (ARM:
 * cleaned from the data cache), unless prot holds VM_DCACHE_CLEAN: they
 * were when the page was last mapped executable, and it was not written
 * since (Linux's PG_dcache_clean).
 * The tables are walked once for a run in one table, not once per page, and
 * on ARM the barriers that make the walker and the TLB see the entries are
 * paid once for the run: generic code maps, unmaps and shares in runs of up
 * to PAGE_RUN pages (a run's pages sit on the caller's stack).
 */
#define VM_DCACHE_CLEAN	0x100
int map_user_pages(void *pgd, unsigned long va, unsigned int n, void *const *pages,
		   unsigned int prot);
#define PAGE_RUN	16

/* The pages of [va, end) that a run from va takes: PAGE_RUN at most. */
static inline unsigned int page_run(unsigned long va, unsigned long end)
{
	return (end - va) / PAGE_SIZE < PAGE_RUN ? (end - va) / PAGE_SIZE : PAGE_RUN;
}

/*
 * Unmap the n pages from va on; the TLB forgets them. pages[i] (pages may be NULL) is the
 * page va + i * PAGE_SIZE held, NULL where nothing was mapped.
 */
void unmap_user_pages(void *pgd, unsigned long va, unsigned int n, void **pages);
/* New permissions for a mapped page: 0, -EINVAL (W+X) or -ENOENT. */
int protect_user_page(void *pgd, unsigned long va, unsigned int prot);
/*
 * fork(): map in dst the pages that src maps at the n pages from va on, each
 * with src's permissions minus write, and take write permission from src's
 * entries too (this CPU's TLB forgets them; dst is loaded nowhere yet).
 * pages[i] is the page shared at va + i * PAGE_SIZE, NULL where src maps
 * nothing (or after an error). 0, or -EEXIST when dst maps one of them
 * already, -ENOMEM when a page table cannot be allocated: the pages shared
 * before the error are in pages[]. No cache work: the pages' contents were
 * made visible to the instruction fetch when first mapped.
 */
int share_user_pages(void *dst, void *src, unsigned long va, unsigned int n, void **pages);
/* What va maps: 0 with its page and permissions (either pointer may be NULL), or -ENOENT. */
int lookup_user_page(void *pgd, unsigned long va, phys_addr_t *pa, unsigned int *prot);
/* One page: map_user_pages() of the page at pa. */
static inline int map_user_page(void *pgd, unsigned long va, phys_addr_t pa, unsigned int prot)
{
	void *page = __va(pa);

	return map_user_pages(pgd, va, 1, &page, prot);
}

/* One page: 0 and the page it held in *pa (may be NULL), or -ENOENT. */
static inline int unmap_user_page(void *pgd, unsigned long va, phys_addr_t *pa)
{
	void *page;

	unmap_user_pages(pgd, va, 1, &page);
	if (page && pa)
		*pa = __pa(page);
	return page ? 0 : -ENOENT;
}

/* A whole page copied, copy-on-write's copy: the arch's fastest way. */
void copy_page(void *to, const void *from);

/* Load pgd on this CPU (NULL: no user half: a kernel thread). */
void switch_mm(void *pgd);

#endif
