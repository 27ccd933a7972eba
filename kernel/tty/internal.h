/*
 * What the two halves of the line discipline share: kernel/tty/n_tty.c
 * (input, read) echoes through kernel/tty/n_tty_output.c (output
 * processing), which keeps the column that erasing a tab needs.
 */
#ifndef _TTY_INTERNAL_H
#define _TTY_INTERNAL_H

#include <kernel/tty.h>

#define CTRL(c)		((c) & 0x1f)
#define DEL		0x7f

static inline bool lflag(struct tty_struct *tty, u32 flag)
{
	return tty->termios.c_lflag & flag;
}

static inline bool is_ctrl(u8 c)
{
	return c < ' ' || c == DEL;
}

/* Output on its way to the driver, gathered so that it goes a buffer at a time. */
struct out {
	struct tty_struct *tty;
	size_t n;
	char buf[64];
};

/* All with tty->lock held. */
void out_flush(struct out *o);
/* A byte as it is; through OPOST (and counted in the column); a string through OPOST. */
void out_raw(struct out *o, char c);
void out_char(struct out *o, u8 c);
void out_str(struct out *o, const char *s);
/* The echo of a typed byte: a control character (not tab or newline) as ^X with ECHOCTL. */
void echo_char(struct out *o, u8 c);

#endif
