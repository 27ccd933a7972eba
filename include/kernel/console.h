/*
 * The console: where printk() output goes. Each arch has one serial driver
 * (16550 on x86_64, PL011 on ARM) and registers it from
 * arch_console_init(), the first thing start_kernel() does.
 */
#ifndef _KERNEL_CONSOLE_H
#define _KERNEL_CONSOLE_H

#include <kernel/types.h>

struct console {
	const char *name;
	/* crlf: each '\n' goes out as "\r\n" (printk's lines); else the bytes as they are. */
	void (*write)(const char *s, size_t len, bool crlf);
	/* Returns a received byte, or -1 when none is waiting. */
	int (*read)(void);
	/* The device number Linux gives the line (ttyS0 4:64, ttyAMA0 204:64). */
	unsigned int major, minor;
};

/* The registered console, NULL before one is (the terminal reads its name and number). */
extern struct console *console;
void register_console(struct console *con);
/* Below printk's levels (KTAP results always reach the line); "\n" goes out as "\r\n". */
void console_write(const char *s, size_t len);
/* The same with crlf false: the bytes as they are (kernel/tty/ did the CRs it wants). */
void console_out(const char *s, size_t len, bool crlf);
/* A byte typed on the console, or -1 when none is waiting: input is polled. */
int console_read(void);

/* Provided by the arch: set up its UART and register_console() it. */
void arch_console_init(void);

#endif
