/*
 * The "kmalloc" suite: kmalloc() and kfree() (kernel/mm/slab.c), checked by
 * their effects: each size lands in the right cache and gets at least the
 * room it asked for, objects are aligned and never overlap, a freed object
 * is handed out again, a slab whose objects are all freed goes back to the
 * page allocator, and every CPU may allocate at once. ktest's leak check
 * (free pages before and after each case) holds every case to giving back
 * all it took.
 */
#include <asm/processor.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/slab.h>
#include <kernel/smp.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>
#include <kernel/time.h>

static const size_t sizes[] = {
	1, 7, 8, 9, 16, 24, 33, 64, 100, 128, 200, 256, 500, 512, 1000, 1024, 1025,
	2048, 4000, PAGE_SIZE, 3 * PAGE_SIZE, 5 * PAGE_SIZE + 1,
};

/*
 * Each case takes at most this many pages at once (with what the slabs
 * round up); on a machine with less free (x86_64 with -m 2M has under
 * 100 KiB left when the tests run) it is skipped, with the reason.
 */
#define CASE_PAGES	64

static bool short_of_memory(struct ktest *t)
{
	static char reason[80];

	if (nr_free_pages() >= CASE_PAGES)
		return false;
	snprintf(reason, sizeof(reason), "needs %lu KiB free, this RAM has %lu KiB",
		 CASE_PAGES * (PAGE_SIZE / 1024ul), nr_free_pages() * (PAGE_SIZE / 1024));
	ktest_skip(t, reason);
	return true;
}

/* The cache a size should land in: the smallest power of two that holds it. */
static size_t expected_cache(size_t size)
{
	size_t c = KMALLOC_MIN_SIZE;

	while (c < size)
		c <<= 1;
	return c;
}

static void sizes_land_in_their_cache(struct ktest *t)
{
	void *p[ARRAY_SIZE(sizes)];

	if (short_of_memory(t))
		return;
	for (unsigned int i = 0; i < ARRAY_SIZE(sizes); i++) {
		size_t want = expected_cache(sizes[i]);
		const char *name = kmalloc_cache_name(sizes[i]);

		p[i] = kmalloc(sizes[i]);
		KTEST_ASSERT_TRUE(t, p[i] != NULL);
		KTEST_EXPECT_GE(t, ksize(p[i]), sizes[i]);
		if (want <= KMALLOC_MAX_CACHE_SIZE) {
			char expect[16];

			snprintf(expect, sizeof(expect), "kmalloc-%u", (unsigned int)want);
			KTEST_ASSERT_TRUE(t, name != NULL);
			KTEST_EXPECT_STREQ(t, name, expect);
			KTEST_EXPECT_EQ(t, ksize(p[i]), want);
		} else {
			KTEST_EXPECT_TRUE(t, name == NULL);
		}
		memset(p[i], i + 1, sizes[i]);
	}
	/* Every object still holds its own pattern, first byte to last: none overlaps. */
	for (unsigned int i = 0; i < ARRAY_SIZE(sizes); i++) {
		const u8 *b = p[i];

		KTEST_EXPECT_EQ(t, b[0], i + 1);
		KTEST_EXPECT_EQ(t, b[sizes[i] - 1], i + 1);
		kfree(p[i]);
	}
}

static void objects_are_aligned(struct ktest *t)
{
	enum { N = 8 };
	void *p[N];

	if (short_of_memory(t))
		return;
	for (size_t size = KMALLOC_MIN_SIZE; size <= 2 * PAGE_SIZE; size <<= 1) {
		size_t align = size <= KMALLOC_MAX_CACHE_SIZE ? size : KMALLOC_LARGE_ALIGN;

		for (int i = 0; i < N; i++) {
			p[i] = kmalloc(size);
			KTEST_ASSERT_TRUE(t, p[i] != NULL);
			KTEST_EXPECT_TRUE(t, IS_ALIGNED((unsigned long)p[i], align));
			/* No object starts a page: kfree() finds the header there. */
			KTEST_EXPECT_FALSE(t, IS_ALIGNED((unsigned long)p[i], PAGE_SIZE));
		}
		for (int i = 0; i < N; i++)
			kfree(p[i]);
	}
}

static void freed_object_is_reused(struct ktest *t)
{
	u8 *p, *q;

	if (short_of_memory(t))
		return;
	p = kmalloc(48);
	KTEST_ASSERT_TRUE(t, p != NULL);
	memset(p, 0xa5, 48);
	kfree(p);
	q = kzalloc(40);
	KTEST_EXPECT_TRUE(t, q == p);
	for (int i = 0; i < 40; i++)
		KTEST_EXPECT_EQ(t, q[i], 0);
	kfree(q);
}

