/*
 * Signals, as the core's trap handlers and entry code see them: a fault
 * in user mode is a signal for the program (force_sig_fault()), and every
 * way back to user mode delivers the pending ones (do_notify_resume()).
 * User space defines both (kernel/signal.c, kernel/signal_deliver.c;
 * weak defaults in kernel/user_mode.c); the rest of signals, which only
 * user space uses, is include/kernel/sched_signal.h. Linux's numbers.
 */
#ifndef _KERNEL_SIGNAL_H
#define _KERNEL_SIGNAL_H

struct pt_regs;

#define SIGILL		4
#define SIGTRAP		5
#define SIGBUS		7
#define SIGFPE		8
#define SIGKILL		9
#define SIGSEGV		11
#define SIGCHLD		17	/* what a child's end tells its parent (clone()'s exit signal) */

/* si_code of a fault */
#define SI_KERNEL	0x80
#define ILL_ILLOPC	1
#define FPE_INTDIV	1
#define FPE_FLTINV	7
#define SEGV_MAPERR	1
#define SEGV_ACCERR	2
#define BUS_ADRALN	1
#define BUS_ADRERR	2

/*
 * A user-mode fault at addr, with Linux's si_code (SEGV_MAPERR...), called
 * by the arch's trap handler with the user's registers and the fault's
 * error code: the signal is queued, and forced (unblocked, its action the
 * default) if the program blocks or ignores it. Delivered on the way back
 * to user mode, to the handler or, with none, as the end of the program,
 * after Linux's line "NAME[PID]: segfault at ADDR ip IP sp SP error E".
 */
void force_sig_fault(int sig, int code, unsigned long addr, struct pt_regs *regs,
		     unsigned long error);

/*
 * On the way back to user mode (the arch's entry code, with interrupts off,
 * and do_syscall()): deliver the pending signals. syscall is the number of
 * the system call whose result regs hold, or -1: its result may ask for a
 * restart (-ERESTARTSYS...).
 */
void do_notify_resume(struct pt_regs *regs, long syscall);

#endif
