/*
 * The kernel's own page tables, per arch, with per-section permissions.
 *
 * paging_init() (boot step 7, after the page allocator) replaces the boot
 * mapping: the image in 4 KiB pages, .text read+execute, .rodata read-only
 * and never executable (writable until mark_rodata_ro()), .data/.bss and
 * init data read+write and never executable, .init.text read+execute; and
 * the direct map of RAM read+write, never executable. A guard page below
 * the boot stack is left unmapped, so an overflow faults.
 *
 * free_initmem() calls unmap_kernel_range() on the init region, so a stale
 * pointer into it faults instead of reading recycled memory (the same
 * pages stay reachable through the direct map). mark_rodata_ro() applies
 * the final permissions; after it no page is both writable and executable,
 * which count_wx_pages() checks by walking the tables.
 */
#ifndef _KERNEL_PGTABLE_H
#define _KERNEL_PGTABLE_H

#include <kernel/types.h>

void paging_init(void);
void mark_rodata_ro(void);
void unmap_kernel_range(unsigned long start, unsigned long end);
/* Walk every mapping of the kernel's tables; return the number of 4 KiB pages that are W+X. */
unsigned long count_wx_pages(void);

/*
 * Mappings made after boot (the module area, kernel/module/memory.c), in
 * 4 KiB pages with one of these permissions. alloc_kernel_tables() makes
 * the page tables of [start, end) once, so that mapping and unmapping
 * there later takes no memory (and gives none back: the self-tests count
 * free pages). map_kernel_page() maps a page that was not mapped;
 * set_kernel_page_prot() changes a mapped page's permissions, or unmaps it
 * (KERNEL_PROT_NONE); neither tells other CPUs: flush_tlb_kernel_all()
 * does, after a batch of changes.
 */
enum kernel_prot {
	KERNEL_PROT_NONE,
	KERNEL_PROT_RW,		/* read+write, never executable */
	KERNEL_PROT_RO,		/* read-only, never executable */
	KERNEL_PROT_RX,		/* read-only, executable */
};

/*
 * debug_pagealloc (kernel/mm/page_alloc.c): map (enable) or unmap the
 * direct-map pages [addr, addr + numpages pages), which paging_init() has
 * mapped in 4 KiB pages. An unmapped page leaves every CPU's TLB before
 * this returns, so a stale pointer faults wherever it runs; a page mapped
 * again is usable at once. Takes no memory and no lock (Linux's name).
 */
void __kernel_map_pages(void *addr, int numpages, int enable);

int alloc_kernel_tables(unsigned long start, unsigned long end);
int map_kernel_page(unsigned long va, phys_addr_t pa, enum kernel_prot prot);
void set_kernel_page_prot(unsigned long va, enum kernel_prot prot);
void flush_tlb_kernel_all(void);

#endif
