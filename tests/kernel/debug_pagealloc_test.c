/*
 * The "debug_pagealloc" suite: with debug_pagealloc=on a freed page is
 * unmapped from the direct map on every CPU, and a page handed out again
 * is mapped again. Checked by reading through the nofault accessor, which
 * returns -EFAULT where a plain load would oops (crash=pagealloc-uaf
 * shows that oops), on each CPU in turn (on_each_cpu()), after each CPU
 * has read the page once, so that a translation left in another CPU's TLB
 * would show. Without the option every case is skipped; the *-debug-mm
 * lines of tests/matrix boot with it.
 */
#include <kernel/errno.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/smp.h>
#include <kernel/uaccess.h>

struct remote_read {
	const u8 *addr;
	unsigned long pages;
	unsigned int faults[NR_CPUS];	/* pages that faulted, per CPU */
};

static void read_pages_here(void *info)
{
	struct remote_read *r = info;
	unsigned int cpu = smp_processor_id();

	r->faults[cpu] = 0;
	for (unsigned long i = 0; i < r->pages; i++) {
		u8 byte;

		if (copy_from_kernel_nofault(&byte, r->addr + i * PAGE_SIZE, 1) == -EFAULT)
			r->faults[cpu]++;
	}
}

/* Every online CPU reads each page of the block: how many CPUs saw every page fault, or none. */
static unsigned int cpus_faulting(const void *addr, unsigned int order, bool *mixed)
{
	struct remote_read r = { .addr = addr, .pages = 1ul << order };
	unsigned int n = 0, cpu;

	on_each_cpu(read_pages_here, &r, true);
	for_each_online_cpu(cpu) {
		if (r.faults[cpu] == r.pages)
			n++;
		else if (r.faults[cpu])
			*mixed = true;
	}
	return n;
}

static bool skip_unless_on(struct ktest *t)
{
	if (debug_pagealloc_enabled())
		return false;
	ktest_skip(t, "boot with debug_pagealloc=on");
	return true;
}

/* Read on every CPU while allocated, then freed: every CPU must fault on every page. */
static void check_freed_block_faults(struct ktest *t, unsigned int order)
{
	bool mixed = false;
	u8 *block = alloc_pages(order);

	KTEST_ASSERT_TRUE(t, block != NULL);
	for (unsigned long i = 0; i < 1ul << order; i++)
		block[i * PAGE_SIZE] = 0x5a;
	KTEST_EXPECT_EQ(t, cpus_faulting(block, order, &mixed), 0u);
	free_pages(block, order);
	KTEST_EXPECT_TRUE(t, page_is_free(__pa(block)));
	KTEST_EXPECT_EQ(t, cpus_faulting(block, order, &mixed), num_online_cpus());
	KTEST_EXPECT_FALSE(t, mixed);
}

static void freed_page_faults_on_every_cpu(struct ktest *t)
{
	if (!skip_unless_on(t))
		check_freed_block_faults(t, 0);
}

static void freed_block_faults_on_every_cpu(struct ktest *t)
{
	if (!skip_unless_on(t))
		check_freed_block_faults(t, 3);
}

/* The allocator hands the last page freed out first: it comes back mapped and writable. */
static void reallocated_page_is_mapped(struct ktest *t)
{
	bool mixed = false;
	u8 *page, *again;

	if (skip_unless_on(t))
		return;
	page = alloc_page();
	KTEST_ASSERT_TRUE(t, page != NULL);
	free_page(page);
	again = alloc_page();
	KTEST_ASSERT_TRUE(t, again != NULL);
	KTEST_EXPECT_TRUE(t, again == page);
	again[0] = 0xa5;
	again[PAGE_SIZE - 1] = 0xa5;
	KTEST_EXPECT_EQ(t, cpus_faulting(again, 0, &mixed), 0u);
	KTEST_EXPECT_FALSE(t, mixed);
	free_page(again);
}

static const struct ktest_case debug_pagealloc_cases[] = {
	KTEST_CASE(freed_page_faults_on_every_cpu),
	KTEST_CASE(freed_block_faults_on_every_cpu),
	KTEST_CASE(reallocated_page_is_mapped),
	{}
};

static const struct ktest_suite debug_pagealloc_suite = { "debug_pagealloc", debug_pagealloc_cases };
ktest_suite(debug_pagealloc_suite);
