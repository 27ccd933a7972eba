/*
 * kmalloc(): memory in bytes rather than pages, from any CPU.
 *
 *   struct inode *i = kzalloc(sizeof(*i));   ...   kfree(i);
 *
 * Requests up to KMALLOC_MAX_CACHE_SIZE come from the power-of-two caches
 * "kmalloc-8" ... "kmalloc-1024", each made of one-page slabs; a bigger
 * request gets its own block of pages from the buddy allocator. An object
 * of a cache is aligned to its cache's size; a bigger block to
 * KMALLOC_LARGE_ALIGN. Linux takes GFP flags too; here every caller may
 * wait for nothing (memory runs out or not), so there are none.
 */
#ifndef _KERNEL_SLAB_H
#define _KERNEL_SLAB_H

#include <kernel/types.h>

#define KMALLOC_MIN_SIZE	8
#define KMALLOC_MAX_CACHE_SIZE	1024
#define KMALLOC_LARGE_ALIGN	64

/* size bytes, or NULL when memory runs out (or size is 0). */
void *kmalloc(size_t size);
/* The same, zeroed. */
void *kzalloc(size_t size);
/* Give back what kmalloc() returned; NULL is allowed. */
void kfree(const void *p);
/* How many bytes the object at p really has room for (at least what was asked). */
size_t ksize(const void *p);

/*
 * slub_debug on the command line (kernel/mm/slub_debug.c): each object
 * between red zones, poisoned while free, with its callers recorded;
 * kmalloc() and kfree() check, and kmalloc_validate() checks every object
 * now. A broken object is reported as Linux's SLUB does ("BUG kmalloc-64
 * (Not tainted): Right Redzone overwritten", "Allocated in fn+0x1c/0x40"),
 * repaired, and the kernel goes on. Returns the number of reports made.
 */
int kmalloc_validate(void);
/* What the last report said, for the self-tests: how many so far, and about what. */
struct slub_debug_report {
	unsigned long count;
	const char *what;		/* "Right Redzone overwritten" ... */
	unsigned long alloc_caller;	/* kmalloc()'s caller, 0 if unknown */
	unsigned long free_caller;	/* kfree()'s, for a free object */
};
extern struct slub_debug_report slub_debug_last_report;
bool slub_debug_enabled(void);

/* The name of the cache a request of size bytes comes from ("kmalloc-32"); NULL for pages. */
const char *kmalloc_cache_name(size_t size);

#endif
