/*
 * The console as a terminal (Linux's drivers/tty/tty_io.c and
 * tty_jobctrl.c, for one tty): the serial line that printk() writes to is
 * also what programs read and write as fds 0, 1 and 2, /dev/console, the
 * line's own node (/dev/ttyS0 4:64 on x86_64, /dev/ttyAMA0 204:64 on ARM)
 * and, for a process whose controlling terminal it is, /dev/tty (5:0).
 *
 * Input. The UART's receive interrupt is not used (the serial monitor
 * polls too), so a kernel thread, tty_rx, polls the line every
 * POLL_MS and hands each byte to the line discipline (kernel/tty/n_tty.c)
 * while someone wants input: a reader waits in read() or poll(), or the terminal is
 * a session's controlling terminal, whose ^C must reach the foreground
 * group while nobody reads. Otherwise the line is left alone, and the
 * serial monitor, which runs once init has ended, reads it as before.
 * The thread is started by the first such use and sleeps when idle.
 *
 * Controlling terminal. A session leader (setsid()) gets the terminal as
 * Linux gives it: by TIOCSCTTY, or by opening the line's own node without
 * O_NOCTTY while the terminal has no session; opening /dev/console never
 * does (Linux's rule: init's console is nobody's controlling terminal).
 * Its foreground group starts as the leader's, and TIOCSPGRP moves it
 * (kernel/tty/tty_ioctl.c); ^C, ^\ and ^Z go to that group. Here the
 * terminal belongs to a session rather than to each process: every
 * process of the session has it. When the leader ends, the terminal is
 * free again (Linux also sends SIGHUP to the foreground group then; that
 * is not done). ^Z's SIGTSTP stops the group (kernel/signal_stop.c), but
 * a background group's read or write gets no SIGTTIN or SIGTTOU (not
 * done): it reads and writes as the foreground does.
 */
#include <kernel/console.h>
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/fs.h>
#include <kernel/init.h>
#include <kernel/kthread.h>
#include <kernel/poll.h>
#include <kernel/process.h>
#include <kernel/sched_signal.h>
#include <kernel/stat.h>
#include <kernel/string.h>
#include <kernel/timer.h>
#include <kernel/tty.h>

#include "internal.h"

#define POLL_MS		2	/* a byte typed waits for at most this */
#define TTY_DEV		MKDEV(5, 0)	/* /dev/tty: the caller's controlling terminal */
#define CONSOLE_DEV	MKDEV(5, 1)	/* /dev/console */

static struct tty_struct console_tty;
static struct thread *poller;
static DEFINE_MUTEX(poller_mutex);
static DEFINE_MUTEX(drain_mutex);

/* Linux's tty_std_termios and INIT_C_CC, a serial console's speed, a 24 x 80 window. */
void tty_init(struct tty_struct *tty, const char *name, const struct tty_operations *ops)
{
	static const u8 cc[NCCS] = {
		[VINTR] = CTRL('C'), [VQUIT] = CTRL('\\'), [VERASE] = DEL, [VKILL] = CTRL('U'),
		[VEOF] = CTRL('D'), [VMIN] = 1, [VSTART] = CTRL('Q'), [VSTOP] = CTRL('S'),
		[VSUSP] = CTRL('Z'), [VREPRINT] = CTRL('R'), [VDISCARD] = CTRL('O'),
		[VWERASE] = CTRL('W'), [VLNEXT] = CTRL('V'),
	};

	memset(tty, 0, sizeof(*tty));
	tty->name = name;
	tty->ops = ops;
	spin_lock_init(&tty->lock);
	mutex_init(&tty->read_mutex);
	init_waitqueue_head(&tty->read_wait);
	init_waitqueue_head(&tty->rx_wait);
	tty->termios.c_iflag = ICRNL | IXON;
	tty->termios.c_oflag = OPOST | ONLCR;
	tty->termios.c_cflag = B115200 | CS8 | CREAD | HUPCL | CLOCAL;
	tty->termios.c_lflag = ISIG | ICANON | ECHO | ECHOE | ECHOK | ECHOCTL | ECHOKE | IEXTEN;
	tty->termios.c_ispeed = tty->termios.c_ospeed = 115200;
	memcpy(tty->termios.c_cc, cc, sizeof(cc));
	tty->winsize.ws_row = 24;
	tty->winsize.ws_col = 80;
}

static void console_tty_write(struct tty_struct *tty, const char *buf, size_t len)
{
	(void)tty;
	console_out(buf, len, false);
}

/* TCIFLUSH: the bytes waiting in the UART are received input too (the poller has not come yet). */
static void console_tty_flush_input(struct tty_struct *tty)
{
	(void)tty;
	mutex_lock(&drain_mutex);
	while (console_read() >= 0)
		;
	mutex_unlock(&drain_mutex);
}

static const struct tty_operations console_tty_ops = {
	.write = console_tty_write,
	.flush_input = console_tty_flush_input,
};

/* A reader or a poll() waits for input, or a session owns the terminal (its ^C). */
static bool console_wants_input(void)
{
	return !list_empty(&console_tty.read_wait.head) || tty_session(&console_tty);
}

/* What the line holds to the line discipline; one drainer at a time keeps the bytes in order. */
static void console_tty_drain(void)
{
	int c;

	mutex_lock(&drain_mutex);
	while ((c = console_read()) >= 0)
		n_tty_receive_char(&console_tty, c);
	mutex_unlock(&drain_mutex);
}

