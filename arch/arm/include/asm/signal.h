/*
 * What the generic signal code (kernel/signal_deliver.c) asks of the arch:
 * the signal frames (arch/arm/kernel/signal.c), which system calls are
 * sigreturns, and how an interrupted call runs again.
 */
#ifndef _ASM_SIGNAL_H
#define _ASM_SIGNAL_H

#include <asm/ptrace.h>
#include <kernel/sched_signal.h>
#include <generated/unistd.h>

/*
 * Build the frame for ksig's handler on the user stack (the mask oldset
 * to restore saved in it) and point regs at the handler: 0, or -errno
 * when the frame cannot be written.
 */
int setup_rt_frame(struct ksignal *ksig, sigset_t oldset, struct pt_regs *regs);

/* A sigreturn's result is the interrupted r0, never a request to restart. */
static inline bool is_sigreturn(long nr)
{
	return nr == __NR_sigreturn || nr == __NR_rt_sigreturn;
}

/*
 * Run system call nr again: its first argument back in r0 (orig_r0; the
 * number is still in r7), pc back on the svc (2 bytes in Thumb, 4 in ARM).
 */
static inline void syscall_restart(struct pt_regs *regs, long nr)
{
	(void)nr;
	regs->r[0] = regs->orig_r0;
	regs->pc -= regs->psr & PSR_T_BIT ? 2 : 4;
}

#endif
