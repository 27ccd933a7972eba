/*
 * kmalloc() and kfree(): small objects carved from pages of the buddy
 * allocator, in the spirit of Linux's slab allocators (this is much like
 * its SLOB-era "one page, one header" layout, with SLUB's free lists).
 *
 * There is one cache per power of two from KMALLOC_MIN_SIZE to
 * KMALLOC_MAX_CACHE_SIZE. A cache's slabs are single pages; each page
 * starts with a struct slab and holds objects of one size after it, each
 * aligned to that size. The free objects of a slab form a list threaded
 * through their own first word. A cache keeps the slabs that have a free
 * object on its `partial` list; a full slab is on no list, and a slab whose
 * last object is freed goes straight back to the page allocator, so memory
 * freed is memory the page allocator sees again.
 *
 * kfree() needs no size: rounding the pointer down to its page finds the
 * header. A request larger than the biggest cache gets a block of 2^order
 * pages whose header says only its order (cache NULL); the caller's bytes
 * start after it. No object is ever page-aligned, so a page-aligned pointer
 * given to kfree() is caught as a bug.
 *
 * Each cache has its own lock, taken with interrupts off so that any CPU,
 * and an interrupt handler, may allocate; the page allocator has its own.
 *
 * With slub_debug on the command line the objects lie further apart,
 * between red zones (kernel/mm/slub_debug.c, in the tools layer: it sets
 * the slub_debug pointer), the free-list link moves beside the object, and
 * full slabs are listed too.
 */
#include <kernel/bug.h>
#include <kernel/compiler.h>
#include <kernel/export.h>
#include <kernel/list.h>
#include <kernel/mm.h>
#include <kernel/slab.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>

#include "slab.h"

#define SLAB_MAGIC	0x51ab51abu

/* The debug checks, when slub_debug set them up (kernel/mm/slab.h); NULL: none. */
const struct slub_debug_ops *slub_debug;

/* Cache i holds objects of n bytes; its partial list starts empty. */
#define CACHE(i, n)	[i] = { "kmalloc-" #n, n, __SPIN_LOCK_UNLOCKED,		\
			       LIST_HEAD_INIT(kmalloc_caches[i].partial),	\
			       LIST_HEAD_INIT(kmalloc_caches[i].full) }

static struct kmem_cache kmalloc_caches[] = {
	CACHE(0, 8), CACHE(1, 16), CACHE(2, 32), CACHE(3, 64),
	CACHE(4, 128), CACHE(5, 256), CACHE(6, 512), CACHE(7, 1024),
};

static struct kmem_cache *cache_for(size_t size)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(kmalloc_caches); i++)
		if (size <= kmalloc_caches[i].size)
			return &kmalloc_caches[i];
	return NULL;
}

const char *kmalloc_cache_name(size_t size)
{
	struct kmem_cache *c = cache_for(size);

	return c ? c->name : NULL;
}

/* A header for a fresh page or block (memset: clang would call __aeabi_memclr4 for `= {}`). */
static void slab_init(struct slab *s, struct kmem_cache *c, unsigned int order)
{
	memset(s, 0, sizeof(*s));
	s->cache = c;
	s->order = order;
	s->magic = SLAB_MAGIC;
}

static struct slab *slab_of(const void *p)
{
	return (struct slab *)((unsigned long)p & ~(unsigned long)(PAGE_SIZE - 1));
}

/* Where a slab's first object goes: after the header, aligned to the object size. */
static unsigned long first_object(const struct kmem_cache *c)
{
	if (unlikely(slub_debug))
		return slub_debug->first_object(c);
	return ALIGN((unsigned long)sizeof(struct slab), c->size);
}

static unsigned long object_stride(const struct kmem_cache *c)
{
	return unlikely(slub_debug) ? slub_debug->stride(c) : c->size;
}

/* Objects start before this offset: what follows the last one (slub_debug's) fits too. */
static unsigned long objects_end(const struct kmem_cache *c)
{
	return PAGE_SIZE - (object_stride(c) - c->size);
}

/* A fresh page cut into objects, all on its free list; NULL when pages ran out. */
static struct slab *new_slab(struct kmem_cache *c)
{
	unsigned long stride = object_stride(c), end = objects_end(c);
	struct slab *s = alloc_page();
	void **link;

	if (!s)
		return NULL;
	slab_init(s, c, 0);
	link = &s->freelist;
	for (unsigned long off = first_object(c); off + c->size <= end; off += stride) {
		*link = (char *)s + off;
		link = (void **)*link;
	}
	*link = NULL;
	/* With slub_debug each link moves beside its object, which is poisoned. */
	if (unlikely(slub_debug))
		for (void *obj = s->freelist, *next; obj; obj = next) {
			next = *(void **)obj;
			slub_debug->init_object(c, obj, next);
		}
	return s;
}

/* With slub_debug, a slab that became full is kept on a list too, for kmalloc_validate(). */
static void slab_now_full(struct kmem_cache *c, struct slab *s)
{
	list_del(&s->slab_list);
	if (unlikely(slub_debug))
		list_add(&s->slab_list, &c->full);
}

