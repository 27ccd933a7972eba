/*
 * n_tty, the line discipline (Linux's drivers/tty/n_tty.c, much reduced):
 * what sits between a terminal's line and the programs that read and
 * write it. Without it a program would see every key as it is pressed,
 * backspaces included, and nothing would stop a runaway program.
 *
 * Input, a byte at a time (n_tty_receive_char()), as termios says:
 * - ICRNL turns the CR that Enter sends into '\n' (IGNCR drops it, INLCR
 *   turns '\n' into CR); ISTRIP clears the eighth bit;
 * - ISIG: ^C (VINTR), ^\ (VQUIT), ^Z (VSUSP) are not input but SIGINT,
 *   SIGQUIT, SIGTSTP to the terminal's foreground process group; what was
 *   typed and not read is thrown away (unless NOFLSH);
 * - ICANON, canonical mode: input is kept as lines; the line being typed
 *   can be edited: VERASE (DEL, ^?; ^H too) rubs out a character, VWERASE
 *   (^W, with IEXTEN) a word, VKILL (^U) the line; '\n', VEOL and VEOL2 end
 *   the line, VEOF (^D) ends it without being part of it, so that ^D at
 *   the start of a line is a read() of 0 bytes: end of file. read()
 *   returns at most one line, and waits for a whole one;
 * - without ICANON (raw mode, editors, `read -n1`), bytes are readable as
 *   they come; VMIN and VTIME say how many read() waits for, and how long;
 * - ECHO sends what is typed back (control characters as ^X with ECHOCTL),
 *   and rubbed-out characters are erased on the screen ("\b \b", ECHOE).
 * Output (n_tty_write(), echo included) goes through OPOST: ONLCR makes
 * '\n' "\r\n", OCRNL CR '\n'.
 *
 * Left out, as a teaching kernel can: IXON flow control (^S and ^Q are
 * ordinary bytes), VLNEXT, VREPRINT, VDISCARD, parity, IUTF8's erase of a
 * whole UTF-8 character, the termios output delays.
 *
 * The tty's spinlock covers the ring and the column; echo is written with
 * it held, so that echo and a program's output each come out whole.
 */
#include <kernel/errno.h>
#include <kernel/sched_signal.h>
#include <kernel/string.h>
#include <kernel/timer.h>
#include <kernel/tty.h>
#include <kernel/uaccess.h>

#include "internal.h"

#define CHUNK		256	/* bytes moved to user space at a time */
#define EOF_MARK	0	/* a line end that is no byte: ^D's */

/* Is c the control character v? A c_cc of 0 is switched off (_POSIX_VDISABLE). */
static bool is_cc(struct tty_struct *tty, u8 c, int v)
{
	return c && c == tty->termios.c_cc[v];
}

/* The ring: byte i (counted from the start) and whether it ends a line. */
static u8 *ring(struct tty_struct *tty, unsigned long i)
{
	return &tty->read_buf[i & (N_TTY_BUF_SIZE - 1)];
}

static bool ends_line(struct tty_struct *tty, unsigned long i)
{
	i &= N_TTY_BUF_SIZE - 1;
	return tty->read_flags[i / 8] & (1 << (i % 8));
}

static void put_byte(struct tty_struct *tty, u8 c, bool eol)
{
	unsigned long i = tty->read_head & (N_TTY_BUF_SIZE - 1);

	if (eol)
		tty->read_flags[i / 8] |= 1 << (i % 8);
	else
		tty->read_flags[i / 8] &= ~(1 << (i % 8));
	*ring(tty, tty->read_head++) = c;
	if (eol)
		tty->canon_head = tty->read_head;
}

void n_tty_set_termios(struct tty_struct *tty, const struct ktermios *new)
{
	bool was_canon = lflag(tty, ICANON);

	tty->termios = *new;
	/*
	 * As Linux: into raw mode, the line being typed is readable bytes; out
	 * of it, the unread bytes are a line, ended at the last of them.
	 */
	if (!was_canon && lflag(tty, ICANON)) {
		if (tty->read_head != tty->read_tail) {
			tty->read_head--;
			put_byte(tty, *ring(tty, tty->read_head), true);
		}
		tty->canon_head = tty->read_head;
		tty->canon_column = tty->column;
	}
}

void n_tty_flush_input(struct tty_struct *tty)
{
	tty->read_tail = tty->canon_head = tty->read_head;
}

/* Free bytes in the ring. */
static size_t room(struct tty_struct *tty)
{
	return N_TTY_BUF_SIZE - (tty->read_head - tty->read_tail);
}

size_t n_tty_chars_ready(struct tty_struct *tty)
{
	if (lflag(tty, ICANON))
		return tty->canon_head - tty->read_tail;
	return tty->read_head - tty->read_tail;
}

