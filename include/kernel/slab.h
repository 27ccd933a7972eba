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

/* The name of the cache a request of size bytes comes from ("kmalloc-32"); NULL for pages. */
const char *kmalloc_cache_name(size_t size);

#endif
