/*
 * Delivering signals, and the calls that choose what delivery does:
 * rt_sigaction(), rt_sigprocmask(), rt_sigpending(), rt_sigsuspend().
 *
 * Every way back to user mode passes do_notify_resume() (the arch's entry
 * code after an interrupt or exception, do_syscall() after a call). With
 * a signal pending and unblocked, get_signal() takes the lowest one off
 * the pending set: its default action ends the program here, or it is
 * dropped (ignored), or its handler runs: the arch builds the rt signal
 * frame on the user stack (setup_rt_frame(), arch/<arch>/kernel/signal.c)
 * with the registers the program had and the mask to restore, and points
 * the registers at the handler, which returns through the restorer into
 * rt_sigreturn(), which puts everything back.
 *
 * A system call that a signal interrupted returns -ERESTARTSYS (or one of
 * its kin) instead of blocking on. Before the handler runs that becomes
 * -EINTR, or, with SA_RESTART (ERESTARTSYS) or without any handler
 * running, the call is rolled back to run again once the program returns
 * (syscall_restart(): the call instruction again, its registers as they
 * were).
 */
#include <asm/irqflags.h>
#include <asm/signal.h>
#include <asm/syscall.h>
#include <kernel/errno.h>
#include <kernel/exit.h>
#include <kernel/process.h>
#include <kernel/sched.h>
#include <kernel/sched_signal.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>

#define UNBLOCKABLE	(sigmask(SIGKILL) | sigmask(SIGSTOP))

/* rt_sigaction()'s struct as user space lays it out (handler, flags, restorer, mask). */
struct user_sigaction {
	void __user *handler;
	unsigned long flags;
	void __user *restorer;
	u32 mask[2];		/* 4-byte aligned on 32-bit ARM: not a u64 */
};

/*
 * siginfo_t: three ints, then the union, aligned as its longs and
 * pointers are (at 16 on x86_64, 12 on 32-bit ARM).
 */
struct user_siginfo {
	int si_signo, si_errno, si_code;
	union {
		struct {
			int pid;
			u32 uid;
		} kill;
		struct {
			int pid;
			u32 uid;
			int status;
			long utime, stime;
		} chld;
		void __user *addr;
		char pad[SI_MAX_SIZE - (3 * sizeof(int) + sizeof(long) - 1) / sizeof(long) *
			 sizeof(long)];
	} u;
};

_Static_assert(sizeof(struct user_siginfo) == SI_MAX_SIZE, "siginfo is not 128 bytes");

int copy_siginfo_to_user(void __user *to, const struct kernel_siginfo *info)
{
	struct user_siginfo si;

	memset(&si, 0, sizeof(si));
	si.si_signo = info->signo;
	si.si_code = info->code;
	switch (info->signo) {
	case SIGCHLD:
		si.u.chld.pid = info->pid;
		si.u.chld.status = info->status;
		break;
	case SIGSEGV:
	case SIGBUS:
	case SIGILL:
	case SIGFPE:
	case SIGTRAP:
		if (info->code > 0) {	/* from a fault */
			si.u.addr = (void __user *)info->addr;
			break;
		}
		si.u.kill.pid = info->pid;	/* sent by a process */
		break;
	default:
		si.u.kill.pid = info->pid;	/* uid 0: a root-only world */
	}
	return copy_to_user(to, &si, sizeof(si)) ? -EFAULT : 0;
}

/*
 * The next signal to deliver, taken off the pending set, or false. A
 * fatal one never comes back: the program ends, killed by it (its wait
 * status: the signal number; no core file, so no core flag). A stop
 * signal returns once the process is continued.
 */