bool n_tty_input_available(struct tty_struct *tty)
{
	u8 vmin = tty->termios.c_cc[VMIN];
	size_t want = !lflag(tty, ICANON) && vmin && !tty->termios.c_cc[VTIME] ? vmin : 1;

	return n_tty_chars_ready(tty) >= want;
}

/* The columns the echo of the line being typed takes, from where it started. */
static unsigned int line_column(struct tty_struct *tty)
{
	unsigned int col = tty->canon_column;

	for (unsigned long i = tty->canon_head; i != tty->read_head; i++) {
		u8 c = *ring(tty, i);

		if (c == '\t')
			col = (col | 7) + 1;
		else if (is_ctrl(c))
			col += lflag(tty, ECHOCTL) ? 2 : 0;
		else if ((c & 0xc0) != 0x80)
			col++;
	}
	return col;
}

/* Rub out the last character of the line being typed, on the screen too (ECHOE). */
static void rub_out(struct out *o, u8 c)
{
	struct tty_struct *tty = o->tty;

	if (!lflag(tty, ECHO))
		return;
	if (!lflag(tty, ECHOE)) {
		echo_char(o, tty->termios.c_cc[VERASE]);
	} else if (c == '\t') {
		/* The tab took the cursor to a stop: back to where the line before it ended. */
		for (unsigned int col = line_column(tty); tty->column > col;)
			out_char(o, '\b');
	} else if ((c & 0xc0) != 0x80) {
		int width = is_ctrl(c) ? (lflag(tty, ECHOCTL) ? 2 : 0) : 1;

		while (width--)
			out_str(o, "\b \b");
	}
}

enum erase_kind { ERASE, WERASE, KILL };

static bool word_char(u8 c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_';
}

/* VERASE, VWERASE, VKILL: the line being typed loses a character, a word, or all of it. */
static void erase(struct out *o, enum erase_kind kind, u8 key)
{
	struct tty_struct *tty = o->tty;
	bool in_word = false;

	if (kind == KILL && lflag(tty, ECHO) &&
	    !(lflag(tty, ECHOK) && lflag(tty, ECHOKE) && lflag(tty, ECHOE))) {
		/* Not erased on the screen: the kill character, and a newline with ECHOK. */
		tty->read_head = tty->canon_head;
		echo_char(o, key);
		if (lflag(tty, ECHOK))
			out_char(o, '\n');
		return;
	}
	while (tty->read_head != tty->canon_head) {
		u8 c = *ring(tty, tty->read_head - 1);

		if (kind == WERASE) {
			if (word_char(c))
				in_word = true;
			else if (in_word)
				break;
		}
		tty->read_head--;
		rub_out(o, c);
		if (kind == ERASE)
			break;
	}
}

/*
 * A byte typed in canonical mode (tty->lock held): false when it is not
 * one of the editing characters, and is stored as it is.
 */
static bool canon_special(struct out *o, u8 c)
{
	struct tty_struct *tty = o->tty;
	bool echo = lflag(tty, ECHO);

	if (is_cc(tty, c, VERASE) || c == '\b') {
		erase(o, ERASE, c);
	} else if (is_cc(tty, c, VKILL)) {
		erase(o, KILL, c);
	} else if (is_cc(tty, c, VWERASE) && lflag(tty, IEXTEN)) {
		erase(o, WERASE, c);
	} else if (!room(tty) && (is_cc(tty, c, VEOF) || c == '\n' || is_cc(tty, c, VEOL) ||
				  is_cc(tty, c, VEOL2))) {
		out_raw(o, '\a');	/* full of lines nobody read: the line's end is lost */
	} else if (is_cc(tty, c, VEOF)) {
		put_byte(tty, EOF_MARK, true);
	} else if (c == '\n' || is_cc(tty, c, VEOL) || is_cc(tty, c, VEOL2)) {
		if (echo || (c == '\n' && lflag(tty, ECHONL)))
			echo_char(o, c);
		put_byte(tty, c, true);
	} else {
		return false;
	}
	return true;
}

/* The signal a byte stands for under ISIG, or 0. */
static int isig_signal(struct tty_struct *tty, u8 c)
{
	if (!lflag(tty, ISIG))
		return 0;
	if (is_cc(tty, c, VINTR))
		return SIGINT;
	if (is_cc(tty, c, VQUIT))
		return SIGQUIT;
	if (is_cc(tty, c, VSUSP))
		return SIGTSTP;
	return 0;
}

