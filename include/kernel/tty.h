/*
 * Terminals (kernel/tty/): the serial console seen by programs as Linux
 * shows a terminal, so that a shell can read lines a person edits as they
 * type, and ^C can stop what the shell runs.
 *
 *   kernel/tty/n_tty.c      the line discipline: what a typed byte does (echo,
 *                           erase, kill, end of file, ^C), how read() takes
 *                           a line or bytes, how output is post-processed
 *   kernel/tty/tty_io.c     the console's tty: its input polled from the UART,
 *                           read/write/open of the console's files, /dev/tty,
 *                           the controlling terminal of a session
 *   kernel/tty/tty_ioctl.c  the ioctls: termios, window size, foreground group
 *
 * The layouts and numbers are Linux's, the same on x86_64 and ARM
 * (asm-generic/termbits.h and ioctls.h): a program built against Linux's
 * headers passes its struct termios and struct winsize unchanged.
 */
#ifndef _KERNEL_TTY_H
#define _KERNEL_TTY_H

#include <kernel/compiler.h>
#include <kernel/mutex.h>
#include <kernel/spinlock.h>
#include <kernel/types.h>
#include <kernel/wait.h>

/* c_cc[]: the control characters. */
#define VINTR		0
#define VQUIT		1
#define VERASE		2
#define VKILL		3
#define VEOF		4
#define VTIME		5
#define VMIN		6
#define VSWTC		7
#define VSTART		8
#define VSTOP		9
#define VSUSP		10
#define VEOL		11
#define VREPRINT	12
#define VDISCARD	13
#define VWERASE		14
#define VLNEXT		15
#define VEOL2		16
#define NCCS		19

/* c_iflag */
#define ISTRIP		0x0020
#define INLCR		0x0040
#define IGNCR		0x0080
#define ICRNL		0x0100
#define IXON		0x0400
/* c_oflag */
#define OPOST		0x0001
#define ONLCR		0x0004
#define OCRNL		0x0008
/* c_cflag */
#define CS8		0x0030
#define CREAD		0x0080
#define HUPCL		0x0400
#define CLOCAL		0x0800
#define B115200		0x1002
/* c_lflag */
#define ISIG		0x0001
#define ICANON		0x0002
#define ECHO		0x0008
#define ECHOE		0x0010
#define ECHOK		0x0020
#define ECHONL		0x0040
#define NOFLSH		0x0080
#define ECHOCTL		0x0200
#define ECHOKE		0x0800
#define IEXTEN		0x8000

/* struct termios2 (TCGETS2): struct termios (TCGETS), 36 bytes, then the two speeds. */
struct ktermios {
	u32 c_iflag;
	u32 c_oflag;
	u32 c_cflag;
	u32 c_lflag;
	u8 c_line;
	u8 c_cc[NCCS];
	u32 c_ispeed;
	u32 c_ospeed;
};
#define TERMIOS_SIZE	36	/* struct termios: up to c_cc */

struct winsize {
	u16 ws_row, ws_col, ws_xpixel, ws_ypixel;
};

/* The ioctls a terminal answers (Linux's numbers). */
#define TCGETS		0x5401
#define TCSETS		0x5402
#define TCSETSW		0x5403
#define TCSETSF		0x5404
#define TCFLSH		0x540B
#define TIOCSCTTY	0x540E
#define TIOCGPGRP	0x540F
#define TIOCSPGRP	0x5410
#define TIOCOUTQ	0x5411
#define TIOCSTI		0x5412
#define TIOCGWINSZ	0x5413
#define TIOCSWINSZ	0x5414
#define FIONREAD	0x541B
#define TIOCNOTTY	0x5422
#define TIOCGSID	0x5429
#define TCGETS2		0x802C542A
#define TCSETS2		0x402C542B
#define TCSETSW2	0x402C542C
#define TCSETSF2	0x402C542D
#define TCIFLUSH	0
#define TCOFLUSH	1
#define TCIOFLUSH	2

#define N_TTY_BUF_SIZE	1024	/* typed-ahead bytes a tty keeps; a power of two */

struct tty_struct;

struct tty_operations {
	/* Send bytes to the line as they are: the line discipline has processed them. */
	void (*write)(struct tty_struct *tty, const char *buf, size_t len);
	/* Throw away what the line received that the line discipline has not seen yet. */
	void (*flush_input)(struct tty_struct *tty);
};