static bool get_signal(struct ksignal *ksig)
{
	struct thread *t = current;
	unsigned long flags;

	for (;;) {
		sigset_t ready;
		int sig;

		spin_lock_irqsave(&tasklist_lock, flags);
		ready = t->pending & ~t->blocked;
		if (!ready) {
			spin_unlock_irqrestore(&tasklist_lock, flags);
			return false;
		}
		sig = __builtin_ctzll(ready) + 1;
		t->pending &= ~sigmask(sig);
		ksig->sig = sig;
		ksig->ka = t->sighand->action[sig - 1];
		ksig->info = t->sighand->info[sig - 1];
		if (ksig->ka.handler != SIG_DFL && ksig->ka.handler != SIG_IGN &&
		    (ksig->ka.flags & SA_RESETHAND))
			t->sighand->action[sig - 1].handler = SIG_DFL;
		spin_unlock_irqrestore(&tasklist_lock, flags);

		if (ksig->ka.handler == SIG_IGN)
			continue;
		if (ksig->ka.handler != SIG_DFL)
			return true;
		if (sig_kernel_ignore(sig))
			continue;
		if (sig_kernel_stop(sig)) {
			do_signal_stop(sig);
			continue;
		}
		do_exit(sig);
	}
}

/* The interrupted call's result, as the handler (or none) decides. */
static void handle_restart(struct pt_regs *regs, long syscall, const struct k_sigaction *ka)
{
	long ret = syscall_get_return_value(regs);

	switch (ret) {
	case -ERESTARTNOHAND:
		if (ka)
			syscall_set_return_value(regs, -EINTR);
		else
			syscall_restart(regs, syscall);
		break;
	case -ERESTARTSYS:
		if (ka && !(ka->flags & SA_RESTART))
			syscall_set_return_value(regs, -EINTR);
		else
			syscall_restart(regs, syscall);
		break;
	case -ERESTARTNOINTR:
		syscall_restart(regs, syscall);
		break;
	}
}

static void handle_signal(struct ksignal *ksig, struct pt_regs *regs)
{
	struct thread *t = current;
	sigset_t oldset = t->restore_sigmask ? t->saved_sigmask : t->blocked;
	unsigned long flags;

	t->restore_sigmask = false;
	if (setup_rt_frame(ksig, oldset, regs)) {
		/* No room for the frame (a bad stack pointer): as Linux, the program gets SIGSEGV. */
		do_exit(SIGSEGV);
	}
	spin_lock_irqsave(&tasklist_lock, flags);
	t->blocked |= ksig->ka.mask & ~UNBLOCKABLE;
	if (!(ksig->ka.flags & SA_NODEFER))
		t->blocked |= sigmask(ksig->sig) & ~UNBLOCKABLE;
	spin_unlock_irqrestore(&tasklist_lock, flags);
}

static bool is_restart(long ret)
{
	return ret == -ERESTARTSYS || ret == -ERESTARTNOINTR || ret == -ERESTARTNOHAND;
}

/* Out of line: the common case below stays a few instructions, with no frame to build. */
static __noinline void do_signal(struct pt_regs *regs, long syscall)
{
	struct thread *t = current;
	struct ksignal ksig;
	bool irqs_off;

	if (syscall >= 0 && (is_sigreturn(syscall) || !is_restart(syscall_get_return_value(regs))))
		syscall = -1;
	irqs_off = arch_irqs_disabled();
	if (irqs_off)
		arch_local_irq_enable();
	while (get_signal(&ksig)) {
		if (syscall >= 0)
			handle_restart(regs, syscall, &ksig.ka);
		syscall = -1;
		handle_signal(&ksig, regs);
	}
	if (syscall >= 0)
		handle_restart(regs, syscall, NULL);
	if (t->restore_sigmask) {
		t->restore_sigmask = false;
		set_current_blocked(t->saved_sigmask);
	}
	if (irqs_off)
		arch_local_irq_save();
}

void do_notify_resume(struct pt_regs *regs, long syscall)
{
	/* Nothing pending, the case of nearly every return (a restart is asked for only then). */
	if (signal_pending(current) || current->restore_sigmask)
		do_signal(regs, syscall);
}

