/*
 * What the generic signal code (kernel/signal_deliver.c) asks of the arch:
 * the rt signal frame (arch/x86_64/kernel/signal.c), which system calls
 * are sigreturns, and how an interrupted call runs again.
 */
#ifndef _ASM_SIGNAL_H
#define _ASM_SIGNAL_H

#include <asm/ptrace.h>
#include <kernel/sched_signal.h>
#include <generated/unistd.h>

/*
 * Build the frame for ksig's handler on the user stack (the mask oldset
 * to restore saved in it) and point regs at the handler: 0, or -EFAULT
 * when the frame cannot be written (or the handler has no restorer).
 */
int setup_rt_frame(struct ksignal *ksig, sigset_t oldset, struct pt_regs *regs);

/* A sigreturn's result is the interrupted rax, never a request to restart. */
static inline bool is_sigreturn(long nr)
{
	return nr == __NR_rt_sigreturn;
}

/* Run system call nr again: its number back in rax, rip back on the 2-byte syscall. */
static inline void syscall_restart(struct pt_regs *regs, long nr)
{
	regs->rax = nr;
	regs->rip -= 2;
}

#endif