struct tty_struct {
	const char *name;
	const struct tty_operations *ops;
	spinlock_t lock;			/* all below but read_mutex */
	struct ktermios termios;
	struct winsize winsize;
	/*
	 * The session whose controlling terminal it is, and that session's
	 * foreground process group; 0: none. kernel/tty/tty_io.c keeps them.
	 */
	int session, pgrp;
	/*
	 * n_tty's input, a ring counted from the start: bytes [read_tail,
	 * canon_head) are whole lines (canonical mode) a reader may take,
	 * [canon_head, read_head) the line being typed. A bit in read_flags
	 * marks a byte that ends a line; an end-of-file (^D) is such a byte
	 * that read() does not return.
	 */
	u8 read_buf[N_TTY_BUF_SIZE];
	u8 read_flags[N_TTY_BUF_SIZE / 8];
	unsigned long read_head, read_tail, canon_head;
	unsigned int column;			/* of the output, for erasing a tab */
	unsigned int canon_column;		/* where the line being typed started */
	struct mutex read_mutex;		/* one reader at a time: lines stay whole */
	/* Readers and poll()s waiting for input: while there are, a polled line is polled. */
	struct wait_queue_head read_wait;
	struct wait_queue_head rx_wait;		/* the line's poller, idle */
};

/* kernel/tty/n_tty.c */
/* A tty's fields set as Linux sets a new terminal's (tty_std_termios, 24 x 80). */
void tty_init(struct tty_struct *tty, const char *name, const struct tty_operations *ops);
/* One byte from the line: may echo, wake readers, or signal the foreground group. */
void n_tty_receive_char(struct tty_struct *tty, u8 c);
/* read(): a line (canonical mode) or bytes as VMIN and VTIME ask; or -EAGAIN, -ERESTARTSYS. */
long n_tty_read(struct tty_struct *tty, char __user *buf, size_t count, bool nonblock);
/* Bytes to the line through output processing (OPOST: ONLCR, OCRNL). */
void n_tty_write(struct tty_struct *tty, const char *buf, size_t len);
/* New termios (tty->lock held): switching ICANON makes what was typed a line, or bytes. */
void n_tty_set_termios(struct tty_struct *tty, const struct ktermios *new);
/* Throw away what was typed and not yet read (tty->lock held). */
void n_tty_flush_input(struct tty_struct *tty);
/* Bytes a read() could take now (FIONREAD; tty->lock held). */
size_t n_tty_chars_ready(struct tty_struct *tty);
/* Would a read() return without waiting (a line; raw: VMIN bytes, or one with VTIME)? */
bool n_tty_input_available(struct tty_struct *tty);

/* kernel/tty/tty_io.c */
struct file;
struct inode;
struct poll_table;
/* The tty behind an open file (fd 0-2 of init, /dev/console, /dev/tty...), or NULL. */
struct tty_struct *file_tty(const struct file *f);
/* Is dev a terminal's number (5:0, 5:1, the console line's own)? */
bool tty_device(u32 dev);
/* open() of such a device: 0, or -ENXIO (/dev/tty without a controlling terminal). */
int tty_open(u32 dev, unsigned int flags);
long tty_read(struct file *f, char __user *buf, size_t count);
/* poll(): POLLOUT always, POLLIN when a read would not wait; pt queues the caller (read_wait). */
unsigned int tty_poll(struct tty_struct *tty, struct poll_table *pt);
/* The session whose controlling terminal tty is, 0 if none (its leader has ended). */
int tty_session(struct tty_struct *tty);
/* Is tty the calling process's controlling terminal? */
bool tty_is_ctty(struct tty_struct *tty);
/* Make tty the controlling terminal of the caller's session (its leader), as TIOCSCTTY. */
int tty_set_ctty(struct tty_struct *tty, bool steal);
/* The caller's session gives up its controlling terminal (TIOCNOTTY). */
int tty_drop_ctty(struct tty_struct *tty);
/* Send sig to tty's foreground process group, if it has one. */
void tty_signal_pgrp(struct tty_struct *tty, int sig);

/* kernel/tty/tty_ioctl.c */
long tty_ioctl(struct tty_struct *tty, struct file *f, unsigned int cmd, unsigned long arg);

#endif