static int tty_rx(void *arg)
{
	(void)arg;
	for (;;) {
		wait_event(console_tty.rx_wait, console_wants_input());
		console_tty_drain();
		msleep(POLL_MS);
	}
	return 0;
}

/* 0 once the polling thread runs, -EAGAIN when no thread could be made. */
static int start_poller(void)
{
	mutex_lock(&poller_mutex);
	if (!poller)
		poller = kthread_run(tty_rx, NULL, "tty_rx");
	mutex_unlock(&poller_mutex);
	return poller ? 0 : -EAGAIN;
}

static int __init console_tty_init(void)
{
	tty_init(&console_tty, console ? console->name : "console", &console_tty_ops);
	return 0;
}
core_initcall(console_tty_init);

/* The line's own number (4:64 or 204:64), 0 without a console. */
static dev_t line_dev(void)
{
	return console ? MKDEV(console->major, console->minor) : 0;
}

bool tty_device(dev_t dev)
{
	return dev == TTY_DEV || dev == CONSOLE_DEV || (dev && dev == line_dev());
}

struct tty_struct *file_tty(const struct file *f)
{
	if (f->f_pipe)
		return NULL;
	if (!f->f_inode)	/* fds 0, 1 and 2 of the first program */
		return &console_tty;
	if (S_ISCHR(f->f_inode->i_mode) && tty_device(f->f_inode->i_rdev))
		return &console_tty;
	return NULL;
}

int tty_session(struct tty_struct *tty)
{
	unsigned long flags;
	int sid = READ_ONCE(tty->session);

	if (!sid || session_leader_alive(sid))
		return sid;
	spin_lock_irqsave(&tty->lock, flags);
	if (tty->session == sid)
		tty->session = tty->pgrp = 0;
	spin_unlock_irqrestore(&tty->lock, flags);
	return 0;
}

bool tty_is_ctty(struct tty_struct *tty)
{
	return current->session && tty_session(tty) == current->session;
}

int tty_set_ctty(struct tty_struct *tty, bool steal)
{
	unsigned long flags;
	int sid = tty_session(tty);

	if (current->session != current->id)
		return -EPERM;		/* only a session leader */
	if (sid == current->id)
		return 0;
	/* Another session's: only root, asking to (arg 1), takes it over. */
	if (sid && !(steal && current->uid == 0))
		return -EPERM;
	spin_lock_irqsave(&tty->lock, flags);
	tty->session = current->id;
	tty->pgrp = current->pgrp;
	spin_unlock_irqrestore(&tty->lock, flags);
	wake_up(&tty->rx_wait);
	return tty == &console_tty ? start_poller() : 0;
}

/*
 * The leader gives the terminal up for the session: its foreground group
 * gets SIGHUP and SIGCONT, as on Linux. Linux lets any other process of
 * the session give up its own; here the terminal is the session's, so
 * that is refused (EPERM) rather than pretended.
 */
int tty_drop_ctty(struct tty_struct *tty)
{
	unsigned long flags;
	int pgrp;

	if (!tty_is_ctty(tty))
		return -ENOTTY;
	if (current->session != current->id)
		return -EPERM;
	spin_lock_irqsave(&tty->lock, flags);
	pgrp = tty->pgrp;
	tty->session = tty->pgrp = 0;
	spin_unlock_irqrestore(&tty->lock, flags);
	if (pgrp > 0) {
		kill_pgrp(pgrp, SIGHUP);
		kill_pgrp(pgrp, SIGCONT);
	}
	return 0;
}

void tty_signal_pgrp(struct tty_struct *tty, int sig)
{
	int pgrp = tty_session(tty) ? READ_ONCE(tty->pgrp) : 0;

	if (pgrp > 0)
		kill_pgrp(pgrp, sig);
}

int tty_open(dev_t dev, unsigned int flags)
{
	struct tty_struct *tty = &console_tty;

	if (dev == TTY_DEV)
		return tty_is_ctty(tty) ? 0 : -ENXIO;
	/* The line's node, by a session leader, while the terminal is nobody's: it is now its. */
	if (dev == line_dev() && !(flags & O_NOCTTY) && current->session == current->id &&
	    !tty_session(tty))
		return tty_set_ctty(tty, false);
	return 0;
}

long tty_read(struct file *f, char __user *buf, size_t count)
{
	struct tty_struct *tty = file_tty(f);
	bool nonblock = f->f_flags & O_NONBLOCK;
	int err = 0;

	if (tty == &console_tty) {
		err = start_poller();
		if (nonblock)	/* it does not wait for the poller: what was typed is looked at now */
			console_tty_drain();
	}
	return err ? err : n_tty_read(tty, buf, count, nonblock);
}

unsigned int tty_poll(struct tty_struct *tty, struct poll_table *pt)
{
	unsigned int mask = POLLOUT | POLLWRNORM;

	/* The first time: what was typed is looked at now, and the poller runs while the caller waits. */
	if (pt && tty == &console_tty && !start_poller()) {
		console_tty_drain();
		poll_wait(&tty->read_wait, pt);
		wake_up(&tty->rx_wait);
	}
	if (n_tty_input_available(tty))
		mask |= POLLIN | POLLRDNORM;
	return mask;
}
