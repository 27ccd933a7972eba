/*
 * The end of a thread that ran user code: exit(), exit_group() and the
 * signals that kill it (kernel/signal.c) come here.
 *
 * The address space goes first, while the thread still runs: it switches
 * to the kernel's own page tables before its tables are freed, since a
 * CPU must never run on freed tables. Then the thread ends as a kernel
 * thread does (kthread_exit()); whoever waits for it reads the code.
 */
#include <asm/processor.h>
#include <kernel/exit.h>
#include <kernel/kthread.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/sched.h>
#include <kernel/syscalls.h>

#include <asm/mmu_context.h>

void do_exit(long code)
{
	struct mm_struct *mm = current->mm;

	if (mm) {
		current->mm = NULL;
		switch_mm(NULL);
		mmput(mm);
	}
	kthread_exit(code);
}

SYSCALL_DEFINE1(exit, int, error_code)
{
	do_exit((error_code & 0xff) << 8);
}

/* One thread per process for now: the group is the thread. */
SYSCALL_DEFINE1(exit_group, int, error_code)
{
	do_exit((error_code & 0xff) << 8);
}
