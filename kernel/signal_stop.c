/*
 * Job control's stops (Linux's do_signal_stop() and the SIGCONT side of
 * prepare_signal(), for one thread per process). SIGSTOP, SIGTSTP, SIGTTIN
 * and SIGTTOU, with their default action, stop the process until a SIGCONT
 * or a SIGKILL comes; a shell's ^Z (the terminal's SIGTSTP to the
 * foreground group) and its fg and bg rest on this. The parent learns of
 * each change twice, as on Linux: a SIGCHLD (CLD_STOPPED, CLD_CONTINUED;
 * none if its SIGCHLD action has SA_NOCLDSTOP) and wait4() with WUNTRACED
 * or WCONTINUED, which tells each change once (t->wait_report).
 *
 * A stop signal sent drops a pending SIGCONT, and SIGCONT drops pending
 * stop signals, so the last one sent wins. SIGCONT continues the process
 * when it is sent, whatever its action (ignored, blocked or handled: the
 * handler runs later, as any other). A stopped process runs no handler:
 * other signals wait, pending. The keyboard's stop signals (SIGTSTP,
 * SIGTTIN, SIGTTOU) leave a process of an orphaned group running, since
 * no shell is left to continue it; SIGSTOP stops it anyway.
 */
#include <kernel/exit.h>
#include <kernel/process.h>
#include <kernel/sched.h>
#include <kernel/sched_signal.h>

/* SIGCHLD to t's parent for a stop or a continue (tasklist_lock held). */
static void notify_parent_cldstop(struct thread *t, int why, int sig)
{
	struct kernel_siginfo info = { .signo = SIGCHLD, .code = why, .pid = t->id,
				       .status = sig };
	struct thread *parent = t->parent;

	if (!parent || !parent->sighand ||
	    (parent->sighand->action[SIGCHLD - 1].flags & SA_NOCLDSTOP))
		return;
	send_signal_locked(parent, &info);
}

void prepare_signal_stop(struct thread *t, int sig)
{
	if (sig_kernel_stop(sig)) {
		t->pending &= ~sigmask(SIGCONT);
		return;
	}
	if (sig != SIGCONT)
		return;
	t->pending &= ~STOP_SIGNALS;
	if (!t->stopped)
		return;
	t->stopped = false;
	t->wait_report = 0xffff;
	notify_parent_cldstop(t, CLD_CONTINUED, SIGCONT);
	wake_up_process(t);
	wake_up_parent();
}

void do_signal_stop(int sig)
{
	struct thread *t = current;
	unsigned long flags;

	spin_lock_irqsave(&tasklist_lock, flags);
	if (sig != SIGSTOP && pgrp_orphaned(t->pgrp)) {
		spin_unlock_irqrestore(&tasklist_lock, flags);
		return;
	}
	t->stopped = true;
	t->wait_report = (sig << 8) | 0x7f;
	notify_parent_cldstop(t, CLD_STOPPED, sig);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	wake_up_parent();
	/* Until SIGCONT clears stopped, or a SIGKILL is pending (get_signal() then ends it). */
	for (;;) {
		set_current_state(THREAD_SLEEPING);
		if (!READ_ONCE(t->stopped) || (READ_ONCE(t->pending) & sigmask(SIGKILL)))
			break;
		schedule();
	}
	set_current_state(THREAD_RUNNING);
}