static void empty_slabs_go_back(struct ktest *t)
{
	enum { N = 400 };	/* several pages' worth of 64-byte objects */
	unsigned long before;
	void **p;

	if (short_of_memory(t))
		return;
	p = alloc_page();	/* the pointers: a page, not the image's bss */
	KTEST_ASSERT_TRUE(t, p != NULL && N * sizeof(*p) <= PAGE_SIZE);
	before = nr_free_pages();
	for (int i = 0; i < N; i++) {
		p[i] = kmalloc(64);
		KTEST_ASSERT_TRUE(t, p[i] != NULL);
	}
	/* At most 63 objects fit in a page beside its header. */
	KTEST_EXPECT_GE(t, before - nr_free_pages(), N / 63);
	ktest_diag("kmalloc: %d objects of kmalloc-64 took %lu page(s)", N, before - nr_free_pages());
	for (int i = 0; i < N; i++)
		kfree(p[i]);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
	free_page(p);
}

static void large_requests_take_pages(struct ktest *t)
{
	unsigned long before = nr_free_pages();
	void *p;

	if (short_of_memory(t))
		return;
	p = kmalloc(2 * PAGE_SIZE);
	KTEST_ASSERT_TRUE(t, p != NULL);
	/* Two pages plus the header need an order-2 block. */
	KTEST_EXPECT_EQ(t, before - nr_free_pages(), 4);
	kfree(p);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
	KTEST_EXPECT_TRUE(t, kmalloc(PAGE_SIZE << MAX_ORDER) == NULL);
	KTEST_EXPECT_TRUE(t, kmalloc(0) == NULL);
	kfree(NULL);
}

#define CHURN_US	20000	/* how long each CPU allocates and frees, at most */
#define CHURN_ROUNDS	36	/* and how many rounds: each size in each slot 4 times */

static DEFINE_PER_CPU(unsigned long, bad_objects);
static DEFINE_PER_CPU(unsigned long, rounds);

/* Allocate, fill with this CPU's mark, check, free: all sizes, CHURN_ROUNDS or CHURN_US. */
static void churn(void *info)
{
	enum { HELD = 8 };
	u64 end = get_cycles() + cycle_freq_hz * CHURN_US / 1000000;
	u8 mark = 0x40 + smp_processor_id();
	u8 *p[HELD];

	(void)info;
	/* At least one round: the host may hold this virtual CPU back past the end. */
	for (unsigned int round = 0; !round || (round < CHURN_ROUNDS && get_cycles() < end);
	     round++) {
		for (unsigned int i = 0; i < HELD; i++) {
			size_t size = 8u << ((round + i) % 9);

			p[i] = kmalloc(size);
			if (!p[i]) {
				this_cpu_inc(bad_objects);
				continue;
			}
			memset(p[i], mark, size);
		}
		for (unsigned int i = 0; i < HELD; i++) {
			size_t size = 8u << ((round + i) % 9);

			if (p[i] && (p[i][0] != mark || p[i][size - 1] != mark))
				this_cpu_inc(bad_objects);
			kfree(p[i]);
		}
		this_cpu_inc(rounds);
	}
}

static void every_cpu_at_once(struct ktest *t)
{
	unsigned int cpu;

	if (short_of_memory(t))
		return;
	unsigned long total = 0;

	for_each_possible_cpu(cpu)
		per_cpu(bad_objects, cpu) = per_cpu(rounds, cpu) = 0;
	on_each_cpu(churn, NULL, true);
	for_each_online_cpu(cpu) {
		KTEST_EXPECT_EQ(t, per_cpu(bad_objects, cpu), 0);
		KTEST_EXPECT_GT(t, per_cpu(rounds, cpu), 0);
		total += per_cpu(rounds, cpu);
	}
	ktest_diag("kmalloc: %lu rounds of 8 kmalloc/kfree on %u CPU(s) at once", total,
		   num_online_cpus());
}

static const struct ktest_case slab_cases[] = {
	KTEST_CASE(sizes_land_in_their_cache),
	KTEST_CASE(objects_are_aligned),
	KTEST_CASE(freed_object_is_reused),
	KTEST_CASE(empty_slabs_go_back),
	KTEST_CASE(large_requests_take_pages),
	KTEST_CASE(every_cpu_at_once),
	{}
};

static const struct ktest_suite slab_suite = { "kmalloc", slab_cases };
ktest_suite(slab_suite);
