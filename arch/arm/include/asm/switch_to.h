/*
 * The frame cpu_switch_to() (arch/arm/kernel/switch.S) leaves on a
 * switched-out thread's stack, lowest address first: r4-r11 and the return
 * address into schedule(). A new thread gets a made-up one whose return
 * address is ret_from_kthread.
 */
#ifndef _ASM_SWITCH_TO_H
#define _ASM_SWITCH_TO_H

#include <kernel/sched.h>
#include <kernel/string.h>

struct switch_frame {
	unsigned long r4, r5, r6, r7, r8, r9, r10;
	unsigned long fp;		/* r11 */
	unsigned long lr;
};

void ret_from_kthread(void);

/* fp of the function that called cpu_switch_to(): where get_wchan() starts walking. */
static inline unsigned long thread_saved_fp(const struct thread *t)
{
	return ((const struct switch_frame *)t->sp)->fp;
}

/* r4 carries the thread to ret_from_kthread; fp = 0 ends backtraces; sp 8-aligned after the pop. */
static inline unsigned long arch_thread_init_stack(struct thread *t, unsigned long stack_top)
{
	struct switch_frame *frame = (struct switch_frame *)(stack_top - 8) - 1;

	memset(frame, 0, sizeof(*frame));
	frame->r4 = (unsigned long)t;
	frame->lr = (unsigned long)ret_from_kthread;
	return (unsigned long)frame;
}

#endif