/* One test of slub_debug on each path: a few instructions are all it costs when off. */
static __always_inline void *cache_alloc(struct kmem_cache *c, size_t size, unsigned long caller)
{
	struct slab *s;
	unsigned long flags;
	void *obj;

	spin_lock_irqsave(&c->lock, flags);
	if (list_empty(&c->partial)) {
		s = new_slab(c);
		if (!s) {
			spin_unlock_irqrestore(&c->lock, flags);
			return NULL;
		}
		list_add(&s->slab_list, &c->partial);
	}
	s = list_first_entry(&c->partial, struct slab, slab_list);
	obj = s->freelist;
	if (unlikely(slub_debug)) {
		s->freelist = *slub_debug->free_link(c, obj);
		slub_debug->alloc(c, obj, size, caller);
	} else {
		s->freelist = *(void **)obj;
	}
	s->inuse++;
	if (!s->freelist)
		slab_now_full(c, s);
	spin_unlock_irqrestore(&c->lock, flags);
	return obj;
}

static __always_inline void cache_free(struct kmem_cache *c, struct slab *s, void *obj,
				       unsigned long caller)
{
	unsigned long flags;
	void **link = obj;

	spin_lock_irqsave(&c->lock, flags);
	if (unlikely(slub_debug)) {
		if (!slub_debug->free(c, obj, caller)) {
			spin_unlock_irqrestore(&c->lock, flags);
			return;
		}
		link = slub_debug->free_link(c, obj);
		if (!s->freelist)
			list_del(&s->slab_list);	/* from the full list */
	}
	if (!s->freelist)
		list_add(&s->slab_list, &c->partial);
	*link = s->freelist;
	s->freelist = obj;
	if (--s->inuse == 0) {
		list_del(&s->slab_list);
		s->magic = 0;
		free_page(s);
	}
	spin_unlock_irqrestore(&c->lock, flags);
}

static unsigned int large_order(size_t size)
{
	unsigned int order = 0;

	while ((PAGE_SIZE << order) - sizeof(struct slab) < size) {
		if (++order > MAX_ORDER)
			return order;
	}
	return order;
}

/* caller: who asked, for slub_debug's reports. */
static __always_inline void *__kmalloc(size_t size, unsigned long caller)
{
	struct kmem_cache *c;
	struct slab *s;
	unsigned int order;

	if (!size)
		return NULL;
	c = cache_for(size);
	if (c)
		return cache_alloc(c, size, caller);
	order = large_order(size);
	if (order > MAX_ORDER)
		return NULL;
	s = alloc_pages(order);
	if (!s)
		return NULL;
	slab_init(s, NULL, order);
	return s + 1;
}

void *kmalloc(size_t size)
{
	return __kmalloc(size, _RET_IP_);
}
EXPORT_SYMBOL(kmalloc);

void *kzalloc(size_t size)
{
	void *p = __kmalloc(size, _RET_IP_);

	if (p)
		memset(p, 0, size);
	return p;
}
EXPORT_SYMBOL(kzalloc);

/* The header of a live object, or NULL (with a warning) for a pointer kmalloc() never gave. */
static struct slab *checked_slab(const void *p)
{
	struct slab *s = slab_of(p);

	if (WARN_ON(s == p || s->magic != SLAB_MAGIC))
		return NULL;
	return s;
}

void kfree(const void *p)
{
	struct slab *s;

	if (!p)
		return;
	s = checked_slab(p);
	if (!s)
		return;
	if (s->cache) {
		cache_free(s->cache, s, (void *)p, _RET_IP_);
	} else {
		s->magic = 0;
		free_pages(s, s->order);
	}
}
EXPORT_SYMBOL(kfree);

size_t ksize(const void *p)
{
	struct slab *s = checked_slab(p);

	if (!s)
		return 0;
	if (s->cache && slub_debug)
		slub_debug->use_whole(s->cache, (void *)p);
	return s->cache ? s->cache->size : (PAGE_SIZE << s->order) - sizeof(struct slab);
}

/* Check every object of every cache (Linux: /sys/kernel/slab/NAME/validate): reports made. */
int kmalloc_validate(void)
{
	int reports = 0;

	if (!slub_debug)
		return 0;
	for (unsigned int i = 0; i < ARRAY_SIZE(kmalloc_caches); i++) {
		struct kmem_cache *c = &kmalloc_caches[i];
		struct list_head *lists[] = { &c->partial, &c->full }, *pos;
		unsigned long flags;

		spin_lock_irqsave(&c->lock, flags);
		for (unsigned int l = 0; l < ARRAY_SIZE(lists); l++) {
			list_for_each(pos, lists[l]) {
				char *s = (char *)list_entry(pos, struct slab, slab_list);

				for (unsigned long off = first_object(c);
				     off + c->size <= objects_end(c); off += object_stride(c))
					reports += slub_debug->check_object(c, s + off);
			}
		}
		spin_unlock_irqrestore(&c->lock, flags);
	}
	return reports;
}
