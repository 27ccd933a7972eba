/*
 * What kmalloc() (kernel/mm/slab.c) and its debugging checks
 * (kernel/mm/slub_debug.c) share: the slab header, the cache, and the
 * checks' interface. Private to kernel/mm (Linux's mm/slab.h).
 */
#ifndef _MM_SLAB_H
#define _MM_SLAB_H

#include <kernel/compiler.h>
#include <kernel/list.h>
#include <kernel/slab.h>
#include <kernel/spinlock.h>
#include <kernel/types.h>

struct kmem_cache;

/* At the start of every slab page and every large block; the size of one cache line. */
struct slab {
	struct list_head slab_list;	/* on the cache's partial (or, with slub_debug, full) list */
	struct kmem_cache *cache;	/* NULL: a large block of 2^order pages */
	void *freelist;
	unsigned int inuse;
	unsigned int order;
	u32 magic;
} __aligned(KMALLOC_LARGE_ALIGN);

struct kmem_cache {
	const char *name;
	unsigned int size;
	spinlock_t lock;
	struct list_head partial;	/* slabs with a free object */
	struct list_head full;		/* with slub_debug: slabs without one, for kmalloc_validate() */
};

/*
 * slub_debug, a tools-layer file (kernel/mm/slub_debug.c), sets this from
 * its early_param before the first kmalloc(); NULL, the default and the mini
 * kernel's, is no debugging. So kmalloc() tests one pointer on each path and
 * names no function of the layer. The debug layout of a cache's objects
 * (slub_debug.c has the picture): where the first object of a slab lies, the
 * distance between objects, where a free object keeps its free-list link.
 */
struct slub_debug_ops {
	unsigned long (*first_object)(const struct kmem_cache *c);
	unsigned long (*stride)(const struct kmem_cache *c);
	void **(*free_link)(const struct kmem_cache *c, void *obj);
	/* A new slab's object: poisoned, red zones inactive, `next` its free-list link. */
	void (*init_object)(const struct kmem_cache *c, void *obj, void *next);
	/* Taken off the free list for a request of `size` bytes from `caller` (cache lock held). */
	void (*alloc)(const struct kmem_cache *c, void *obj, size_t size, unsigned long caller);
	/* Given back by `caller`: false when it must not go on the free list (already free). */
	bool (*free)(const struct kmem_cache *c, void *obj, unsigned long caller);
	/* Check one object, free or not, and repair what is broken: the number of reports made. */
	int (*check_object)(const struct kmem_cache *c, void *obj);
	/* ksize() told the caller the whole object is usable: it no longer has a kmalloc red zone. */
	void (*use_whole)(const struct kmem_cache *c, void *obj);
};
extern const struct slub_debug_ops *slub_debug;

#endif
