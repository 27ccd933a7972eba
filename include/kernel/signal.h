/*
 * Signals, as far as the kernel sends them: a fault in user mode ends the
 * program with the signal the fault means (kernel/signal.c). Linux's numbers.
 */
#ifndef _KERNEL_SIGNAL_H
#define _KERNEL_SIGNAL_H

#define SIGILL		4
#define SIGTRAP		5
#define SIGBUS		7
#define SIGFPE		8
#define SIGKILL		9
#define SIGSEGV		11
#define SIGCHLD		17	/* what a child's end tells its parent (clone()'s exit signal) */

struct pt_regs;

/*
 * A user-mode fault at addr (the arch's trap handler calls it with the
 * user's registers and the fault's error code): prints Linux's line,
 * "NAME[PID]: segfault at ADDR ip IP sp SP error E" for SIGSEGV, and ends
 * the program as killed by sig. Never returns.
 */
void __attribute__((__noreturn__)) force_sig_fault(int sig, unsigned long addr,
						   struct pt_regs *regs, unsigned long error);

#endif
