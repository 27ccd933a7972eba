/*
 * fork(), vfork() and clone(): a new process that is a copy of the caller
 * (Linux's kernel/fork.c, much reduced).
 *
 * The child gets a thread slot, a copy of the address space (its pages
 * shared copy-on-write: kernel/mm/memory.c) or, with CLONE_VM, the same
 * one; a copy of the open files and of the signal actions and mask; and the caller's user registers, with 0
 * as the call's result (the arch's copy_thread()). What clone() is asked for must be what a process, not a
 * thread, can do: CLONE_VM and CLONE_VFORK together (glibc's and musl's
 * posix_spawn(), vfork()) are fine, CLONE_THREAD is refused.
 *
 * The child runs on the caller's CPU: a child sharing the address space
 * must (that CPU's TLB is the only one to flush), and the others follow
 * the same rule. With no free slot the call fails with EAGAIN, Linux's answer when
 * a user runs out of processes, so a fork loop ends instead of hanging.
 */
#include <asm/processor.h>
#include <kernel/completion.h>
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/fs.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/process.h>
#include <kernel/sched.h>
#include <kernel/sched_signal.h>
#include <kernel/spinlock.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>

#include "sched_internal.h"

#include <asm/switch_to.h>
#include <asm/unistd.h>
#include <generated/unistd.h>

#define SUPPORTED_FLAGS	(CSIGNAL | CLONE_VM | CLONE_VFORK | CLONE_SETTLS | CLONE_PARENT_SETTID | \
			 CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)

/* What a failed clone gives back: the copies made so far, and the slot. */
static void free_child(struct thread *child)
{
	exit_signals(child);
	if (child->cwd)
		dput(child->cwd);
	if (child->files)
		put_files(child->files);
	if (child->mm)
		mmput(child->mm);
	thread_free(child);
}

long kernel_clone(unsigned long flags, unsigned long newsp, unsigned long tls,
		  int __user *parent_tid, int __user *child_tid)
{
	struct thread *parent = current, *child;
	struct completion vfork;
	unsigned long irqflags;
	long id;

	if (flags & ~SUPPORTED_FLAGS)
		return -EINVAL;
	child = thread_alloc(parent->name, parent->cpu, true);
	if (!child)
		return -EAGAIN;
	if (flags & CLONE_VM) {
		child->mm = parent->mm;
		child->mm->users++;
	} else {
		child->mm = dup_mm(parent->mm);
	}
	child->files = dup_files(parent->files);
	child->exit_signal = flags & CSIGNAL;
	child->uid = parent->uid;
	child->gid = parent->gid;
	child->umask = parent->umask;
	child->pgrp = parent->pgrp;
	child->session = parent->session;
	child->cwd = parent->cwd;
	if (child->cwd)
		dget(child->cwd);
	if (!child->mm || !child->files || copy_sighand(child, parent) ||
	    copy_thread(child, task_pt_regs(parent), newsp, flags & CLONE_SETTLS ? tls : 0)) {
		free_child(child);
		return -ENOMEM;
	}
	id = child->id;
	if ((flags & CLONE_PARENT_SETTID) && put_user((int)id, parent_tid)) {
		free_child(child);
		return -EFAULT;
	}
	if ((flags & CLONE_CHILD_SETTID) && copy_to_mm(child->mm, (unsigned long)child_tid, &id,
						       sizeof(int))) {
		free_child(child);
		return -EFAULT;
	}
	if (flags & CLONE_CHILD_CLEARTID)
		child->clear_child_tid = child_tid;
	proc_dup_cmdline(child, parent);
	if (flags & CLONE_VFORK) {
		init_completion(&vfork);
		child->vfork_done = &vfork;
	}
	spin_lock_irqsave(&tasklist_lock, irqflags);
	child->parent = parent;
	list_add_tail(&child->sibling, &parent->children);
	spin_unlock_irqrestore(&tasklist_lock, irqflags);
	wake_up_process(child);
	/* vfork(): the parent's memory is the child's until it runs another program or ends. */
	if (flags & CLONE_VFORK)
		wait_for_completion(&vfork);
	return id;
}

#ifdef __NR_fork
SYSCALL_DEFINE0(fork)
{
	return kernel_clone(SIGCHLD, 0, 0, NULL, NULL);
}

SYSCALL_DEFINE0(vfork)
{
	return kernel_clone(CLONE_VM | CLONE_VFORK | SIGCHLD, 0, 0, NULL, NULL);
}
#endif

/* The arches disagree on the order of clone()'s last three arguments. */
#ifdef CLONE_BACKWARDS
SYSCALL_DEFINE5(clone, unsigned long, clone_flags, unsigned long, newsp, int __user *, parent_tid,
		unsigned long, tls, int __user *, child_tid)
#else
SYSCALL_DEFINE5(clone, unsigned long, clone_flags, unsigned long, newsp, int __user *, parent_tid,
		int __user *, child_tid, unsigned long, tls)
#endif
{
	return kernel_clone(clone_flags, newsp, tls, parent_tid, child_tid);
}
