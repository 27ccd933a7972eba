/*
 * Signals, Linux's way and with Linux's numbers (the same on x86_64 and
 * ARM): a process sends one (kill, tgkill, tkill), the kernel sends one
 * for a fault (force_sig_fault()), a child's end (SIGCHLD) or a write to
 * a pipe nobody reads (SIGPIPE). It waits, pending, until its target is
 * about to return to user mode with it unblocked; then the target runs
 * the handler rt_sigaction() gave it, in an rt signal frame the arch
 * builds on the user stack (arch/<arch>/kernel/signal.c), or takes the
 * default action: end (terminate, and "core" as terminate: no core file),
 * stop until a SIGCONT (kernel/signal_stop.c), or nothing (ignore).
 *
 * kernel/signal.c sends, kernel/signal_deliver.c delivers, and the arch
 * builds and takes back the frame (asm/signal.h). This is user space's
 * header (Linux's linux/sched/signal.h and linux/signal_types.h); the
 * core's part is kernel/signal.h.
 */
#ifndef _KERNEL_SCHED_SIGNAL_H
#define _KERNEL_SCHED_SIGNAL_H

#include <kernel/errno.h>
#include <kernel/sched.h>
#include <kernel/signal.h>
#include <kernel/types.h>
#include <kernel/wait.h>

#define SIGHUP		1
#define SIGINT		2
#define SIGQUIT		3
#define SIGABRT		6
#define SIGUSR1		10
#define SIGUSR2		12
#define SIGPIPE		13
#define SIGALRM		14
#define SIGTERM		15
#define SIGSTKFLT	16
#define SIGCONT		18
#define SIGSTOP		19
#define SIGTSTP		20
#define SIGTTIN		21
#define SIGTTOU		22
#define SIGURG		23
#define SIGXCPU		24
#define SIGXFSZ		25
#define SIGVTALRM	26
#define SIGPROF		27
#define SIGWINCH	28
#define SIGIO		29
#define SIGPWR		30
#define SIGSYS		31
#define SIGRTMIN	32
#define _NSIG		64

#define SIG_DFL		((void __user *)0)
#define SIG_IGN		((void __user *)1)

/* sa_flags (SA_RESTORER: the libc's return path, which x86_64 requires). */
#define SA_NOCLDSTOP	0x00000001
#define SA_NOCLDWAIT	0x00000002
#define SA_SIGINFO	0x00000004
#define SA_RESTORER	0x04000000
#define SA_ONSTACK	0x08000000
#define SA_RESTART	0x10000000
#define SA_NODEFER	0x40000000
#define SA_RESETHAND	0x80000000

/* rt_sigprocmask()'s how */
#define SIG_BLOCK	0
#define SIG_UNBLOCK	1
#define SIG_SETMASK	2

/* si_code */
#define SI_USER		0	/* kill() */
#define SI_TKILL	(-6)	/* tkill(), tgkill() */
#define CLD_EXITED	1
#define CLD_KILLED	2
#define CLD_STOPPED	5
#define CLD_CONTINUED	6

/* A system call interrupted by a signal asks, through its result, to be restarted or not. */
#define ERESTARTSYS	512	/* restart if the handler has SA_RESTART, else EINTR */
#define ERESTARTNOINTR	513	/* restart always */
#define ERESTARTNOHAND	514	/* restart if no handler ran, else EINTR */

/* Bit n-1 for signal n: 64 signals, the kernel's sigset_t on both arches. */
typedef u64 sigset_t;

static inline sigset_t sigmask(int sig)
{
	return 1ULL << (sig - 1);
}

/* Signals whose default action is to do nothing (SIGCONT's continuing is done when it is sent). */
static inline bool sig_kernel_ignore(int sig)
{
	return sigmask(sig) & (sigmask(SIGCHLD) | sigmask(SIGCONT) | sigmask(SIGURG) |
			       sigmask(SIGWINCH));
}

#define STOP_SIGNALS	(sigmask(SIGSTOP) | sigmask(SIGTSTP) | sigmask(SIGTTIN) | sigmask(SIGTTOU))

/* Signals whose default action is to stop the process (kernel/signal_stop.c). */
static inline bool sig_kernel_stop(int sig)
{
	return sigmask(sig) & STOP_SIGNALS;
}

