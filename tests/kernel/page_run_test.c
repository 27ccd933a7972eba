/*
 * The "page_run" suite: runs of page-table entries (include/kernel/mmu_context.h:
 * map_user_pages(), unmap_user_pages(), share_user_pages()), which walk the tables once
 * per table, not once per page, and on ARM pay the walker's and the TLB's barriers once
 * per run. What a walk once per table can get wrong is the table boundary, so every run
 * here crosses one: RUN_VA is eight pages before 4 MiB, where an x86_64 page table (2 MiB)
 * and an ARM second-level table (1 MiB) both end.
 *
 * - A run maps each page at its own address; unmapping a run that starts in a hole gives
 *   back each page where it was and 0 in the hole.
 * - A run that meets a mapped page fails with -EEXIST, and none of its pages stays mapped;
 *   a run that would pass TASK_SIZE is refused whole (-EINVAL).
 * - A run is shared into another table with its hole: read-only on both sides.
 * - The TLB forgets an unmapped run: the kernel's read of each page worked before (and so
 *   filled the TLB), and faults after; and a writable entry made read-only by sharing or
 *   by protect_user_page(): a store that went through before faults after.
 */
#include <asm/irqflags.h>
#include <kernel/errno.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/mmu_context.h>
#include <kernel/sched.h>
#include <kernel/uaccess.h>

#define RUN		16
#define RUN_VA		(0x400000ul - 8 * PAGE_SIZE)
#define HOLE_START	5	/* share_run_keeps_holes leaves pages 5..9 unmapped */
#define HOLE_END	10

/* A pointer as a number, for KTEST_EXPECT_EQ()'s message. */
static unsigned long addr(const void *p)
{
	return (unsigned long)p;
}

static unsigned long va_of(int i)
{
	return RUN_VA + i * PAGE_SIZE;
}

/* RUN pages, each holding its own index. */
static bool alloc_run(void **pages)
{
	for (int i = 0; i < RUN; i++) {
		pages[i] = alloc_page();
		if (!pages[i]) {
			while (i--)
				free_page(pages[i]);
			return false;
		}
		*(unsigned long *)pages[i] = i;
	}
	return true;
}

static void free_run(void **pages)
{
	for (int i = 0; i < RUN; i++)
		free_page(pages[i]);
}

/* Each page of pgd's run as expected (NULL: not mapped), with prot. */
static void expect_run(struct ktest *t, void *pgd, void *const *expected, unsigned int prot)
{
	for (int i = 0; i < RUN; i++) {
		phys_addr_t pa = 0;
		unsigned int p = 0;
		int err = lookup_user_page(pgd, va_of(i), &pa, &p);

		KTEST_EXPECT_EQ(t, err, expected[i] ? 0 : -ENOENT);
		KTEST_EXPECT_EQ(t, pa, expected[i] ? __pa(expected[i]) : 0);
		KTEST_EXPECT_EQ(t, p, expected[i] ? prot : 0);
	}
}

