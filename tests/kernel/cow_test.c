/*
 * The "cow" suite: fork()'s copy-on-write (kernel/mm/memory.c) seen from
 * inside, where user space cannot look: which physical page each address
 * space maps, with what permission, and how many free pages that took.
 * dup_mm() shares every page read-only and takes only page tables; a write
 * fault (do_wp_page()) gives the writer a copy of a shared page, exactly
 * one page, and gives the last user its own page back writable without
 * copying; mprotect() keeps a shared page read-only; the kernel's
 * copy_to_user(), put_user() and clear_user() into a shared page, through
 * the real fault path on this CPU, fill the writer's copy and never the
 * other process's page. Every page comes back.
 */
#include <asm/processor.h>
#include <kernel/ktest.h>

#include <kernel/errno.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/mmu_context.h>
#include <kernel/sched.h>
#include <kernel/string.h>
#include <kernel/uaccess.h>

#define NR_RW		16
#define UBASE		0x400000UL			/* NR_RW read-write pages */
#define URO		(UBASE + NR_RW * PAGE_SIZE)	/* one read-only page */
#define UHOLE		(URO + PAGE_SIZE)		/* not mapped */

/* An address space with the two ranges, each page's first byte its number + 1. */
static struct mm_struct *filled_mm(struct ktest *t)
{
	struct mm_struct *mm = mm_alloc();

	if (!mm || vm_map_anon(mm, UBASE, NR_RW * PAGE_SIZE, VM_READ | VM_WRITE) ||
	    vm_map_anon(mm, URO, PAGE_SIZE, VM_READ)) {
		ktest_fail(t, __FILE__, __LINE__, "mm_alloc/vm_map_anon: out of memory");
		if (mm)
			mmput(mm);
		return NULL;
	}
	for (int i = 0; i <= NR_RW; i++)
		*(u8 *)mm_page_address(mm, UBASE + i * PAGE_SIZE) = i + 1;
	return mm;
}

static phys_addr_t page_of(struct mm_struct *mm, unsigned long va, unsigned int *prot)
{
	phys_addr_t pa = 0;

	lookup_user_page(mm->pgd, va & ~(PAGE_SIZE - 1), &pa, prot);
	return pa;
}

static void fork_shares_and_write_copies(struct ktest *t)
{
	unsigned long before = nr_free_pages(), mapped, free;
	struct mm_struct *parent = filled_mm(t), *child;
	unsigned int pprot, cprot;
	phys_addr_t pa;

	if (!parent)
		return;
	mapped = nr_free_pages();
	child = dup_mm(parent);
	KTEST_ASSERT_TRUE(t, child != NULL);
	/* Page tables, perhaps a slab page for the VMAs: not the NR_RW + 1 pages. */
	KTEST_EXPECT_LE(t, mapped - nr_free_pages(), 6ul);
	for (int i = 0; i <= NR_RW; i++) {
		pa = page_of(parent, UBASE + i * PAGE_SIZE, &pprot);
		KTEST_EXPECT_EQ(t, page_of(child, UBASE + i * PAGE_SIZE, &cprot), pa);
		KTEST_EXPECT_EQ(t, pprot, (unsigned int)VM_READ);
		KTEST_EXPECT_EQ(t, cprot, (unsigned int)VM_READ);
	}

	/* The child writes page 1: a copy, one free page fewer; the parent keeps its page. */
	pa = page_of(parent, UBASE + PAGE_SIZE, NULL);
	free = nr_free_pages();
	KTEST_EXPECT_EQ(t, do_wp_page(child, UBASE + PAGE_SIZE + 8), 0);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free - 1);
	KTEST_EXPECT_NE(t, page_of(child, UBASE + PAGE_SIZE, &cprot), pa);
	KTEST_EXPECT_EQ(t, cprot, (unsigned int)(VM_READ | VM_WRITE));
	KTEST_EXPECT_EQ(t, *(u8 *)mm_page_address(child, UBASE + PAGE_SIZE), 2);
	KTEST_EXPECT_EQ(t, page_of(parent, UBASE + PAGE_SIZE, &pprot), pa);
	KTEST_EXPECT_EQ(t, pprot, (unsigned int)VM_READ);

	/* Not copy-on-write: a read-only VMA, a writable page, a hole. */
	KTEST_EXPECT_EQ(t, do_wp_page(child, URO), -EFAULT);
	KTEST_EXPECT_EQ(t, do_wp_page(child, UBASE + PAGE_SIZE), -EFAULT);
	KTEST_EXPECT_EQ(t, do_wp_page(child, UHOLE), -EFAULT);
	/* mprotect() read-write of a shared page leaves it read-only. */
	KTEST_EXPECT_EQ(t, do_mprotect(child, UBASE + 2 * PAGE_SIZE, PAGE_SIZE,
				       VM_READ | VM_WRITE), 0);
	page_of(child, UBASE + 2 * PAGE_SIZE, &cprot);
	KTEST_EXPECT_EQ(t, cprot, (unsigned int)VM_READ);

	/* The child gone, the parent is each page's last user: writable again, no copy. */
	mmput(child);
	pa = page_of(parent, UBASE + 2 * PAGE_SIZE, NULL);
	free = nr_free_pages();
	KTEST_EXPECT_EQ(t, do_wp_page(parent, UBASE + 2 * PAGE_SIZE), 0);
	KTEST_EXPECT_EQ(t, page_of(parent, UBASE + 2 * PAGE_SIZE, &pprot), pa);
	KTEST_EXPECT_EQ(t, pprot, (unsigned int)(VM_READ | VM_WRITE));
	KTEST_EXPECT_EQ(t, nr_free_pages(), free);
	mmput(parent);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

