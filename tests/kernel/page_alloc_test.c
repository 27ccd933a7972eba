/*
 * The "page_alloc" suite: the buddy allocator and free_initmem(), checked
 * by their effects: blocks are aligned, distinct and writable, freeing
 * merges them back (the free count returns exactly), and the init region's
 * pages really went to the allocator.
 */
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/sections.h>
#include <kernel/string.h>

static void blocks_aligned_and_distinct(struct ktest *t)
{
	void *blocks[MAX_ORDER + 1];
	unsigned long before = nr_free_pages();

	for (unsigned int order = 0; order <= MAX_ORDER; order++) {
		blocks[order] = alloc_pages(order);
		KTEST_ASSERT_TRUE(t, blocks[order] != NULL);
		KTEST_EXPECT_TRUE(t, IS_ALIGNED(__pa(blocks[order]), PAGE_SIZE << order));
		memset(blocks[order], order, PAGE_SIZE << order);
	}
	/* Each block still holds its own pattern: none overlaps another. */
	for (unsigned int order = 0; order <= MAX_ORDER; order++) {
		const u8 *b = blocks[order];

		KTEST_EXPECT_EQ(t, b[0], order);
		KTEST_EXPECT_EQ(t, b[(PAGE_SIZE << order) - 1], order);
	}
	KTEST_EXPECT_EQ(t, before - nr_free_pages(), (2ul << MAX_ORDER) - 1);
	for (unsigned int order = 0; order <= MAX_ORDER; order++)
		free_pages(blocks[order], order);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

/* Split a big block into pages, free them all: they merge back into one. */
static void freed_buddies_merge(struct ktest *t)
{
	enum { ORDER = 4 };
	u8 *big = alloc_pages(ORDER);
	void *again;

	KTEST_ASSERT_TRUE(t, big != NULL);
	free_pages(big, ORDER);
	for (int i = 0; i < 1 << ORDER; i++)
		KTEST_EXPECT_TRUE(t, alloc_page() != NULL);
	/* Hand the pages back one by one, then ask for the whole block again. */
	for (int i = 0; i < 1 << ORDER; i++)
		free_page(big + i * PAGE_SIZE);
	again = alloc_pages(ORDER);
	KTEST_EXPECT_TRUE(t, again == big);
	free_pages(again, ORDER);
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
	KTEST_CASE(exhaustion_returns_null),
	KTEST_CASE(initmem_pages_returned),
	{}
};

static const struct ktest_suite page_alloc_suite = { "page_alloc", page_alloc_cases };
ktest_suite(page_alloc_suite);
