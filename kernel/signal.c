/*
 * Sending signals: kill(), tgkill(), tkill() from a process, and the
 * kernel's own: a fault (force_sig_fault()), a child's end (SIGCHLD), a
 * write to a pipe nobody reads (SIGPIPE). A signal sent is pending in its
 * target until the target returns to user mode with it unblocked
 * (kernel/signal_deliver.c); a sleeping target is woken for it, and the
 * call it sleeps in returns early (-ERESTARTSYS, -EINTR...).
 *
 * As in Linux, a standard signal is pending at most once: a second one
 * sent before the first is delivered is merged into it, with the first
 * one's siginfo. Real-time signals (32-64) are kept the same way here, not
 * queued one by one (a trade-off: no program here counts them).
 *
 * tasklist_lock guards every thread's signal fields as well as the
 * family ones: the sender looks up its target, checks that it has not
 * ended and queues, all under the one lock (Linux's siglock).
 *
 * One thread per process: kill(pid) signals that one process, kill(0)
 * every process of the caller's group and kill(-pgid) those of group pgid
 * (kernel/pgrp.c).
 */
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/exit.h>
#include <kernel/mm.h>
#include <kernel/printk.h>
#include <kernel/process.h>
#include <kernel/sched.h>
#include <kernel/sched_signal.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>

#include "sched_internal.h"

#include <asm/ptrace.h>

/* Whether t would do nothing with sig; a blocked one waits, its action may change meanwhile. */
static bool sig_ignored(struct thread *t, int sig)
{
	void __user *handler = t->sighand->action[sig - 1].handler;

	if (sig == SIGKILL || (t->blocked & sigmask(sig)))
		return false;
	return handler == SIG_IGN || (handler == SIG_DFL && sig_kernel_ignore(sig));
}

void send_signal_locked(struct thread *t, const struct kernel_siginfo *info)
{
	int sig = info->signo;

	if (!t->sighand || t->exited)
		return;
	prepare_signal_stop(t, sig);	/* even ignored: SIGCONT continues */
	if (sig_ignored(t, sig))
		return;
	if (!(t->pending & sigmask(sig))) {
		t->sighand->info[sig - 1] = *info;
		WRITE_ONCE(t->pending, t->pending | sigmask(sig));
	}
	if (!(t->blocked & sigmask(sig)))
		wake_up_process(t);
}

int send_sig(int sig, struct thread *t, int code)
{
	struct kernel_siginfo info = { .signo = sig, .code = code };
	unsigned long flags;

	spin_lock_irqsave(&tasklist_lock, flags);
	send_signal_locked(t, &info);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return 0;
}

void send_sigpipe(void)
{
	send_sig(SIGPIPE, current, SI_USER);
}

static const char *fault_name(int sig)
{
	switch (sig) {
	case SIGSEGV: return "segfault";
	case SIGBUS: return "bus error";
	case SIGILL: return "illegal instruction";
	case SIGFPE: return "floating point exception";
	case SIGTRAP: return "trap";
	default: return "fatal signal";
	}
}