/* The kernel's user accesses, the parent's mm loaded on this CPU as after fork(). */
static void kernel_writes_copy_shared_pages(struct ktest *t)
{
	unsigned long before = nr_free_pages();
	struct mm_struct *parent = filled_mm(t), *child;
	phys_addr_t shared[3];
	u8 *view;

	if (!parent)
		return;
	current->mm = parent;
	switch_mm(parent->pgd);
	child = dup_mm(parent);
	if (!child) {
		ktest_fail(t, __FILE__, __LINE__, "dup_mm: out of memory");
	} else {
		for (int i = 0; i < 3; i++)
			shared[i] = page_of(child, UBASE + i * PAGE_SIZE, NULL);
		KTEST_EXPECT_EQ(t, copy_to_user((void __user *)(UBASE + 16), "parent", 7), 0);
		KTEST_EXPECT_EQ(t, put_user(0x5a, (u8 __user *)(UBASE + PAGE_SIZE + 16)), 0);
		KTEST_EXPECT_EQ(t, clear_user((void __user *)(UBASE + 2 * PAGE_SIZE), 8), 0);
		for (int i = 0; i < 3; i++) {
			KTEST_EXPECT_NE(t, page_of(parent, UBASE + i * PAGE_SIZE, NULL), shared[i]);
			KTEST_EXPECT_EQ(t, page_of(child, UBASE + i * PAGE_SIZE, NULL), shared[i]);
			/* The child's page as it was: its first byte, nothing written after it. */
			view = (u8 *)__va(shared[i]);
			KTEST_EXPECT_EQ(t, view[0], i + 1);
			KTEST_EXPECT_EQ(t, view[16], 0);
		}
		view = mm_page_address(parent, UBASE);
		KTEST_EXPECT_TRUE(t, view[0] == 1 && !memcmp(view + 16, "parent", 7));
		KTEST_EXPECT_EQ(t, *(u8 *)mm_page_address(parent, UBASE + PAGE_SIZE + 16), 0x5a);
		KTEST_EXPECT_EQ(t, *(u8 *)mm_page_address(parent, UBASE + 2 * PAGE_SIZE), 0);
		/* The read-only VMA stays refused: an __ex_table fixup, not a copy. */
		KTEST_EXPECT_EQ(t, copy_to_user((void __user *)URO, "no", 3), 3);
		KTEST_EXPECT_EQ(t, *(u8 *)mm_page_address(child, URO), NR_RW + 1);
		mmput(child);
	}
	current->mm = NULL;
	switch_mm(NULL);
	mmput(parent);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

static const struct ktest_case cow_cases[] = {
	KTEST_CASE(fork_shares_and_write_copies),
	KTEST_CASE(kernel_writes_copy_shared_pages),
	{}
};

static const struct ktest_suite cow_suite = { "cow", cow_cases };
ktest_suite(cow_suite);
