/*
 * The frame cpu_switch_to() (arch/arm/kernel/switch.S) leaves on a
 * switched-out thread's stack, lowest address first: r4-r11 and the return
 * address into schedule(). A new thread gets a made-up one whose return
 * address is ret_from_kthread.
 *
 * Above it, at the very top of every thread's stack, is the room for its
 * user registers (task_pt_regs()): where entry.S saves them when the thread
 * enters the kernel from user mode (SP_svc points there while user code
 * runs), and where a kernel thread about to become a process builds them
 * (start_thread()). The user-mode side: arch/arm/kernel/process.c.
 */
#ifndef _ASM_SWITCH_TO_H
#define _ASM_SWITCH_TO_H

#include <asm/ptrace.h>
#include <kernel/compiler.h>
#include <kernel/sched.h>
#include <kernel/string.h>

struct switch_frame {
	unsigned long r4, r5, r6, r7, r8, r9, r10;
	unsigned long fp;		/* r11 */
	unsigned long lr;
};

void ret_from_kthread(void);

/* The user registers of a thread, at the top of its kernel stack. */
static inline struct pt_regs *task_pt_regs(const struct thread *t)
{
	return (struct pt_regs *)(t->stack + THREAD_STACK_SIZE) - 1;
}

/* fp of the function that called cpu_switch_to(): where get_wchan() starts walking. */
static inline unsigned long thread_saved_fp(const struct thread *t)
{
	return ((const struct switch_frame *)t->sp)->fp;
}

/*
 * r4 carries the thread to ret_from_kthread; fp = 0 ends backtraces. The
 * frame goes below the room for the user registers (72 bytes, so sp stays
 * 8-aligned after the pop).
 */
static inline unsigned long arch_thread_init_stack(struct thread *t, unsigned long stack_top)
{
	struct switch_frame *frame =
		(struct switch_frame *)(stack_top - sizeof(struct pt_regs)) - 1;

	memset(frame, 0, sizeof(*frame));
	frame->r4 = (unsigned long)t;
	frame->lr = (unsigned long)ret_from_kthread;
	return (unsigned long)frame;
}

/*
 * Called by schedule() just before cpu_switch_to(): next's address space,
 * TLS and VFP (user space's arch/arm/kernel/process.c; without user space,
 * kernel/user_mode.c's weak one, which has nothing to load).
 */
void arch_switch_to(struct thread *prev, struct thread *next);

/* Registers for a program's first instruction: USR mode at pc (odd: Thumb), stack sp. */
void start_thread(struct pt_regs *regs, unsigned long pc, unsigned long sp);
/* A thread that has set up task_pt_regs(current) enters user mode (entry.S's return path). */
void __noreturn ret_to_user(void);
void __noreturn ret_to_user_regs(struct pt_regs *regs);
/*
 * fork/clone: child (a new thread, not yet woken) returns to user mode
 * with regs, 0 in r0, on its own kernel stack; newsp and tls 0 keep the
 * parent's. Its address space (child->mm) is the caller's business. 0.
 */
int copy_thread(struct thread *child, const struct pt_regs *regs, unsigned long newsp,
		unsigned long tls);

#endif
