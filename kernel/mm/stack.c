/*
 * Kernel stacks with a guard page: pages from the allocator, mapped again
 * in the arch's stack area with an unmapped page below them
 * (map_stack_with_guard(), asm/pgtable.h), so that an overflow faults at
 * once instead of writing over whatever lies below. The thread table's
 * stacks (kernel/kthread.c) and each secondary CPU's start-up stacks
 * (arch/<arch>/kernel/smp.c) come from here.
 */
#include <asm/pgtable.h>
#include <kernel/init.h>
#include <kernel/mm.h>

void *__init alloc_stack_with_guard(unsigned int order)
{
	void *block = alloc_pages(order);
	void *stack;

	if (!block)
		return NULL;
	stack = map_stack_with_guard(block, PAGE_SIZE << order);
	if (!stack)
		free_pages(block, order);
	return stack;
}
