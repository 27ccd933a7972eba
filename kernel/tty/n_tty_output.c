/*
 * The line discipline's output (Linux's process_output() and echo in
 * drivers/tty/n_tty.c): what a program writes, and the echo of what is
 * typed, go to the line through OPOST, so that a program's "\n" is the
 * "\r\n" a terminal needs to start the next line at its left edge (ONLCR;
 * OCRNL turns CR into '\n'). Without OPOST bytes go out as they are, as an
 * editor in raw mode wants. The column is kept as the bytes go, for
 * kernel/tty/n_tty.c's erase of a tab.
 */
#include <kernel/tty.h>

#include "internal.h"

void out_flush(struct out *o)
{
	if (o->n)
		o->tty->ops->write(o->tty, o->buf, o->n);
	o->n = 0;
}

void out_raw(struct out *o, char c)
{
	if (o->n == sizeof(o->buf))
		out_flush(o);
	o->buf[o->n++] = c;
}

void out_char(struct out *o, u8 c)
{
	struct tty_struct *tty = o->tty;
	u32 oflag = tty->termios.c_oflag;

	if (!(oflag & OPOST)) {
		out_raw(o, c);
		return;
	}
	if (c == '\r' && (oflag & OCRNL))
		c = '\n';
	if (c == '\n' && (oflag & ONLCR)) {
		out_raw(o, '\r');
		tty->column = 0;
	} else if (c == '\r') {
		tty->column = 0;
	} else if (c == '\t') {
		tty->column = (tty->column | 7) + 1;
	} else if (c == '\b') {
		if (tty->column)
			tty->column--;
	} else if (!is_ctrl(c) && (c & 0xc0) != 0x80) {	/* not a UTF-8 continuation byte */
		tty->column++;
	}
	out_raw(o, c);
}

void out_str(struct out *o, const char *s)
{
	while (*s)
		out_char(o, *s++);
}

void echo_char(struct out *o, u8 c)
{
	if (lflag(o->tty, ECHOCTL) && is_ctrl(c) && c != '\t' && c != '\n') {
		out_char(o, '^');
		out_char(o, c ^ 0x40);
	} else {
		out_char(o, c);
	}
}

/*
 * How many of the bytes at buf go to the driver as they are (Linux's
 * process_output_block()): all without OPOST; with it, a run of printable
 * ASCII, each a column. The rest goes a byte at a time through out_char().
 */
static size_t plain_run(struct tty_struct *tty, const char *buf, size_t len)
{
	size_t n = 0;

	if (!(tty->termios.c_oflag & OPOST))
		return len;
	while (n < len && (u8)buf[n] >= ' ' && (u8)buf[n] < DEL)
		n++;
	tty->column += n;
	return n;
}

void n_tty_write(struct tty_struct *tty, const char *buf, size_t len)
{
	struct out o = { .tty = tty };
	unsigned long flags;

	spin_lock_irqsave(&tty->lock, flags);
	for (size_t i = 0; i < len;) {
		size_t n = plain_run(tty, buf + i, len - i);

		if (n) {
			out_flush(&o);
			tty->ops->write(tty, buf + i, n);
			i += n;
		} else {
			out_char(&o, buf[i++]);
		}
	}
	out_flush(&o);
	spin_unlock_irqrestore(&tty->lock, flags);
}