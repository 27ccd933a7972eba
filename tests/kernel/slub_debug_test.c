/*
 * The "slub_debug" suite: with slub_debug on the command line, kmalloc()'s
 * red zones and poison catch a write past an object (at kfree()), a write
 * after kfree() (at the next kmalloc() of that object, or at
 * kmalloc_validate()) and a second kfree(); each report names the caller
 * that allocated (and freed) the object, the object is repaired, and it is
 * handed out again as if nothing had happened. Each case breaks an object
 * on purpose, so the boot log shows the reports ("BUG kmalloc-64 ...").
 * Without the option every case is skipped; the *-debug-mm lines of
 * tests/matrix boot with it.
 */
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/slab.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

static bool skip_unless_on(struct ktest *t)
{
	if (slub_debug_enabled())
		return false;
	ktest_skip(t, "boot with slub_debug");
	return true;
}

/* Whether %pS names `fn` for this caller address (or a copy of it the compiler made, fn.part.0). */
static bool caller_in(unsigned long caller, const char *fn)
{
	char name[64];
	size_t n = strlen(fn);

	snprintf(name, sizeof(name), "%pS", (void *)caller);
	return strncmp(name, fn, n) == 0 && (name[n] == '+' || name[n] == '.');
}

/* One report more than `before`, about `what`. */
static void expect_report(struct ktest *t, unsigned long before, const char *what)
{
	KTEST_EXPECT_EQ(t, slub_debug_last_report.count, before + 1);
	if (slub_debug_last_report.count == before + 1)
		KTEST_EXPECT_STREQ(t, slub_debug_last_report.what, what);
}

static void clean_heap_validates(struct ktest *t)
{
	unsigned long before = slub_debug_last_report.count;

	if (skip_unless_on(t))
		return;
	KTEST_EXPECT_EQ(t, kmalloc_validate(), 0);
	KTEST_EXPECT_EQ(t, slub_debug_last_report.count, before);
}

/* Write one byte at `at` of an object of `size`; kfree() reports `what`; the object is fine again. */
static void write_past_end(struct ktest *t, size_t size, volatile size_t at, const char *what,
			   const char *fn)
{
	unsigned long before = slub_debug_last_report.count;
	u8 *p = kmalloc(size), *again;

	KTEST_ASSERT_TRUE(t, p != NULL);
	memset(p, 0x11, size);
	p[at] = 0x78;
	kfree(p);
	expect_report(t, before, what);
	KTEST_EXPECT_TRUE(t, caller_in(slub_debug_last_report.alloc_caller, fn));
	again = kmalloc(size);
	KTEST_EXPECT_TRUE(t, again == p);
	kfree(again);
	KTEST_EXPECT_EQ(t, slub_debug_last_report.count, before + 1);
}

/* kmalloc(60) gets a kmalloc-64 object: byte 60 is the kmalloc red zone, byte 64 the right one. */
static void write_past_object_reported(struct ktest *t)
{
	if (skip_unless_on(t))
		return;
	write_past_end(t, 60, 60, "kmalloc Redzone", "write_past_end");
	write_past_end(t, 64, 64, "Right Redzone", "write_past_end");
}

/*
 * Two objects of one slab, so that the page stays allocated while one of
 * them is free: objects are taken until two in a row share a page (the
 * first may be the last of a slab; the next two then start a new one).
 * One taken before the pair stays allocated in *spare (NULL if none),
 * freed by the caller at the end: freed early, it would put its full slab
 * back at the head of the cache's list, and p's slab would no longer be the
 * one the next kmalloc() takes from. false (and a skip) only without
 * memory. Never inlined: the cases expect its name as the allocating
 * caller (clang inlined it, and the report named the case instead).
 */
static __noinline bool alloc_pair(struct ktest *t, u8 **keep, u8 **p, u8 **spare)
{
	*spare = NULL;
	*keep = kmalloc(32);
	*p = kmalloc(32);
	if (*keep && *p && ((unsigned long)*keep ^ (unsigned long)*p) >= PAGE_SIZE) {
		*spare = *keep;
		*keep = *p;
		*p = kmalloc(32);
	}
	if (*keep && *p && ((unsigned long)*keep ^ (unsigned long)*p) < PAGE_SIZE)
		return true;
	kfree(*spare);
	kfree(*keep);
	kfree(*p);
	ktest_skip(t, "no memory for three kmalloc-32 objects");
	return false;
}

static void write_after_free_reported(struct ktest *t)
{
	unsigned long before = slub_debug_last_report.count;
	u8 *keep, *p, *spare, *again;

	if (skip_unless_on(t) || !alloc_pair(t, &keep, &p, &spare))
		return;
	kfree(p);
	p[5] = 0;	/* after kfree(): kmalloc_validate() finds it */
	KTEST_EXPECT_EQ(t, kmalloc_validate(), 1);
	expect_report(t, before, "Poison");
	KTEST_EXPECT_TRUE(t, caller_in(slub_debug_last_report.alloc_caller, "alloc_pair"));
	KTEST_EXPECT_TRUE(t, caller_in(slub_debug_last_report.free_caller,
				       "write_after_free_reported"));
	again = kmalloc(32);
	KTEST_EXPECT_TRUE(t, again == p);
	kfree(again);
	p[31] = 1;	/* again after kfree(): the next kmalloc() of it finds it */
	again = kmalloc(32);
	KTEST_EXPECT_TRUE(t, again == p);
	expect_report(t, before + 1, "Poison");
	kfree(again);
	kfree(keep);
	kfree(spare);
	KTEST_EXPECT_EQ(t, kmalloc_validate(), 0);
}

static void double_free_reported(struct ktest *t)
{
	unsigned long before = slub_debug_last_report.count;
	u8 *keep, *p, *spare, *a, *b;

	if (skip_unless_on(t) || !alloc_pair(t, &keep, &p, &spare))
		return;
	kfree(p);
	kfree(p);
	expect_report(t, before, "Object already free");
	/* The second kfree() was refused: p is on the free list once, not twice. */
	a = kmalloc(32);
	b = kmalloc(32);
	KTEST_EXPECT_TRUE(t, a == p);
	KTEST_EXPECT_TRUE(t, b != p);
	kfree(a);
	kfree(b);
	kfree(keep);
	kfree(spare);
	KTEST_EXPECT_EQ(t, slub_debug_last_report.count, before + 1);
}

static const struct ktest_case slub_debug_cases[] = {
	KTEST_CASE(clean_heap_validates),
	KTEST_CASE(write_past_object_reported),
	KTEST_CASE(write_after_free_reported),
	KTEST_CASE(double_free_reported),
	{}
};

static const struct ktest_suite slub_debug_suite = { "slub_debug", slub_debug_cases };
ktest_suite(slub_debug_suite);
