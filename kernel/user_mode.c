/*
 * What the core asks of user space, and what a kernel without it answers.
 * The arch's trap handlers (arch/<arch>/kernel/traps.c, entry code) call
 * force_sig_fault() for a fault in user mode, do_wp_page() for a write to
 * a page that may be copy-on-write and do_syscall() for a system call,
 * and every way back to user mode calls do_notify_resume(), which
 * delivers signals; schedule() calls arch_switch_to() before each switch.
 * User space defines all five (kernel/signal.c, kernel/mm/memory.c,
 * kernel/syscall.c, kernel/signal_deliver.c, arch/<arch>/kernel/process.c)
 * and its definitions take the place of these weak ones at link time. A
 * kernel linked without user space (make mini) never enters user mode and
 * maps no process's pages, so the first, third and fourth defaults are
 * never reached, the second finds no copy-on-write page (the fault is a
 * real one), and the fifth has nothing to load: every thread is a kernel
 * thread, which cpu_switch_to() switches whole (its registers and stack),
 * on the kernel's page tables.
 */
#include <asm/switch_to.h>
#include <kernel/errno.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/signal.h>
#include <kernel/traps.h>

__weak void force_sig_fault(int sig, int code, unsigned long addr, struct pt_regs *regs,
			    unsigned long error)
{
	(void)regs;
	(void)code;
	panic("signal %d for a fault at %lx in user mode (error %lx), but no user space "
	      "is linked in", sig, addr, error);
}

__weak void do_syscall(struct pt_regs *regs)
{
	(void)regs;
	panic("a system call from user mode, but no user space is linked in");
}

__weak void do_notify_resume(struct pt_regs *regs, long syscall)
{
	(void)regs;
	(void)syscall;
}

__weak int do_wp_page(struct mm_struct *mm, unsigned long addr)
{
	(void)mm;
	(void)addr;
	return -EFAULT;
}

__weak void arch_switch_to(struct thread *prev, struct thread *next)
{
	(void)prev;
	(void)next;
}
