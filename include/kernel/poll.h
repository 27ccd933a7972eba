/*
 * poll(): what a file can do without blocking, and how poll() sleeps on
 * several files at once (Linux's include/linux/poll.h, reduced). A file's
 * poll function (pipe_poll(), tty_poll()) puts the caller on the file's
 * wait queue with poll_wait() and returns its mask of POLL* bits now;
 * kernel/fs/select.c asks each file again whenever one of them wakes it.
 */
#ifndef _KERNEL_POLL_H
#define _KERNEL_POLL_H

#include <kernel/wait.h>

/* Linux's asm-generic/poll.h numbers, the same on both arches. */
#define POLLIN		0x0001	/* data to read */
#define POLLPRI		0x0002
#define POLLOUT		0x0004	/* room to write */
#define POLLERR		0x0008	/* a pipe's write end without readers (always reported) */
#define POLLHUP		0x0010	/* a pipe's read end without writers (always reported) */
#define POLLNVAL	0x0020	/* the descriptor is not open (always reported) */
#define POLLRDNORM	0x0040
#define POLLWRNORM	0x0100

/* What a file without a poll function answers: it never blocks. */
#define DEFAULT_POLLMASK (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

/* One descriptor's wait: the queue it is on (NULL: none) and the entry. */
struct poll_table {
	struct wait_queue_head *wq;
	struct wait_queue_entry wait;
};

/*
 * Put the caller on wq until poll() returns, when pt is not NULL (the
 * first time a file is asked). A file has one queue for all its events.
 */
void poll_wait(struct wait_queue_head *wq, struct poll_table *pt);

#endif