static void run_maps_and_unmaps_across_tables(struct ktest *t)
{
	unsigned long before = nr_free_pages();
	void *pgd = pgd_alloc(), *pages[RUN], *none[RUN] = { NULL }, *got[RUN + 4];

	KTEST_ASSERT_TRUE(t, pgd);
	KTEST_ASSERT_TRUE(t, alloc_run(pages));
	KTEST_EXPECT_EQ(t, map_user_pages(pgd, RUN_VA, RUN, pages, VM_READ | VM_WRITE), 0);
	expect_run(t, pgd, pages, VM_READ | VM_WRITE);
	/* From four pages before the run, where nothing is mapped. */
	unmap_user_pages(pgd, RUN_VA - 4 * PAGE_SIZE, RUN + 4, got);
	for (int i = 0; i < 4; i++)
		KTEST_EXPECT_EQ(t, addr(got[i]), 0);
	for (int i = 0; i < RUN; i++)
		KTEST_EXPECT_EQ(t, addr(got[4 + i]), addr(pages[i]));
	expect_run(t, pgd, none, 0);
	pgd_free(pgd);
	free_run(pages);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

static void failed_run_maps_nothing(struct ktest *t)
{
	unsigned long before = nr_free_pages();
	void *pgd = pgd_alloc(), *pages[RUN], *expected[RUN] = { NULL };

	KTEST_ASSERT_TRUE(t, pgd);
	KTEST_ASSERT_TRUE(t, alloc_run(pages));
	/* Page 12 is taken, past the table boundary: pages 0..11 were mapped by then. */
	KTEST_EXPECT_EQ(t, map_user_page(pgd, va_of(12), __pa(pages[0]), VM_READ), 0);
	KTEST_EXPECT_EQ(t, map_user_pages(pgd, RUN_VA, RUN, pages, VM_READ), -EEXIST);
	expected[12] = pages[0];
	expect_run(t, pgd, expected, VM_READ);
	KTEST_EXPECT_EQ(t, map_user_pages(pgd, TASK_SIZE - 2 * PAGE_SIZE, 4, pages, VM_READ),
			-EINVAL);
	KTEST_EXPECT_EQ(t, lookup_user_page(pgd, TASK_SIZE - 2 * PAGE_SIZE, NULL, NULL), -ENOENT);
	unmap_user_pages(pgd, RUN_VA, RUN, NULL);
	pgd_free(pgd);
	free_run(pages);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

static void share_run_keeps_holes(struct ktest *t)
{
	unsigned long before = nr_free_pages();
	void *src = pgd_alloc(), *dst = pgd_alloc(), *pages[RUN], *expected[RUN], *got[RUN];

	KTEST_ASSERT_TRUE(t, src && dst);
	KTEST_ASSERT_TRUE(t, alloc_run(pages));
	KTEST_EXPECT_EQ(t, map_user_pages(src, RUN_VA, HOLE_START, pages, VM_READ | VM_WRITE), 0);
	KTEST_EXPECT_EQ(t, map_user_pages(src, va_of(HOLE_END), RUN - HOLE_END, pages + HOLE_END,
					  VM_READ | VM_WRITE), 0);
	KTEST_EXPECT_EQ(t, share_user_pages(dst, src, RUN_VA, RUN, got), 0);
	for (int i = 0; i < RUN; i++) {
		expected[i] = i >= HOLE_START && i < HOLE_END ? NULL : pages[i];
		KTEST_EXPECT_EQ(t, addr(got[i]), addr(expected[i]));
	}
	/* Write permission is taken on both sides: the first write copies. */
	expect_run(t, dst, expected, VM_READ);
	expect_run(t, src, expected, VM_READ);
	/* dst maps the first page already: an error at once, nothing shared. */
	KTEST_EXPECT_EQ(t, share_user_pages(dst, src, RUN_VA, RUN, got), -EEXIST);
	for (int i = 0; i < RUN; i++)
		KTEST_EXPECT_EQ(t, addr(got[i]), 0);
	unmap_user_pages(src, RUN_VA, RUN, NULL);
	unmap_user_pages(dst, RUN_VA, RUN, NULL);
	pgd_free(src);
	pgd_free(dst);
	free_run(pages);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

/*
 * How many pages of the run read back their index through the loaded tables, in the
 * window the caller opened: one window for both reads, since opening one is a TLB flush
 * of its own under QEMU on ARM (a DACR write), which would hide a TLBIMVA left out.
 */
static int readable_pages(void)
{
	int n = 0;

	for (int i = 0; i < RUN; i++) {
		unsigned long v;

		unsafe_get_user(v, (const unsigned long __user *)va_of(i), unreadable);
		n += v == (unsigned long)i;
unreadable:
		;
	}
	return n;
}

/*
 * The TLB cases run with mm's tables loaded, IRQs off and one uaccess window open: a switch
 * would load other tables and flush the TLB, and so would a second window on ARM. mm goes in
 * current first: a switch in between (preemption) then loads the right tables.
 */
static unsigned long enter_window(struct mm_struct *mm)
{
	unsigned long flags;

	current->mm = mm;
	switch_mm(mm->pgd);
	flags = arch_local_irq_save();
	user_access_begin();
	return flags;
}

static void leave_window(unsigned long flags)
{
	user_access_end();
	arch_local_irq_restore(flags);
	current->mm = NULL;
	switch_mm(NULL);
}

static void tlb_forgets_unmapped_run(struct ktest *t)
{
	unsigned long before = nr_free_pages(), flags;
	struct mm_struct *mm = mm_alloc();
	void *pages[RUN];
	int err, mapped, unmapped;

	KTEST_ASSERT_TRUE(t, mm);
	if (!alloc_run(pages)) {
		mmput(mm);
		KTEST_ASSERT_TRUE(t, false);
	}
	err = map_user_pages(mm->pgd, RUN_VA, RUN, pages, VM_READ);
	flags = enter_window(mm);
	mapped = readable_pages();
	unmap_user_pages(mm->pgd, RUN_VA, RUN, NULL);
	unmapped = readable_pages();
	leave_window(flags);
	mmput(mm);
	free_run(pages);
	KTEST_EXPECT_EQ(t, err, 0);
	KTEST_EXPECT_EQ(t, mapped, RUN);
	KTEST_EXPECT_EQ(t, unmapped, 0);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

/*
 * How many of the run's first pages (count) take a store of their index, in the window the
 * caller opened. A store that faults enters the kernel, which on ARM writes the DACR: QEMU
 * then flushes its whole TLB, so a check of one page's entry stores to that page alone.
 */
static int writable_pages(int count)
{
	int n = 0;

	for (int i = 0; i < count; i++) {
		unsafe_put_user((unsigned long)i, (unsigned long __user *)va_of(i), unwritable);
		n++;
unwritable:
		;
	}
	return n;
}

/*
 * fork() takes write permission from the parent's entries, and mprotect() can: the TLB must
 * forget the writable entries it holds, or a store would still go through to a page that is
 * shared now. Stored to first (so the TLB holds them), then shared, then stored to again.
 */
static void tlb_forgets_write_permission(struct ktest *t)
{
	unsigned long before = nr_free_pages(), flags;
	struct mm_struct *mm = mm_alloc();
	void *dst = pgd_alloc(), *pages[RUN], *got[RUN];
	int err, writable, shared, reopened, protected;

	KTEST_ASSERT_TRUE(t, mm && dst);
	if (!alloc_run(pages)) {
		mmput(mm);
		pgd_free(dst);
		KTEST_ASSERT_TRUE(t, false);
	}
	err = map_user_pages(mm->pgd, RUN_VA, RUN, pages, VM_READ | VM_WRITE);
	flags = enter_window(mm);
	writable = writable_pages(RUN);
	err = err ? err : share_user_pages(dst, mm->pgd, RUN_VA, RUN, got);
	shared = writable_pages(RUN);
	/* Page 0 writable again, stored to, then read-only: the store after must fault too. */
	err = err ? err : protect_user_page(mm->pgd, va_of(0), VM_READ | VM_WRITE);
	reopened = writable_pages(1);
	err = err ? err : protect_user_page(mm->pgd, va_of(0), VM_READ);
	protected = writable_pages(1);
	leave_window(flags);
	unmap_user_pages(mm->pgd, RUN_VA, RUN, NULL);
	unmap_user_pages(dst, RUN_VA, RUN, NULL);
	mmput(mm);
	pgd_free(dst);
	free_run(pages);
	KTEST_EXPECT_EQ(t, err, 0);
	KTEST_EXPECT_EQ(t, writable, RUN);
	KTEST_EXPECT_EQ(t, shared, 0);
	KTEST_EXPECT_EQ(t, reopened, 1);
	KTEST_EXPECT_EQ(t, protected, 0);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

static const struct ktest_case page_run_cases[] = {
	KTEST_CASE(run_maps_and_unmaps_across_tables),
	KTEST_CASE(failed_run_maps_nothing),
	KTEST_CASE(share_run_keeps_holes),
	KTEST_CASE(tlb_forgets_unmapped_run),
	KTEST_CASE(tlb_forgets_write_permission),
	{}
};

static const struct ktest_suite page_run_suite = { "page_run", page_run_cases };
ktest_suite(page_run_suite);
