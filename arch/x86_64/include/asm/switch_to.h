/*
 * The frame cpu_switch_to() (arch/x86_64/kernel/switch.S) leaves on a
 * switched-out thread's stack, lowest address first: the callee-saved
 * registers, then the return address into schedule(). A new thread gets a
 * made-up one whose return address is ret_from_kthread.
 *
 * Above it, at the very top of every thread's stack, is the room for its
 * user registers (task_pt_regs()): where the CPU and the entry code put
 * them when the thread enters the kernel from ring 3, and where a kernel
 * thread about to become a process builds them (start_thread()).
 */
#ifndef _ASM_SWITCH_TO_H
#define _ASM_SWITCH_TO_H

#include <asm/ptrace.h>
#include <kernel/sched.h>

struct switch_frame {
	unsigned long r15, r14, r13, r12, rbx, rbp;
	unsigned long ret;
};

void ret_from_kthread(void);

/* The user registers of a thread, at the top of its kernel stack. */
static inline struct pt_regs *task_pt_regs(const struct thread *t)
{
	return (struct pt_regs *)(t->stack + THREAD_STACK_SIZE) - 1;
}

/* rbp of the function that called cpu_switch_to(): where get_wchan() starts walking. */
static inline unsigned long thread_saved_fp(const struct thread *t)
{
	return ((const struct switch_frame *)t->sp)->rbp;
}

_Static_assert(sizeof(struct pt_regs) % 16 == 0, "the stack below pt_regs stays 16-byte aligned");

/*
 * rbx carries the thread to ret_from_kthread; rbp = 0 ends backtraces.
 * After the ret, rsp must be 16-byte aligned, as before a call.
 */
static inline unsigned long arch_thread_init_stack(struct thread *t, unsigned long stack_top)
{
	unsigned long below_regs = stack_top - sizeof(struct pt_regs);
	struct switch_frame *frame = (struct switch_frame *)(below_regs - 16) - 1;

	*frame = (struct switch_frame){ .rbx = (unsigned long)t,
					.ret = (unsigned long)ret_from_kthread };
	return (unsigned long)frame;
}

/*
 * Called by schedule() just before cpu_switch_to(): next's address space,
 * the kernel stack the CPU switches to when next enters from ring 3, its
 * FS base (user space's arch/x86_64/kernel/process.c; without user space,
 * kernel/user_mode.c's weak one, which has nothing to load).
 */
void arch_switch_to(struct thread *prev, struct thread *next);

/* User registers that start at pc with the stack at sp, in ring 3 with interrupts on. */
void start_thread(struct pt_regs *regs, unsigned long pc, unsigned long sp);
/*
 * Enter user mode as task_pt_regs(current) says: the thread has its mm
 * (current->mm) and its registers set up (start_thread()). Never returns;
 * the thread comes back only through system calls, interrupts and faults.
 */
void __noreturn ret_to_user(void);
/*
 * fork and clone: child (a free thread slot, its mm set by the caller)
 * returns to user mode with regs, 0 in rax, on newsp (0: regs' stack), with
 * FS base tls (0: the parent's). 0 or -errno.
 */
int copy_thread(struct thread *child, const struct pt_regs *regs, unsigned long newsp,
		unsigned long tls);

#endif