/* rt_sigaction()'s struct, in the order it has in memory on both arches. */
struct k_sigaction {
	void __user *handler;
	unsigned long flags;
	void __user *restorer;
	sigset_t mask;
};

/* What the kernel keeps of a pending signal's siginfo. */
struct kernel_siginfo {
	int signo;
	int code;
	int pid;		/* the sender (kill), or the child (SIGCHLD) */
	int status;		/* SIGCHLD: the exit code, or the signal that killed it */
	unsigned long addr;	/* a fault's address */
};

/* The siginfo a handler reads: 128 bytes on every arch. */
#define SI_MAX_SIZE	128
/* Write info as user space's siginfo_t: 0 or -EFAULT. */
int copy_siginfo_to_user(void __user *to, const struct kernel_siginfo *info);

/* A process's actions, and the siginfo of each signal it has pending (info[sig - 1]). */
struct sighand_struct {
	struct k_sigaction action[_NSIG];
	struct kernel_siginfo info[_NSIG];
};

/* A signal being delivered: what get_signal() found. */
struct ksignal {
	struct k_sigaction ka;
	struct kernel_siginfo info;
	int sig;
};

/* A pending signal t has not blocked: it must see it before it returns to user mode. */
static inline bool signal_pending(struct thread *t)
{
	return (READ_ONCE(t->pending) & ~t->blocked) != 0;
}

/* Send sig to t as kill() would (from the kernel: pid 0); 0 or -errno. */
int send_sig(int sig, struct thread *t, int code);
/* Queue a signal for t and wake it if it can take it now (tasklist_lock held). */
void send_signal_locked(struct thread *t, const struct kernel_siginfo *info);
/*
 * kernel/signal_stop.c. As sig is sent to t (tasklist_lock held): a stop
 * signal drops a pending SIGCONT; SIGCONT drops pending stop signals and
 * continues t if it is stopped. And the default action of a stop signal,
 * for the current process: stop until continued or killed.
 */
void prepare_signal_stop(struct thread *t, int sig);
void do_signal_stop(int sig);
/*
 * A child's end, told to its parent (tasklist_lock held): true when the
 * parent ignores SIGCHLD, and nobody will wait for the child.
 */
bool do_notify_parent(struct thread *t, int status);
/* From the kernel (a terminal's ^C): sig to every process of group pgrp; 0 or -ESRCH. */
int kill_pgrp(int pgrp, int sig);
/* A write to a pipe without readers: SIGPIPE to the writer. */
void send_sigpipe(void);

/* fork(): the child's actions and mask are copies; exec: handled signals back to default. */
int copy_sighand(struct thread *child, struct thread *parent);
int flush_signal_handlers(struct thread *t);
void exit_signals(struct thread *t);

/* The generic part of rt_sigreturn(): the mask saved in the frame comes back. */
void set_current_blocked(sigset_t set);
/*
 * A call that waits under a mask of the caller's (rt_sigsuspend, ppoll):
 * set it, keeping the caller's own to come back on the way out (after a
 * handler, in its frame); NULL: no change. 0, -EINVAL for a size not
 * sigset_t's, -EFAULT. Then, unless the call was interrupted (a handler is
 * to run under the mask), put the caller's own back now.
 */
int set_user_sigmask(const sigset_t __user *umask, size_t sigsetsize);
void restore_saved_sigmask_unless(bool interrupted);

/*
 * wait_event() (kernel/wait.h) for a system call a signal may interrupt:
 * 0 once the condition holds, -ERESTARTSYS when a signal is pending first
 * (kernel/signal_deliver.c turns it into EINTR or a restart).
 */
#define wait_event_interruptible(wq, condition)				\
	({								\
		struct wait_queue_entry __wait;				\
		int __ret = 0;						\
									\
		init_wait_entry(&__wait);				\
		for (;;) {						\
			prepare_to_wait(&(wq), &__wait);		\
			if (condition)					\
				break;					\
			if (signal_pending(current)) {			\
				__ret = -ERESTARTSYS;			\
				break;					\
			}						\
			schedule();					\
		}							\
		finish_wait(&(wq), &__wait);				\
		__ret;							\
	})

#endif
