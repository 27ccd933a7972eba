/*
 * Processes: a thread with a user address space (include/kernel/sched.h's
 * struct thread, its mm, files, parent and children). The process id is
 * the thread's id; each process has one thread.
 *
 *   kernel/fork.c   fork(), vfork(), clone(): a copy of the caller
 *   kernel/fs/exec.c execve(): a new program in the caller
 *   kernel/exit.c   exit(), exit_group(), wait4(): the end, and who sees it
 *   kernel/umh.c    a user program run from the kernel (/init, the
 *                   user-space self-tests)
 */
#ifndef _KERNEL_PROCESS_H
#define _KERNEL_PROCESS_H

#include <asm/page.h>
#include <kernel/compiler.h>
#include <kernel/sched.h>
#include <kernel/spinlock.h>

/* A program's stack: its pages are all there from the start (no stack growth). */
#define USER_STACK_SIZE		(32 * PAGE_SIZE)

/* clone()'s flags (Linux's values); the low byte is the signal for the parent. */
#define CSIGNAL			0x000000ff
#define CLONE_VM		0x00000100
#define CLONE_FS		0x00000200
#define CLONE_FILES		0x00000400
#define CLONE_SIGHAND		0x00000800
#define CLONE_VFORK		0x00004000
#define CLONE_PARENT		0x00008000
#define CLONE_THREAD		0x00010000
#define CLONE_SETTLS		0x00080000
#define CLONE_PARENT_SETTID	0x00100000
#define CLONE_CHILD_CLEARTID	0x00200000
#define CLONE_CHILD_SETTID	0x01000000

/* wait4()'s options and the statuses it reports. */
#define WNOHANG			0x00000001
#define WUNTRACED		0x00000002
#define WCONTINUED		0x00000008

/*
 * A copy of the calling process, running: its pid, or -EAGAIN (no free
 * thread slot), -ENOMEM, -EINVAL (a flag asking for threads, which there
 * are not). Linux's kernel_clone().
 */
long kernel_clone(unsigned long flags, unsigned long newsp, unsigned long tls,
		  int __user *parent_tid, int __user *child_tid);

/*
 * Reap an exited child of the caller: pid -1 any, else that one. Its pid
 * and *status (Linux's wait status), 0 with WNOHANG when none has exited,
 * -ECHILD when there is no such child, or -ERESTARTSYS when a signal
 * came first.
 */
long kernel_wait4(int pid, int *status, int options);

/* Replace the calling thread's program (kernel strings): 0, then ret_to_user(); or -errno. */
int kernel_execve(const char *filename, const char *const argv[], const char *const envp[]);

/*
 * Run a program as a child of the calling kernel thread and wait for it:
 * 0 and its wait status in *status, or the error execve() gave (the child
 * then never ran user code). Linux's call_usermodehelper(), with UMH_WAIT_PROC.
 */
int call_usermodehelper(const char *path, const char *const argv[], const char *const envp[],
			int *status);
/* The same for the first program, /init: it runs as pid 1, as on Linux. */
int call_usermodehelper_init(const char *path, const char *const argv[], const char *const envp[],
			     int *status);

/*
 * Is t a process that kill(), setpgid() and the like may name? A zombie
 * (ended, its parent not done waiting for it) still is one, as on Linux,
 * so that kill(pid, 0) says it exists; an orphan's zombie, which nobody
 * will reap, is not. A kernel thread has no signals and is no process.
 * find_process(): the process with that id, or NULL. Both want
 * tasklist_lock held (kernel/exit.c).
 */
bool is_process(const struct thread *t);
struct thread *find_process(int pid);

/*
 * /proc/PID/cmdline's bytes (kernel/fs/proc_base.c): execve() sets them to
 * argv's strings, fork() copies the parent's, exit empties them.
 */
void proc_set_cmdline(struct thread *t, const char *args, size_t len);
void proc_dup_cmdline(struct thread *child, struct thread *parent);
/* A reaped process's /proc/PID goes (its memory with it). */
void proc_flush_pid(int pid);

/* Guards every thread's parent, children and sibling fields (kernel/exit.c). */
extern spinlock_t tasklist_lock;

/* kernel/pgrp.c, for the terminal: is session sid's leader alive; group pgrp's session or -ESRCH. */
bool session_leader_alive(int sid);
int pgrp_session(int pgrp);
/* Has group pgrp no member whose parent, in the same session, is in another group? (tasklist_lock) */
bool pgrp_orphaned(int pgrp);

#endif
