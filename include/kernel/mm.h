/*
 * The physical page allocator: blocks of 2^order pages, handed out as
 * direct-map addresses (__va of their physical address).
 */
#ifndef _KERNEL_MM_H
#define _KERNEL_MM_H

#include <asm/page.h>
#include <kernel/types.h>

#define MAX_ORDER	10	/* largest block: 2^10 pages = 4 MiB */

/* A user page's permissions (kernel/mmu_context.h), Linux's values; never VM_WRITE with VM_EXEC. */
#define VM_READ		0x1
#define VM_WRITE	0x2
#define VM_EXEC		0x4
#define VM_ACCESS	(VM_READ | VM_WRITE | VM_EXEC)
/* A VMA's flag beside them: MAP_SHARED, the file's own pages, never copied on a write. */
#define VM_SHARED	0x8

/* The smallest order whose block holds size bytes (Linux's get_order()). */
static inline unsigned int get_order(size_t size)
{
	unsigned int order = 0;

	while ((size_t)PAGE_SIZE << order < size)
		order++;
	return order;
}

void *alloc_pages(unsigned int order);
void free_pages(void *addr, unsigned int order);

static inline void *alloc_page(void)
{
	return alloc_pages(0);
}

static inline void free_page(void *addr)
{
	free_pages(addr, 0);
}

/* 2^order pages as a stack with an unmapped guard page below (kernel/mm/stack.c); NULL if none. */
void *alloc_stack_with_guard(unsigned int order);

/*
 * debug_pagealloc=on: free pages are unmapped from the direct map, so a
 * use after free_pages() faults (kernel/mm/page_alloc.c). _early is what
 * the command line asked, which paging_init() reads to map RAM in 4 KiB
 * pages; debug_pagealloc_enabled() is true once init_debug_pagealloc() has
 * unmapped the free pages.
 */
extern bool debug_pagealloc_enabled_early, _debug_pagealloc_enabled;
static inline bool debug_pagealloc_enabled(void)
{
	return _debug_pagealloc_enabled;
}
void init_debug_pagealloc(void);
/* In an oops: a line naming the free page addr lies in, if debug_pagealloc unmapped it. */
void debug_pagealloc_report_fault(unsigned long addr);

unsigned long nr_free_pages(void);
bool page_is_free(phys_addr_t pa);
unsigned long totalram_pages(void);

/* Build the allocator from boot_info's memory map, minus the image and reservations. */
void mem_init(void);
/* Poison the pages of [begin, end) with `poison`, give them to the allocator, and say so. */
unsigned long free_reserved_area(void *begin, void *end, int poison, const char *what);

/* Give the init region's pages to the allocator (the end of boot). */
void free_initmem(void);
/* Say whether any page is mapped writable and executable. */
void check_wx_pages(void);
/* What free_initmem() did, for the tests: pages freed, free pages before and after. */
extern unsigned long initmem_freed_pages;
extern unsigned long initmem_free_pages_before, initmem_free_pages_after;

struct mm_struct;

/* A new, empty user address space; NULL when out of memory (kernel/mm/mmap.c). */
struct mm_struct *mm_alloc(void);
/* Map [addr, addr + len) to new zeroed pages with prot, as one VMA; 0 or -errno. */
int vm_map_anon(struct mm_struct *mm, unsigned long addr, unsigned long len, unsigned int prot);
struct inode;
/*
 * Map [addr, addr + len) to the pages of a regular file from page pgoff on,
 * with flags (VM_ACCESS bits, VM_SHARED), as one VMA (kernel/mm/filemap.c):
 * the page cache's own pages, each one more user, so every process mapping
 * them shares them. A private writable page is mapped read-only and copied
 * on its first write (do_wp_page()). Pages wholly past the file's end are
 * left unmapped: an access there faults. 0 or -errno.
 */
int vm_map_file(struct mm_struct *mm, unsigned long addr, unsigned long len, unsigned int flags,
		struct inode *inode, unsigned long pgoff);
/* Tear an address space down: every user page and page table back to the allocator. */
void mmput(struct mm_struct *mm);
/* The lowest free range of len bytes at or above mm->mmap_base; 0 when there is none. */
unsigned long get_unmapped_area(struct mm_struct *mm, unsigned long len);
/* Unmap [addr, addr + len), whole VMAs or parts, and free its pages: 0 or -EINVAL. */
int do_munmap(struct mm_struct *mm, unsigned long addr, unsigned long len);
/*
 * New permissions for [addr, addr + len), all in VMAs: 0, -ENOMEM (a hole),
 * -EACCES (W+X, or write on a shared file mapping).
 */
int do_mprotect(struct mm_struct *mm, unsigned long addr, unsigned long len, unsigned int prot);
/* fork(): a copy of every mapping, sharing its pages copy-on-write; NULL without memory. */
struct mm_struct *dup_mm(struct mm_struct *mm);
/*
 * A write fault at user address addr on a present page (from the program or
 * from the kernel's user access): 0 when the page was copy-on-write and is
 * now writable (retry the access), -EFAULT when the fault is a real one,
 * -ENOMEM when no page is left for the copy (kernel/mm/memory.c).
 */
int do_wp_page(struct mm_struct *mm, unsigned long addr);
/*
 * Is addr in one of mm's VMAs with no page there? Only a file mapping's
 * pages wholly past the file's end are left so: the fault is SIGBUS.
 */
bool fault_past_file_end(struct mm_struct *mm, unsigned long addr);
/*
 * Copy into mm at addr as its program could write there: only into VMAs
 * with VM_WRITE (a page shared with another process is copied first);
 * 0 or -EFAULT. clone()'s CLONE_CHILD_SETTID writes the child's id with
 * it, exec the new program's stack.
 */
int copy_to_mm(struct mm_struct *mm, unsigned long addr, const void *src, size_t len);
/* mm's byte at addr as the kernel writes it: in mm's own page (copied if shared), or NULL. */
void *mm_page_address(struct mm_struct *mm, unsigned long addr);

#endif
