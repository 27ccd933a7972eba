/*
 * slub_debug: kmalloc()'s checks for writes past an object and after
 * kfree(), in the manner of Linux's SLUB debugging (slub_debug on the
 * command line; off by default, since it costs on every kmalloc() and
 * kfree() and more than doubles the memory of small objects).
 *
 * With it each object of a cache has company (offsets from the object, of
 * a cache of `size` bytes; the slab page layout stays kernel/mm/slab.c's):
 *
 *   -8 .. 0            left red zone
 *   0 .. asked         the caller's bytes
 *   asked .. size      kmalloc red zone: what the cache rounds up
 *   size .. size + 8   right red zone
 *   then struct track  the free-list link, the callers, the size asked
 *
 * Objects stay aligned to their size: the distance between two is the
 * smallest multiple of the size that holds all of that. The red zones hold
 * 0xcc while the object is allocated, 0xbb while it is free; a free object
 * is poisoned, 0x6b with 0xa5 in its last byte (Linux's values). The
 * free-list link lives in the track, so poison covers the whole object.
 *
 * kmalloc() checks the free object it takes (poison intact: nobody wrote
 * after kfree()), kfree() the object it gets back (red zones intact:
 * nobody wrote past either end; not already free), kmalloc_validate() every
 * object there is. A broken one is reported like Linux's
 *   BUG kmalloc-64 (Not tainted): Right Redzone overwritten
 * with the first wrong byte, where the object was allocated and freed
 * (%pS), and repaired ("FIX ... Restoring"). The kernel carries on, as
 * Linux does: the report is what matters, and the corruption it found is
 * already done; later reports say "Tainted: B" (Linux's bad-page taint).
 */
#include <kernel/init.h>
#include <kernel/printk.h>
#include <kernel/slab.h>
#include <kernel/string.h>

#include "slab.h"

#define RED_ZONE		8
#define SLUB_RED_INACTIVE	0xbb
#define SLUB_RED_ACTIVE		0xcc
#define POISON_FREE		0x6b
#define POISON_END		0xa5

struct track {
	void *next_free;		/* the free-list link, while free */
	unsigned long alloc_caller;	/* kmalloc()'s caller */
	unsigned long free_caller;	/* kfree()'s, once freed */
	unsigned int asked;		/* the size kmalloc() was asked for; 0 while free */
};

struct slub_debug_report slub_debug_last_report;

bool slub_debug_enabled(void)
{
	return slub_debug;
}

static struct track *track_of(const struct kmem_cache *c, void *obj)
{
	return (struct track *)((char *)obj + c->size + RED_ZONE);
}

static unsigned long first_object(const struct kmem_cache *c)
{
	return ALIGN((unsigned long)sizeof(struct slab) + RED_ZONE, c->size);
}

static unsigned long stride(const struct kmem_cache *c)
{
	return ALIGN(RED_ZONE + c->size + RED_ZONE + sizeof(struct track), c->size);
}

static void **free_link(const struct kmem_cache *c, void *obj)
{
	return &track_of(c, obj)->next_free;
}

static void set_free(const struct kmem_cache *c, u8 *obj)
{
	memset(obj - RED_ZONE, SLUB_RED_INACTIVE, RED_ZONE);
	memset(obj, POISON_FREE, c->size - 1);
	obj[c->size - 1] = POISON_END;
	memset(obj + c->size, SLUB_RED_INACTIVE, RED_ZONE);
}

static void init_object(const struct kmem_cache *c, void *obj, void *next)
{
	memset(track_of(c, obj), 0, sizeof(struct track));
	track_of(c, obj)->next_free = next;
	set_free(c, obj);
}

static const u8 *first_wrong(const u8 *start, const u8 *end, u8 value)
{
	for (const u8 *p = start; p < end; p++)
		if (*p != value)
			return p;
	return NULL;
}

/*
 * Check that [start, end), the object's `what` ("Right Redzone"), holds
 * only `value`; if not, report it and put it back. 1 if it was wrong, else 0.
 */