void set_current_blocked(sigset_t set)
{
	unsigned long flags;

	spin_lock_irqsave(&tasklist_lock, flags);
	current->blocked = set & ~UNBLOCKABLE;
	spin_unlock_irqrestore(&tasklist_lock, flags);
}

SYSCALL_DEFINE4(rt_sigaction, int, sig, const struct user_sigaction __user *, act,
		struct user_sigaction __user *, oact, size_t, sigsetsize)
{
	struct sighand_struct *sh = current->sighand;
	struct user_sigaction new, old;
	struct k_sigaction *ka;
	unsigned long flags;

	if (sigsetsize != sizeof(sigset_t) || sig < 1 || sig > _NSIG)
		return -EINVAL;
	if (act && (sig == SIGKILL || sig == SIGSTOP))
		return -EINVAL;
	if (act && copy_from_user(&new, act, sizeof(new)))
		return -EFAULT;
	ka = &sh->action[sig - 1];
	spin_lock_irqsave(&tasklist_lock, flags);
	old.handler = ka->handler;
	old.flags = ka->flags;
	old.restorer = ka->restorer;
	old.mask[0] = ka->mask;
	old.mask[1] = ka->mask >> 32;
	if (act) {
		ka->handler = new.handler;
		ka->flags = new.flags;
		ka->restorer = new.restorer;
		ka->mask = (new.mask[0] | (u64)new.mask[1] << 32) & ~UNBLOCKABLE;
		/* Now ignored: a pending one is dropped, as Linux does. */
		if (ka->handler == SIG_IGN || (ka->handler == SIG_DFL && sig_kernel_ignore(sig)))
			current->pending &= ~sigmask(sig);
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	if (oact && copy_to_user(oact, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

SYSCALL_DEFINE4(rt_sigprocmask, int, how, const sigset_t __user *, nset, sigset_t __user *, oset,
		size_t, sigsetsize)
{
	sigset_t old = current->blocked, set;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (nset) {
		if (copy_from_user(&set, nset, sizeof(set)))
			return -EFAULT;
		switch (how) {
		case SIG_BLOCK:
			set |= old;
			break;
		case SIG_UNBLOCK:
			set = old & ~set;
			break;
		case SIG_SETMASK:
			break;
		default:
			return -EINVAL;
		}
		set_current_blocked(set);
	}
	if (oset && copy_to_user(oset, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

SYSCALL_DEFINE2(rt_sigpending, sigset_t __user *, uset, size_t, sigsetsize)
{
	sigset_t set = current->pending & current->blocked;

	if (sigsetsize > sizeof(sigset_t))
		return -EINVAL;
	return copy_to_user(uset, &set, sigsetsize) ? -EFAULT : 0;
}

int set_user_sigmask(const sigset_t __user *umask, size_t sigsetsize)
{
	struct thread *t = current;
	sigset_t set;

	if (!umask)
		return 0;
	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&set, umask, sizeof(set)))
		return -EFAULT;
	t->saved_sigmask = t->blocked;
	t->restore_sigmask = true;
	set_current_blocked(set);
	return 0;
}

void restore_saved_sigmask_unless(bool interrupted)
{
	struct thread *t = current;

	if (interrupted || !t->restore_sigmask)
		return;
	t->restore_sigmask = false;
	set_current_blocked(t->saved_sigmask);
}

/*
 * Sleep with the mask given until a signal is delivered; the caller's own
 * mask comes back after the handler (restore_sigmask: the frame gets it).
 */
SYSCALL_DEFINE2(rt_sigsuspend, const sigset_t __user *, unewset, size_t, sigsetsize)
{
	struct thread *t = current;
	int err;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	err = unewset ? set_user_sigmask(unewset, sigsetsize) : -EFAULT;
	if (err)
		return err;
	for (;;) {
		set_current_state(THREAD_SLEEPING);
		if (signal_pending(t))
			break;
		schedule();
	}
	set_current_state(THREAD_RUNNING);
	return -ERESTARTNOHAND;
}