void force_sig_fault(int sig, int code, unsigned long addr, struct pt_regs *regs,
		     unsigned long error)
{
	struct thread *t = current;
	int width = 2 * sizeof(long);
	bool fatal = true;
	unsigned long flags;
	struct kernel_siginfo info;

	/* No page where a file mapping runs past its file's end: Linux's SIGBUS. */
	if (sig == SIGSEGV && code == SEGV_MAPERR && fault_past_file_end(t->mm, addr)) {
		sig = SIGBUS;
		code = BUS_ADRERR;
	}
	info = (struct kernel_siginfo){ .signo = sig, .code = code, .addr = addr };
	spin_lock_irqsave(&tasklist_lock, flags);
	if (t->sighand) {
		struct k_sigaction *ka = &t->sighand->action[sig - 1];

		/* Blocked or ignored, the fault would only come back: Linux makes it fatal. */
		if ((t->blocked & sigmask(sig)) || ka->handler == SIG_IGN) {
			t->blocked &= ~sigmask(sig);
			ka->handler = SIG_DFL;
		}
		fatal = ka->handler == SIG_DFL;
		send_signal_locked(t, &info);
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	if (!fatal)
		return;
	pr_info("%s[%d]: %s at %lx ip %0*lx sp %0*lx error %lx\n", t->name, t->id,
		fault_name(sig), addr, width, instruction_pointer(regs), width,
		user_stack_pointer(regs), error);
	if (!t->sighand)
		do_exit(sig);
}

/* Send to one process, as the caller: with sig 0, only whether it exists. */
static int kill_pid(int pid, int sig, int code)
{
	struct kernel_siginfo info = { .signo = sig, .code = code, .pid = current->id };
	unsigned long flags;
	struct thread *t;

	spin_lock_irqsave(&tasklist_lock, flags);
	t = find_process(pid);
	if (t && sig)
		send_signal_locked(t, &info);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return t ? 0 : -ESRCH;
}

/*
 * Many processes: kill(-1, sig) every one but the caller and init (pid 1),
 * all set; kill(0, sig) and kill(-pgrp, sig) every one of group pgrp.
 * ESRCH when there was none.
 */
static int kill_many(const struct kernel_siginfo *info, bool all, int pgrp)
{
	unsigned long flags;
	int found = 0;

	spin_lock_irqsave(&tasklist_lock, flags);
	for (int i = 0; i < NR_THREADS; i++) {
		struct thread *t = &thread_table[i];

		if (!is_process(t))
			continue;
		if (all ? t == current || t->id == 1 : t->pgrp != pgrp)
			continue;
		found++;
		if (info->signo)
			send_signal_locked(t, info);
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return found ? 0 : -ESRCH;
}

static bool valid_signal(int sig)
{
	return sig >= 0 && sig <= _NSIG;
}

SYSCALL_DEFINE2(kill, int, pid, int, sig)
{
	struct kernel_siginfo info = { .signo = sig, .code = SI_USER, .pid = current->id };

	if (!valid_signal(sig))
		return -EINVAL;
	if (pid == -1)
		return kill_many(&info, true, 0);
	if (pid == 0)
		return kill_many(&info, false, current->pgrp);
	if (pid < 0)	/* -pid overflows for INT_MIN */
		return pid == -__INT_MAX__ - 1 ? -ESRCH : kill_many(&info, false, -pid);
	return kill_pid(pid, sig, SI_USER);
}

int kill_pgrp(int pgrp, int sig)
{
	struct kernel_siginfo info = { .signo = sig, .code = SI_KERNEL };

	return kill_many(&info, false, pgrp);
}

/* One thread per process: the thread group tgid has the one thread tid = tgid. */
SYSCALL_DEFINE3(tgkill, int, tgid, int, pid, int, sig)
{
	if (pid <= 0 || tgid <= 0 || !valid_signal(sig))
		return -EINVAL;
	if (tgid != pid)
		return -ESRCH;
	return kill_pid(pid, sig, SI_TKILL);
}

SYSCALL_DEFINE2(tkill, int, pid, int, sig)
{
	if (pid <= 0 || !valid_signal(sig))
		return -EINVAL;
	return kill_pid(pid, sig, SI_TKILL);
}

/*
 * t's end, told to its parent (tasklist_lock held): its exit signal, with
 * the status as SIGCHLD's siginfo has it. True when the parent ignores
 * SIGCHLD (or asked SA_NOCLDWAIT): then, as in Linux, nobody waits for
 * the child and the caller lets it go at once.
 */
bool do_notify_parent(struct thread *t, int status)
{
	struct thread *parent = t->parent;
	struct kernel_siginfo info = { .signo = t->exit_signal, .pid = t->id };
	struct k_sigaction *ka;

	if (!parent || !parent->sighand)
		return false;
	info.code = status & 0x7f ? CLD_KILLED : CLD_EXITED;
	info.status = status & 0x7f ? status & 0x7f : (status >> 8) & 0xff;
	ka = &parent->sighand->action[SIGCHLD - 1];
	if (t->exit_signal == SIGCHLD &&
	    (ka->handler == SIG_IGN || (ka->flags & SA_NOCLDWAIT)))
		return true;
	if (valid_signal(t->exit_signal) && t->exit_signal)
		send_signal_locked(parent, &info);
	return false;
}

int copy_sighand(struct thread *child, struct thread *parent)
{
	struct sighand_struct *sh = kzalloc(sizeof(*sh));
	unsigned long flags;

	if (!sh)
		return -ENOMEM;
	spin_lock_irqsave(&tasklist_lock, flags);
	if (parent->sighand)
		memcpy(sh->action, parent->sighand->action, sizeof(sh->action));
	child->blocked = parent->blocked;
	child->pending = 0;
	child->stopped = false;
	child->wait_report = 0;
	child->sighand = sh;
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return 0;
}

/* exec: a handler's address means nothing in the new program; ignored stays ignored. */
int flush_signal_handlers(struct thread *t)
{
	unsigned long flags;

	/* A kernel thread becoming a process (call_usermodehelper()): all default, none blocked. */
	if (!t->sighand)
		return copy_sighand(t, t);
	spin_lock_irqsave(&tasklist_lock, flags);
	for (int i = 0; i < _NSIG; i++) {
		struct k_sigaction *ka = &t->sighand->action[i];

		if (ka->handler != SIG_IGN)
			ka->handler = SIG_DFL;
		ka->flags = 0;
		ka->restorer = NULL;
		ka->mask = 0;
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return 0;
}

/* do_exit(): nothing more can be sent to t, nor delivered. */
void exit_signals(struct thread *t)
{
	struct sighand_struct *sh;
	unsigned long flags;

	spin_lock_irqsave(&tasklist_lock, flags);
	sh = t->sighand;
	t->sighand = NULL;
	t->pending = 0;
	spin_unlock_irqrestore(&tasklist_lock, flags);
	kfree(sh);
}
