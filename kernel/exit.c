/*
 * The end of a process, and its parent learning of it: exit(),
 * exit_group(), the signals that kill (kernel/signal_deliver.c) come to
 * do_exit(); the parent gets its SIGCHLD, and wait4() collects what it
 * left (Linux's wait status: the exit code << 8, or the signal), and, if
 * asked, tells of a child's stop or continue (kernel/signal_stop.c).
 *
 * The address space goes first, while the thread still runs: it switches
 * to the kernel's own page tables before its tables are freed, since a
 * CPU must never run on freed tables. Its open files are closed, its
 * children lose their parent, and the thread ends as a kernel thread does
 * (kthread_exit()), a zombie: its slot and stack stay until the parent's
 * wait4() takes its status, after the thread has left its CPU for good.
 * An orphan (its parent ended first) is reaped by thread_alloc(), which
 * may reuse its slot; a process started as a kernel thread, and no one's
 * child, is collected by kthread_stop() like any kernel thread.
 *
 * tasklist_lock guards every parent, children and sibling field.
 */
#include <asm/processor.h>
#include <kernel/completion.h>
#include <kernel/errno.h>
#include <kernel/exit.h>
#include <kernel/file.h>
#include <kernel/fs.h>
#include <kernel/kthread.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/process.h>
#include <kernel/sched.h>
#include <kernel/sched_signal.h>
#include <kernel/spinlock.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>
#include <kernel/wait.h>

#include "sched_internal.h"

DEFINE_SPINLOCK(tasklist_lock);
/* Parents in wait4() sleep here; every exit wakes them all, each looks for its own children. */
static DECLARE_WAIT_QUEUE_HEAD(child_exit);

#include <kernel/mmu_context.h>

/* The children of a process that ends: nobody waits for them now. */
static void forget_children(struct thread *t)
{
	unsigned long flags;

	spin_lock_irqsave(&tasklist_lock, flags);
	while (!list_empty(&t->children)) {
		struct thread *child = list_entry(t->children.next, struct thread, sibling);

		list_del_init(&child->sibling);
		child->parent = NULL;
		child->orphan = true;
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
}

bool is_process(const struct thread *t)
{
	return t->state != THREAD_UNUSED && (t->sighand || (t->exited && !t->orphan));
}

struct thread *find_process(int pid)
{
	for (int i = 0; i < NR_THREADS; i++)
		if (thread_table[i].id == pid && is_process(&thread_table[i]))
			return &thread_table[i];
	return NULL;
}

void do_exit(long code)
{
	struct thread *t = current;
	struct mm_struct *mm = t->mm;
	unsigned long flags;

	if (mm) {
		/* Whoever waits on the thread id learns it is gone (glibc's pthread_join, futex-less). */
		if (t->clear_child_tid)
			put_user(0, (int __user *)t->clear_child_tid);
		t->mm = NULL;
		switch_mm(NULL);
		mmput(mm);
	}
	if (t->vfork_done) {
		complete(t->vfork_done);
		t->vfork_done = NULL;
	}
	if (t->files) {
		put_files(t->files);
		t->files = NULL;
	}
	if (t->cwd) {
		dput(t->cwd);
		t->cwd = NULL;
	}
	proc_set_cmdline(t, NULL, 0);
	forget_children(t);
	spin_lock_irqsave(&tasklist_lock, flags);
	t->exited = true;
	/* Its parent ignores SIGCHLD: nobody waits for it, it goes as an orphan does. */
	if (do_notify_parent(t, code)) {
		list_del_init(&t->sibling);
		t->parent = NULL;
		t->orphan = true;
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	/* After exited: at every moment the process is live (signals) or a zombie (exited). */
	exit_signals(t);
	wake_up(&child_exit);
	kthread_exit(code);
}

SYSCALL_DEFINE1(exit, int, error_code)
{
	do_exit((error_code & 0xff) << 8);
}

/* One thread per process: the group is the thread. */
SYSCALL_DEFINE1(exit_group, int, error_code)
{
	do_exit((error_code & 0xff) << 8);
}

void wake_up_parent(void)
{
	wake_up(&child_exit);
}

/*
 * A child matching pid (wait4()'s: that child; -1 any; 0 any of the
 * caller's process group; below -1 any of group -pid) with something to
 * tell: its end, and then it is taken off the caller's list (the caller's
 * to free, *status -1); or, as options ask, a stop (WUNTRACED) or a
 * continue (WCONTINUED) not told yet, its wait status in *status. NULL
 * with *none set when the caller has no such child at all.
 */
static struct thread *find_waitable(int pid, int options, bool *none, int *status)
{
	struct thread *found = NULL;
	struct list_head *pos;
	unsigned long flags;

	*none = true;
	spin_lock_irqsave(&tasklist_lock, flags);
	list_for_each(pos, &current->children) {
		struct thread *child = list_entry(pos, struct thread, sibling);

		if (pid > 0 ? child->id != pid : pid == 0 ? child->pgrp != current->pgrp :
		    pid < -1 && child->pgrp != -pid)
			continue;
		*none = false;
		if (child->exited) {
			list_del_init(&child->sibling);
			child->parent = NULL;
			*status = -1;
			found = child;
			break;
		}
		if ((child->wait_report == 0xffff && (options & WCONTINUED)) ||
		    ((child->wait_report & 0xff) == 0x7f && (options & WUNTRACED))) {
			*status = child->wait_report;
			child->wait_report = 0;
			found = child;
			break;
		}
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return found;
}

long kernel_wait4(int pid, int *status, int options)
{
	struct thread *child = NULL;
	bool none;
	int id;

	long err;

	if (pid == -__INT_MAX__ - 1)
		return -ESRCH;	/* its group, -pid, overflows */
	err = wait_event_interruptible(child_exit,
				       (child = find_waitable(pid, options, &none, status)) ||
				       none || (options & WNOHANG));
	if (!child)
		return none ? -ECHILD : err;
	if (*status != -1)
		return child->id;	/* stopped or continued: still the caller's child */
	/* Exited, and on its way off its CPU: its slot is ours to free once it is off. */
	while (READ_ONCE(child->state) != THREAD_DEAD || READ_ONCE(child->on_cpu))
		schedule();
	*status = child->exit_code;
	id = child->id;
	thread_free(child);
	proc_flush_pid(id);
	return id;
}

SYSCALL_DEFINE4(wait4, int, pid, int __user *, stat_addr, int, options, void __user *, ru)
{
	int status;
	long ret;

	if (options & ~(WNOHANG | WUNTRACED | WCONTINUED))
		return -EINVAL;
	/* No resource accounting: the usage is all zeros. */
	if (ru && clear_user(ru, 18 * sizeof(long)))	/* struct rusage: 2 timevals, 14 longs */
		return -EFAULT;
	ret = kernel_wait4(pid, &status, options);
	if (ret > 0 && stat_addr && put_user(status, stat_addr))
		return -EFAULT;
	return ret;
}
