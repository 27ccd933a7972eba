/*
 * Trap handling: the arch installs its exception entry (IDT on x86_64,
 * VBAR on ARM) in trap_init(); from then on a fault is either recovered
 * through the exception table or reported as an oops. The system call is
 * a trap too: the arch's entry (SYSCALL, svc #0) saves the user's
 * registers and calls do_syscall(), user space's dispatcher
 * (kernel/syscall.c; kernel/user_mode.c's weak one without user space).
 */
#ifndef _KERNEL_TRAPS_H
#define _KERNEL_TRAPS_H

struct pt_regs;

void trap_init(void);
void do_syscall(struct pt_regs *regs);

#endif
