/*
 * Process groups and sessions: what a shell's job control is made of.
 * A session is a login's processes; within it, each pipeline a shell runs
 * is a process group, so that kill(-pgid) or a terminal's ^C reaches the
 * whole job at once (kernel/signal.c sends to a group, kernel/exit.c's
 * wait4() waits for one). A process starts in its parent's group and
 * session; setpgid() moves it to another group of its session, setsid()
 * makes it the leader of a new session and of a new group, both numbered
 * by its own id. The rules are Linux's (its kernel/sys.c), errnos included.
 *
 * A process has one thread here, so a group and a session are ids kept in
 * each process (thread->pgrp, thread->session) rather than Linux's struct
 * pid lists: finding a group's members is a walk of the thread table,
 * which is short. The kernel's own threads, and a process it starts (the
 * first program), are in group 0 and session 0 until they call setsid(),
 * as Linux's init is.
 */
#include <kernel/errno.h>
#include <kernel/process.h>
#include <kernel/sched.h>
#include <kernel/spinlock.h>
#include <kernel/syscalls.h>
#include <generated/unistd.h>

#include "sched_internal.h"

/* Is any process in group pgrp of session sid (sid < 0: of any session)? */
static bool group_exists(int pgrp, int sid)
{
	for (int i = 0; i < NR_THREADS; i++) {
		struct thread *t = &thread_table[i];

		if (is_process(t) && t->pgrp == pgrp && (sid < 0 || t->session == sid))
			return true;
	}
	return false;
}

/*
 * Move pid (0: the caller), the caller or one of its children, into group
 * pgid (0: pid's own id) of the caller's session. ESRCH: neither the
 * caller nor its child; EACCES: the child has run execve() since fork();
 * EPERM: a session leader, a child of another session, or no such group
 * in the session.
 */
SYSCALL_DEFINE2(setpgid, int, pid, int, pgid)
{
	struct thread *p;
	unsigned long flags;
	int err = 0;

	if (!pid)
		pid = current->id;
	if (!pgid)
		pgid = pid;
	if (pgid < 0)
		return -EINVAL;
	spin_lock_irqsave(&tasklist_lock, flags);
	p = find_process(pid);
	if (!p || (p != current && p->parent != current))
		err = -ESRCH;
	else if (p != current && p->session != current->session)
		err = -EPERM;
	else if (p != current && p->did_exec)
		err = -EACCES;
	else if (p->session == p->id)
		err = -EPERM;
	else if (pgid != pid && !group_exists(pgid, current->session))
		err = -EPERM;
	else
		p->pgrp = pgid;
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return err;
}

/* The group or the session (want_session) of pid, 0 the caller: the id, or ESRCH. */
static long id_of(int pid, bool want_session)
{
	unsigned long flags;
	struct thread *p;
	long ret = -ESRCH;

	spin_lock_irqsave(&tasklist_lock, flags);
	p = pid ? find_process(pid) : current;
	if (p)
		ret = want_session ? p->session : p->pgrp;
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return ret;
}

SYSCALL_DEFINE1(getpgid, int, pid)
{
	return id_of(pid, false);
}

#ifdef __NR_getpgrp
SYSCALL_DEFINE0(getpgrp)
{
	return id_of(0, false);
}
#endif

SYSCALL_DEFINE1(getsid, int, pid)
{
	return id_of(pid, true);
}

/* A new session and group, both the caller's id; EPERM when a group has that id already. */
SYSCALL_DEFINE0(setsid)
{
	unsigned long flags;
	long ret;

	spin_lock_irqsave(&tasklist_lock, flags);
	if (group_exists(current->id, -1)) {
		ret = -EPERM;
	} else {
		current->session = current->pgrp = current->id;
		ret = current->id;
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return ret;
}

/*
 * For the terminal (kernel/tty/tty_io.c): a session's controlling terminal
 * is its own while the session's leader lives (Linux takes it back in the
 * leader's exit; here the terminal asks). A leader that has ended, even a
 * zombie not yet waited for, holds it no longer.
 */
bool session_leader_alive(int sid)
{
	unsigned long flags;
	struct thread *p;
	bool alive;

	spin_lock_irqsave(&tasklist_lock, flags);
	p = find_process(sid);
	alive = p && !p->exited && p->session == sid;
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return alive;
}

/* The session of group pgrp (its processes share one), or -ESRCH when nobody is in it. */
int pgrp_session(int pgrp)
{
	unsigned long flags;
	int sid = -ESRCH;

	spin_lock_irqsave(&tasklist_lock, flags);
	for (int i = 0; i < NR_THREADS; i++) {
		struct thread *t = &thread_table[i];

		if (is_process(t) && t->pgrp == pgrp) {
			sid = t->session;
			break;
		}
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return sid;
}

/*
 * POSIX's orphaned process group (Linux's will_become_orphaned_pgrp()):
 * no live member has a parent in another group of the same session, the
 * shell that could continue it. tasklist_lock held.
 */
bool pgrp_orphaned(int pgrp)
{
	for (int i = 0; i < NR_THREADS; i++) {
		struct thread *t = &thread_table[i], *parent = t->parent;

		if (is_process(t) && !t->exited && t->pgrp == pgrp && parent &&
		    parent->pgrp != pgrp && parent->session == t->session)
			return false;
	}
	return true;
}
