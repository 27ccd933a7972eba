/*
 * System-call dispatch: the arch's entry code (x86_64: SYSCALL; ARM:
 * svc #0) saves the user's registers and calls do_syscall(), which looks
 * the number up in sys_call_table[] (generated from Linux's numbers, see
 * include/kernel/syscalls.h) and puts the result in the return register.
 *
 * A number with no function returns -ENOSYS, as in Linux, and is logged the
 * first time it is seen, with the program's name: the way to find out which
 * call a new program needs. Numbers past the end of the table are not
 * remembered one by one (a program may try any of 2^64); only the first is
 * logged.
 *
 * Before the way back, do_notify_resume() delivers the caller's signals,
 * knowing the call: its result may ask for it to be restarted.
 */
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/signal.h>
#include <kernel/spinlock.h>
#include <kernel/syscalls.h>
#include <kernel/traps.h>

#include <asm/syscall.h>

#define MAX_LOGGED	512	/* more than any arch's table */

static DEFINE_SPINLOCK(log_lock);
static bool logged[MAX_LOGGED + 1];	/* the last one stands for every number past the table */

/* Whether nr has not been reported yet, and from now on it has. */
static bool first_time(unsigned long nr)
{
	unsigned long flags;
	bool first;

	if (nr >= nr_syscalls || nr >= MAX_LOGGED)
		nr = MAX_LOGGED;
	spin_lock_irqsave(&log_lock, flags);
	first = !logged[nr];
	logged[nr] = true;
	spin_unlock_irqrestore(&log_lock, flags);
	return first;
}

static long sys_ni_syscall(unsigned long nr)
{
	if (first_time(nr))
		pr_warn("%s[%d]: system call %ld (%s) is not implemented: -ENOSYS\n",
			current->name, current->id, (long)nr,
			nr < nr_syscalls && syscall_names[nr] ? syscall_names[nr] : "no such call");
	return -ENOSYS;
}

void do_syscall(struct pt_regs *regs)
{
	unsigned long nr = syscall_get_nr(regs), args[6];
	long ret;

	if (nr < nr_syscalls && sys_call_table[nr]) {
		syscall_get_arguments(regs, args);
		ret = sys_call_table[nr](args);
	} else {
		ret = sys_ni_syscall(nr);
	}
	syscall_set_return_value(regs, ret);
	do_notify_resume(regs, nr);
}
