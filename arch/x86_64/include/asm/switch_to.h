/*
 * The frame cpu_switch_to() (arch/x86_64/kernel/switch.S) leaves on a
 * switched-out thread's stack, lowest address first: the callee-saved
 * registers, then the return address into schedule(). A new thread gets a
 * made-up one whose return address is ret_from_kthread.
 */
#ifndef _ASM_SWITCH_TO_H
#define _ASM_SWITCH_TO_H

#include <kernel/sched.h>

struct switch_frame {
	unsigned long r15, r14, r13, r12, rbx, rbp;
	unsigned long ret;
};

void ret_from_kthread(void);

/* rbp of the function that called cpu_switch_to(): where get_wchan() starts walking. */
static inline unsigned long thread_saved_fp(const struct thread *t)
{
	return ((const struct switch_frame *)t->sp)->rbp;
}

/*
 * rbx carries the thread to ret_from_kthread; rbp = 0 ends backtraces.
 * After the ret, rsp must be 16-byte aligned, as before a call.
 */
static inline unsigned long arch_thread_init_stack(struct thread *t, unsigned long stack_top)
{
	struct switch_frame *frame = (struct switch_frame *)(stack_top - 16) - 1;

	*frame = (struct switch_frame){ .rbx = (unsigned long)t,
					.ret = (unsigned long)ret_from_kthread };
	return (unsigned long)frame;
}

#endif
