/*
 * A terminal's ioctls (Linux's drivers/tty/tty_ioctl.c and the job-control
 * ones of tty_jobctrl.c), with Linux's numbers and errors: what a C
 * library's isatty(), tcgetattr()/tcsetattr(), tcgetpgrp()/tcsetpgrp() and
 * a shell's job control ask. Any other number is ENOTTY, as for a file
 * that is no terminal (kernel/fs/open.c).
 *
 *   TCGETS, TCSETS, TCSETSW, TCSETSF  struct termios (36 bytes); TCSETSF
 *                       first throws away what was typed and not read, and
 *                       TCSETSW has nothing to wait for: output is written
 *                       to the line before write() returns
 *   TCGETS2, TCSETS2*   the same with the speeds (struct termios2), which
 *                       newer C libraries use; TCSETS keeps the speeds
 *   TCFLSH              throw away unread input (TCIFLUSH, TCIOFLUSH), the
 *                       bytes still waiting in the UART too
 *   TIOCGWINSZ, TIOCSWINSZ  the window size a full-screen program lays out
 *                       in; a new size is SIGWINCH to the foreground group
 *   TIOCGPGRP, TIOCSPGRP, TIOCGSID  the foreground group and the session,
 *                       only on the caller's controlling terminal (ENOTTY)
 *   TIOCSCTTY, TIOCNOTTY  take or give up the controlling terminal
 *   FIONREAD, TIOCOUTQ  bytes a read would take; bytes not yet sent (0)
 *   TIOCSTI             put a byte into the input as if typed: on the
 *                       caller's controlling terminal, or by root, as on
 *                       Linux (the self-tests type through it)
 */
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/process.h>
#include <kernel/sched_signal.h>
#include <kernel/string.h>
#include <kernel/tty.h>
#include <kernel/uaccess.h>

static long get_termios(struct tty_struct *tty, void __user *p, size_t size)
{
	struct ktermios t;
	unsigned long flags;

	spin_lock_irqsave(&tty->lock, flags);
	t = tty->termios;
	spin_unlock_irqrestore(&tty->lock, flags);
	return copy_to_user(p, &t, size) ? -EFAULT : 0;
}

static long set_termios(struct tty_struct *tty, const void __user *p, size_t size, bool flush)
{
	struct ktermios t;
	unsigned long flags;

	spin_lock_irqsave(&tty->lock, flags);
	t = tty->termios;		/* TCSETS: the speeds stay */
	spin_unlock_irqrestore(&tty->lock, flags);
	if (copy_from_user(&t, p, size))
		return -EFAULT;
	spin_lock_irqsave(&tty->lock, flags);
	if (flush)
		n_tty_flush_input(tty);
	n_tty_set_termios(tty, &t);
	spin_unlock_irqrestore(&tty->lock, flags);
	/* Readers wait for a line, or for VMIN bytes: what they wait for may have come. */
	wake_up(&tty->read_wait);
	return 0;
}

static long flush(struct tty_struct *tty, unsigned long queue)
{
	unsigned long flags;

	if (queue != TCIFLUSH && queue != TCOFLUSH && queue != TCIOFLUSH)
		return -EINVAL;
	if (queue == TCOFLUSH)
		return 0;	/* output is never queued */
	if (tty->ops->flush_input)
		tty->ops->flush_input(tty);
	spin_lock_irqsave(&tty->lock, flags);
	n_tty_flush_input(tty);
	spin_unlock_irqrestore(&tty->lock, flags);
	return 0;
}

static long set_winsize(struct tty_struct *tty, const void __user *p)
{
	struct winsize ws;
	unsigned long flags;
	bool changed;

	if (copy_from_user(&ws, p, sizeof(ws)))
		return -EFAULT;
	spin_lock_irqsave(&tty->lock, flags);
	changed = memcmp(&ws, &tty->winsize, sizeof(ws)) != 0;
	tty->winsize = ws;
	spin_unlock_irqrestore(&tty->lock, flags);
	if (changed)
		tty_signal_pgrp(tty, SIGWINCH);
	return 0;
}

static long get_winsize(struct tty_struct *tty, void __user *p)
{
	struct winsize ws;
	unsigned long flags;

	spin_lock_irqsave(&tty->lock, flags);
	ws = tty->winsize;
	spin_unlock_irqrestore(&tty->lock, flags);
	return copy_to_user(p, &ws, sizeof(ws)) ? -EFAULT : 0;
}

/*
 * tcsetpgrp(): a group of the caller's session becomes the foreground.
 * Linux's order of checks: a bad pointer EFAULT, a negative group EINVAL,
 * not the caller's terminal ENOTTY, a group with nobody in it ESRCH, one
 * of another session EPERM.
 */
static long set_pgrp(struct tty_struct *tty, const int __user *p)
{
	unsigned long flags;
	int pgrp, sid;

	if (get_user(pgrp, p))
		return -EFAULT;
	if (pgrp < 0)
		return -EINVAL;
	if (!tty_is_ctty(tty))
		return -ENOTTY;
	sid = pgrp ? pgrp_session(pgrp) : -ESRCH;	/* group 0: the kernel's own */
	if (sid < 0)
		return sid;
	if (sid != current->session)
		return -EPERM;
	spin_lock_irqsave(&tty->lock, flags);
	tty->pgrp = pgrp;
	spin_unlock_irqrestore(&tty->lock, flags);
	return 0;
}

/* An int for user space: 0 or -EFAULT. */
static long put_int(void __user *p, int value)
{
	return put_user(value, (int __user *)p) ? -EFAULT : 0;
}

static long simulate_input(struct tty_struct *tty, const char __user *p)
{
	char c;

	if (!tty_is_ctty(tty) && current->uid != 0)
		return -EPERM;
	if (get_user(c, p))
		return -EFAULT;
	n_tty_receive_char(tty, c);
	return 0;
}

long tty_ioctl(struct tty_struct *tty, struct file *f, unsigned int cmd, unsigned long arg)
{
	void __user *p = (void __user *)arg;
	unsigned long flags;
	size_t ready;

	(void)f;
	switch (cmd) {
	case TCGETS:
		return get_termios(tty, p, TERMIOS_SIZE);
	case TCGETS2:
		return get_termios(tty, p, sizeof(struct ktermios));
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
		return set_termios(tty, p, TERMIOS_SIZE, cmd == TCSETSF);
	case TCSETS2:
	case TCSETSW2:
	case TCSETSF2:
		return set_termios(tty, p, sizeof(struct ktermios), cmd == TCSETSF2);
	case TCFLSH:
		return flush(tty, arg);
	case TIOCGWINSZ:
		return get_winsize(tty, p);
	case TIOCSWINSZ:
		return set_winsize(tty, p);
	case TIOCGPGRP:
		return tty_is_ctty(tty) ? put_int(p, READ_ONCE(tty->pgrp)) : -ENOTTY;
	case TIOCSPGRP:
		return set_pgrp(tty, p);
	case TIOCGSID:
		return tty_is_ctty(tty) ? put_int(p, current->session) : -ENOTTY;
	case TIOCSCTTY:
		return tty_set_ctty(tty, arg == 1);
	case TIOCNOTTY:
		return tty_drop_ctty(tty);
	case FIONREAD:
		spin_lock_irqsave(&tty->lock, flags);
		ready = n_tty_chars_ready(tty);
		spin_unlock_irqrestore(&tty->lock, flags);
		return put_int(p, ready);
	case TIOCOUTQ:
		return put_int(p, 0);
	case TIOCSTI:
		return simulate_input(tty, p);
	default:
		return -ENOTTY;
	}
}
