/*
 * The "page_alloc" suite: the buddy allocator and free_initmem(), checked
 * by their effects: blocks are aligned, distinct and writable, freeing
 * merges them back (the free count returns exactly), and the init region's
 * pages really went to the allocator.
 */
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/sections.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

/*
 * The largest block the allocator can hand out now, or -1. RAM decides:
 * with MEM=8M no 4 MiB block (MAX_ORDER) may be free at all.
 */
static int largest_free_order(void)
{
	for (int order = MAX_ORDER; order >= 0; order--) {
		void *block = alloc_pages(order);

		if (block) {
			free_pages(block, order);
			return order;
		}
	}
	return -1;
}

/*
 * Take one block of each order top..0, largest first (so the small ones do
 * not split the only big one). All or nothing: if memory runs out, what was
 * taken goes back and the answer is false.
 */
static bool take_one_of_each(void **blocks, int top)
{
	for (int order = top; order >= 0; order--) {
		blocks[order] = alloc_pages(order);
		if (!blocks[order]) {
			while (++order <= top)
				free_pages(blocks[order], order);
			return false;
		}
	}
	return true;
}

/*
 * The first and last byte of each page of the block take the order: every
 * page is written (so mapped), at a small part of the cost of filling whole
 * blocks (8 MiB of them on a 128 MiB machine: 8 M instructions under -icount).
 */
static void mark_pages(u8 *block, int order)
{
	for (unsigned long i = 0; i < 1ul << order; i++) {
		block[i * PAGE_SIZE] = order;
		block[i * PAGE_SIZE + PAGE_SIZE - 1] = order;
	}
}

static unsigned long pages_marked_by_others(const u8 *block, int order)
{
	unsigned long n = 0;

	for (unsigned long i = 0; i < 1ul << order; i++)
		n += block[i * PAGE_SIZE] != order || block[i * PAGE_SIZE + PAGE_SIZE - 1] != order;
	return n;
}

static bool disjoint(const void *a, int order_a, const void *b, int order_b)
{
	unsigned long x = __pa(a), y = __pa(b);

	return x + (PAGE_SIZE << order_a) <= y || y + (PAGE_SIZE << order_b) <= x;
}

/*
 * One block of every order at once, up to the largest set this RAM holds:
 * 4 MiB + 2 MiB + ... needs 8 MiB free, so with MEM=8M the top orders are
 * skipped, with the reason. Every block taken is given back, whatever fails.
 */
static void blocks_aligned_and_distinct(struct ktest *t)
{
	static char skip_reason[100];
	void *blocks[MAX_ORDER + 1];
	unsigned long before = nr_free_pages();
	int top = largest_free_order();

	while (top >= 0 && !take_one_of_each(blocks, top))
		top--;
	KTEST_ASSERT_TRUE(t, top >= 0);
	for (int order = 0; order <= top; order++) {
		KTEST_EXPECT_TRUE(t, IS_ALIGNED(__pa(blocks[order]), PAGE_SIZE << order));
		mark_pages(blocks[order], order);
		for (int other = 0; other < order; other++)
			KTEST_EXPECT_TRUE(t, disjoint(blocks[order], order, blocks[other], other));
	}
	/* Each block still holds its own marks: none overlaps another. */
	for (int order = 0; order <= top; order++)
		KTEST_EXPECT_EQ(t, pages_marked_by_others(blocks[order], order), 0);
	KTEST_EXPECT_EQ(t, before - nr_free_pages(), (2ul << top) - 1);
	for (int order = 0; order <= top; order++)
		free_pages(blocks[order], order);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
	if (top < MAX_ORDER && !t->failed) {
		snprintf(skip_reason, sizeof(skip_reason), "orders above %d: no room for one block "
			 "of each order in %lu KiB free", top, before * (PAGE_SIZE / 1024));
		ktest_skip(t, skip_reason);
	}
}

/*
 * Free a big block page by page: the pages merge back into the block. The
 * lists are then as before the allocation (each merge puts its block at the
 * head of its list), so asking for the same order gives the same block.
 * (This case used to free pages it had not been given, which put one block
 * on two lists: later allocations then overlapped.)
 */
static void freed_buddies_merge(struct ktest *t)
{
	enum { ORDER = 4 };
	u8 *big;
	void *again;

	if (largest_free_order() < ORDER) {
		ktest_skip(t, "no free 64 KiB block in this RAM");
		return;
	}
	big = alloc_pages(ORDER);
	KTEST_ASSERT_TRUE(t, big != NULL);
	for (int i = 0; i < 1 << ORDER; i++)
		free_page(big + i * PAGE_SIZE);
	again = alloc_pages(ORDER);
	KTEST_EXPECT_TRUE(t, again == big);
	free_pages(again, ORDER);
}

/* Blocks of every order at once, after the others have been freed: none overlaps another. */
static void blocks_never_overlap(struct ktest *t)
{
	enum { ORDERS = 5 };	/* 124 KiB: enough to have caught orders 3 and 4 overlapping */
	u8 *block[ORDERS];

	if (nr_free_pages() < 2 << ORDERS) {
		ktest_skip(t, "less than 256 KiB free in this RAM");
		return;
	}

	for (unsigned int order = 0; order < ORDERS; order++) {
		block[order] = alloc_pages(order);
		KTEST_ASSERT_TRUE(t, block[order] != NULL);
	}
	for (unsigned int a = 0; a < ORDERS; a++)
		for (unsigned int b = a + 1; b < ORDERS; b++)
			KTEST_EXPECT_TRUE(t, block[a] + (PAGE_SIZE << a) <= block[b] ||
					     block[b] + (PAGE_SIZE << b) <= block[a]);
	for (unsigned int order = 0; order < ORDERS; order++)
		free_pages(block[order], order);
}

static void exhaustion_returns_null(struct ktest *t)
{
	KTEST_EXPECT_TRUE(t, alloc_pages(MAX_ORDER + 1) == NULL);
}

/* free_initmem() gave exactly the init region's pages to the allocator. */
static void initmem_pages_returned(struct ktest *t)
{
	unsigned long init_pages = (__init_end - __init_begin) / PAGE_SIZE;

	KTEST_EXPECT_EQ(t, initmem_freed_pages, init_pages);
	KTEST_EXPECT_EQ(t, initmem_free_pages_after - initmem_free_pages_before, init_pages);
}

static const struct ktest_case page_alloc_cases[] = {
	KTEST_CASE(blocks_aligned_and_distinct),
	KTEST_CASE(freed_buddies_merge),
	KTEST_CASE(blocks_never_overlap),
	KTEST_CASE(exhaustion_returns_null),
	KTEST_CASE(initmem_pages_returned),
	{}
};

static const struct ktest_suite page_alloc_suite = { "page_alloc", page_alloc_cases };
ktest_suite(page_alloc_suite);
