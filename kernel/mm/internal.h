/*
 * What the page allocator (kernel/mm/page_alloc.c) shares with the rest of
 * kernel/mm: struct page, one per page of RAM in mem_map[], and the count
 * of an allocated page's users. Private to kernel/mm (Linux's mm/internal.h
 * and page_ref.h).
 *
 * fork() shares a user page between parent and child instead of copying it
 * (kernel/mm/memory.c): get_page() for each new sharer, put_page() when one
 * lets go (munmap(), exit, a copy made on a write), which frees the page
 * with the last. alloc_pages() sets the count of a block's first page to 1.
 */
#ifndef _MM_INTERNAL_H
#define _MM_INTERNAL_H

#include <asm/page.h>
#include <kernel/atomic.h>
#include <kernel/list.h>
#include <kernel/mm.h>

struct page {
	struct list_head buddy_list;	/* on free_lists[order] while it heads a free block */
	atomic_t _refcount;		/* while allocated (a block's first page): its users */
};

extern struct page *mem_map;		/* mem_map[0] is the page at min_pfn */
extern unsigned long min_pfn;

static inline struct page *virt_to_page(const void *addr)
{
	return &mem_map[(__pa(addr) >> PAGE_SHIFT) - min_pfn];
}

static inline int page_count(const void *addr)
{
	return atomic_read(&virt_to_page(addr)->_refcount);
}

static inline void get_page(const void *addr)
{
	atomic_inc(&virt_to_page(addr)->_refcount);
}

/* One user fewer: the last one frees the page. */
static inline void put_page(void *addr)
{
	if (!atomic_add_return(-1, &virt_to_page(addr)->_refcount))
		free_page(addr);
}

struct mm_struct;
struct vm_area_struct;

/* The VMA of mm holding addr, or NULL (memory.c; Linux's vma_lookup()). */
struct vm_area_struct *vma_lookup(struct mm_struct *mm, unsigned long addr);
/* kernel/mm/mmap.c, for the mappings made elsewhere (filemap.c). */
/* A new mapping's checks (-EINVAL, -EEXIST when it overlaps one); 0 and its end. */
int vma_check(struct mm_struct *mm, unsigned long addr, unsigned long len, unsigned int prot,
	      unsigned long *end);
/* Into mm's list, sorted, merged with a neighbour it continues. */
void insert_vma(struct mm_struct *mm, struct vm_area_struct *vma);
/* Unmap [start, end), a user fewer for each page; holes are skipped. */
void unmap_range(struct mm_struct *mm, unsigned long start, unsigned long end);

/* fork(): share every page of vma (mapped in src) with dst, both read-only (memory.c). */
int copy_page_range(struct mm_struct *dst, struct mm_struct *src, struct vm_area_struct *vma);
/* The page at addr becomes mm's alone (copied if shared), to be written: 0 or -errno. */
int unshare_page(struct mm_struct *mm, unsigned long addr);
/* mprotect() of [start, end): prot on every page, but never write on a shared one. */
void change_protection(struct mm_struct *mm, unsigned long start, unsigned long end,
		       unsigned int prot);

#endif