static int check_bytes(const struct kmem_cache *c, u8 *obj, const char *what,
		       u8 *start, u8 *end, u8 value)
{
	const u8 *bad = first_wrong(start, end, value), *last;
	const struct track *t = track_of(c, obj);

	if (!bad)
		return 0;
	for (last = end - 1; *last == value; last--)
		;
	pr_err("=============================================================================\n");
	pr_err("BUG %s (%s): %s overwritten\n", c->name,
	       slub_debug_last_report.count ? "Tainted: B" : "Not tainted", what);
	pr_err("-----------------------------------------------------------------------------\n");
	pr_err("%p-%p @offset=%ld. First byte %#x instead of %#x\n", bad, last,
	       (long)(bad - obj), *bad, value);
	if (t->alloc_caller)
		pr_err("Allocated in %pS\n", (void *)t->alloc_caller);
	if (t->free_caller && !t->asked)
		pr_err("Freed in %pS\n", (void *)t->free_caller);
	if (t->asked)
		pr_err("Object %p: %u bytes, %u asked for\n", obj, c->size, t->asked);
	else
		pr_err("Object %p: %u bytes, free\n", obj, c->size);
	pr_err("FIX %s: Restoring %s %p-%p=%#x\n", c->name, what, start, end - 1, value);
	memset(start, value, end - start);
	slub_debug_last_report = (struct slub_debug_report){
		.count = slub_debug_last_report.count + 1, .what = what,
		.alloc_caller = t->alloc_caller, .free_caller = t->asked ? 0 : t->free_caller,
	};
	return 1;
}

/* A free object: poison and inactive red zones. */
static int check_free(const struct kmem_cache *c, u8 *obj)
{
	return check_bytes(c, obj, "Left Redzone", obj - RED_ZONE, obj,
			   SLUB_RED_INACTIVE) +
	       check_bytes(c, obj, "Poison", obj, obj + c->size - 1, POISON_FREE) +
	       check_bytes(c, obj, "Poison", obj + c->size - 1, obj + c->size,
			   POISON_END) +
	       check_bytes(c, obj, "Right Redzone", obj + c->size,
			   obj + c->size + RED_ZONE, SLUB_RED_INACTIVE);
}

/* An allocated object: active red zones, the kmalloc one from what was asked. */
static int check_allocated(const struct kmem_cache *c, u8 *obj)
{
	unsigned int asked = track_of(c, obj)->asked;

	return check_bytes(c, obj, "Left Redzone", obj - RED_ZONE, obj,
			   SLUB_RED_ACTIVE) +
	       check_bytes(c, obj, "kmalloc Redzone", obj + asked, obj + c->size,
			   SLUB_RED_ACTIVE) +
	       check_bytes(c, obj, "Right Redzone", obj + c->size,
			   obj + c->size + RED_ZONE, SLUB_RED_ACTIVE);
}

static int check_object(const struct kmem_cache *c, void *obj)
{
	return track_of(c, obj)->asked ? check_allocated(c, obj) : check_free(c, obj);
}

static void alloc_debug(const struct kmem_cache *c, void *obj, size_t size, unsigned long caller)
{
	struct track *t = track_of(c, obj);
	u8 *o = obj;

	check_free(c, obj);
	memset(o - RED_ZONE, SLUB_RED_ACTIVE, RED_ZONE);
	memset(o + size, SLUB_RED_ACTIVE, c->size - size + RED_ZONE);
	t->alloc_caller = caller;
	t->free_caller = 0;
	t->asked = size;
}

static bool free_debug(const struct kmem_cache *c, void *obj, unsigned long caller)
{
	struct track *t = track_of(c, obj);

	if (!t->asked) {
		pr_err("=============================================================================\n");
		pr_err("BUG %s (%s): Object already free\n", c->name,
		       slub_debug_last_report.count ? "Tainted: B" : "Not tainted");
		pr_err("-----------------------------------------------------------------------------\n");
		pr_err("Object %p freed again by %pS\n", obj, (void *)caller);
		if (t->alloc_caller)
			pr_err("Allocated in %pS\n", (void *)t->alloc_caller);
		pr_err("Freed in %pS\n", (void *)t->free_caller);
		pr_err("FIX %s: Object at %p not freed\n", c->name, obj);
		slub_debug_last_report = (struct slub_debug_report){
			.count = slub_debug_last_report.count + 1, .what = "Object already free",
			.alloc_caller = t->alloc_caller, .free_caller = t->free_caller,
		};
		return false;
	}
	check_allocated(c, obj);
	t->free_caller = caller;
	t->asked = 0;
	set_free(c, obj);
	return true;
}

static void use_whole(const struct kmem_cache *c, void *obj)
{
	track_of(c, obj)->asked = c->size;
}

static const struct slub_debug_ops checks = {
	.first_object	= first_object,
	.stride		= stride,
	.free_link	= free_link,
	.init_object	= init_object,
	.alloc		= alloc_debug,
	.free		= free_debug,
	.check_object	= check_object,
	.use_whole	= use_whole,
};

/* slub_debug on the command line: kmalloc() (kernel/mm/slab.c) calls the checks from now on. */
static int __init setup_slub_debug(char *val)
{
	(void)val;
	slub_debug = &checks;
	return 0;
}
early_param("slub_debug", setup_slub_debug);