void n_tty_receive_char(struct tty_struct *tty, u8 c)
{
	struct out o = { .tty = tty };
	u32 iflag = tty->termios.c_iflag;
	unsigned long flags;
	int sig;

	spin_lock_irqsave(&tty->lock, flags);
	if (iflag & ISTRIP)
		c &= 0x7f;
	if (c == '\r' && (iflag & IGNCR))
		goto out;
	if (c == '\r' && (iflag & ICRNL))
		c = '\n';
	else if (c == '\n' && (iflag & INLCR))
		c = '\r';
	sig = isig_signal(tty, c);
	if (sig) {
		if (!lflag(tty, NOFLSH))
			n_tty_flush_input(tty);
		if (lflag(tty, ECHO))
			echo_char(&o, c);
	} else if (!lflag(tty, ICANON) || !canon_special(&o, c)) {
		/* In canonical mode, the last byte of the ring is kept for the line's end. */
		if (room(tty) <= (lflag(tty, ICANON) ? 1 : 0)) {
			out_raw(&o, '\a');
			goto out;
		}
		if (tty->read_head == tty->canon_head)
			tty->canon_column = tty->column;
		if (lflag(tty, ECHO))
			echo_char(&o, c);
		put_byte(tty, c, false);
	}
	out_flush(&o);
	spin_unlock_irqrestore(&tty->lock, flags);
	if (sig)
		tty_signal_pgrp(tty, sig);
	if (n_tty_chars_ready(tty))
		wake_up(&tty->read_wait);
	return;
out:
	out_flush(&o);
	spin_unlock_irqrestore(&tty->lock, flags);
}

/*
 * Wait until want bytes can be read (canonical mode: a whole line), at most
 * timeout ticks: 0 (the caller looks at what there is), -EAGAIN for
 * nonblock when there is nothing, -ERESTARTSYS on a signal.
 */
static int wait_input(struct tty_struct *tty, size_t want, unsigned long timeout, bool nonblock)
{
	struct wait_queue_entry wait;
	int err = 0;
	size_t ready = n_tty_chars_ready(tty);

	if (ready >= want || !timeout)
		return 0;
	if (nonblock)
		return ready ? 0 : -EAGAIN;
	init_wait_entry(&wait);
	/* Queued first: the line's poller runs while anyone waits on read_wait (tty_io.c). */
	prepare_to_wait(&tty->read_wait, &wait);
	wake_up(&tty->rx_wait);
	for (;;) {
		prepare_to_wait(&tty->read_wait, &wait);
		if (n_tty_chars_ready(tty) >= want || !timeout)
			break;
		if (signal_pending(current)) {
			err = -ERESTARTSYS;
			break;
		}
		timeout = schedule_timeout(timeout);
	}
	finish_wait(&tty->read_wait, &wait);
	return err;
}

/* Take up to count bytes of the input into buf (canonical: up to the line's end); *eol when it came. */
static size_t take_input(struct tty_struct *tty, char *buf, size_t count, bool *eol)
{
	unsigned long flags, end;
	size_t n = 0;

	spin_lock_irqsave(&tty->lock, flags);
	end = lflag(tty, ICANON) ? tty->canon_head : tty->read_head;
	while (n < count && tty->read_tail != end) {
		unsigned long i = tty->read_tail++;
		u8 c = *ring(tty, i);

		if (lflag(tty, ICANON) && ends_line(tty, i)) {
			*eol = true;
			if (c != EOF_MARK)
				buf[n++] = c;
			break;
		}
		buf[n++] = c;
	}
	spin_unlock_irqrestore(&tty->lock, flags);
	return n;
}

long n_tty_read(struct tty_struct *tty, char __user *buf, size_t count, bool nonblock)
{
	u8 vmin = tty->termios.c_cc[VMIN], vtime = tty->termios.c_cc[VTIME];
	unsigned long interval = msecs_to_jiffies(vtime * 100);
	size_t done = 0, want = 1;
	unsigned long timeout = MAX_SCHEDULE_TIMEOUT;
	bool eol = false;
	char chunk[CHUNK];
	int err;

	if (!count)
		return 0;
	if (!lflag(tty, ICANON)) {
		if (!vmin)
			timeout = vtime ? interval : 0;	/* one byte, or none after VTIME */
		else if (!vtime)
			want = vmin < count ? vmin : count;
	}
	mutex_lock(&tty->read_mutex);
	err = wait_input(tty, want, timeout, nonblock);
	/* VMIN and VTIME both set: VTIME is the longest wait between bytes, once one came. */
	while (!err && !lflag(tty, ICANON) && vmin && vtime) {
		size_t have = n_tty_chars_ready(tty);

		if (have >= vmin || have >= count)
			break;
		wait_input(tty, have + 1, interval, false);
		if (n_tty_chars_ready(tty) == have)
			break;
	}
	while (!err && done < count && !eol) {
		size_t n = take_input(tty, chunk, count - done < CHUNK ? count - done : CHUNK, &eol);

		if (!n && !eol)
			break;
		if (copy_to_user(buf + done, chunk, n)) {
			err = -EFAULT;
			break;
		}
		done += n;
	}
	mutex_unlock(&tty->read_mutex);
	return done ? (long)done : err;
}
