/*
 * The user address space the uaccess suites copy against
 * (tests/kernel/uaccess_test.c, uaccess_edges_test.c), loaded on this CPU
 * for one case: two read-write pages at UBASE, a read-only page after
 * them, nothing mapped after that. The kernel checks what landed in user
 * memory through the direct map (kernel_view()), never through the user
 * address (with SMAP that would fault).
 */
#ifndef _TESTS_UACCESS_MM_H
#define _TESTS_UACCESS_MM_H

#include <asm/processor.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/mmu_context.h>
#include <kernel/sched.h>

#define UBASE		0x400000UL		/* two read-write pages */
#define URO		(UBASE + 2 * PAGE_SIZE)	/* one read-only page */
#define UHOLE		(UBASE + 3 * PAGE_SIZE)	/* not mapped */

static inline struct mm_struct *enter_user_mm(struct ktest *t)
{
	struct mm_struct *mm = mm_alloc();

	if (!mm) {
		ktest_fail(t, __FILE__, __LINE__, "mm_alloc: out of memory");
		return NULL;
	}
	if (vm_map_anon(mm, UBASE, 2 * PAGE_SIZE, VM_READ | VM_WRITE) ||
	    vm_map_anon(mm, URO, PAGE_SIZE, VM_READ)) {
		ktest_fail(t, __FILE__, __LINE__, "vm_map_anon failed");
		mmput(mm);
		return NULL;
	}
	/* mm first: a switch in between (preemption) then loads the right tables. */
	current->mm = mm;
	switch_mm(mm->pgd);
	return mm;
}

static inline void leave_user_mm(struct mm_struct *mm)
{
	current->mm = NULL;
	switch_mm(NULL);
	mmput(mm);
}

/* The kernel's view of the user byte at va, through the direct map, in mm's own page. */
static inline u8 *kernel_view(struct mm_struct *mm, unsigned long va)
{
	return mm_page_address(mm, va);
}

#endif
