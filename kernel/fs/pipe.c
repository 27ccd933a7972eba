/*
 * Pipes: pipe() and pipe2() (Linux's fs/pipe.c, reduced to one page of
 * buffer). musl's posix_spawn() needs one: the child writes execve()'s
 * error into it, or closes it by running the program (O_CLOEXEC), which
 * the parent reads as end of file.
 *
 * A pipe counts the open files of each end; a reader sees end of file
 * once no writer is left (and the buffer is empty), a writer gets SIGPIPE
 * and -EPIPE once no reader is (the error only seen when the program
 * ignores or handles the signal). O_NONBLOCK makes either end answer
 * -EAGAIN where it would wait; a signal ends a wait with -ERESTARTSYS. Data moves
 * through a small buffer on the kernel stack, so that copy_{to,from}_user()
 * never runs under the pipe's spinlock; writers take turns by a mutex held
 * for their whole write, which is how a write of up to PIPE_BUF bytes stays
 * in one piece. Unlike Linux, a writer keeps the mutex while it waits for
 * room, so a second writer waits behind it even under O_NONBLOCK: shorter,
 * and it matters only to two writers on one full pipe.
 */
#include <asm/page.h>
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/mm.h>
#include <kernel/mutex.h>
#include <kernel/poll.h>
#include <kernel/sched_signal.h>
#include <kernel/slab.h>
#include <kernel/spinlock.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>
#include <kernel/wait.h>
#include <generated/unistd.h>

#define CHUNK		256
#define PIPE_BUF	PAGE_SIZE	/* a write of at most this many bytes is never split */

struct pipe_inode_info {
	spinlock_t lock;		/* the ring and the counts of open files */
	struct mutex wr_mutex;		/* one writer at a time, for its whole write */
	struct wait_queue_head wait;	/* readers and writers waiting for each other */
	char *buf;			/* PAGE_SIZE bytes, a ring */
	unsigned long head, tail;	/* bytes written and read since the start */
	int readers, writers;		/* open files of each end */
};

static size_t pipe_count(struct pipe_inode_info *p)
{
	return p->head - p->tail;
}

/*
 * Bytes read, 0 at end of file (empty, and no writer left), or -EAGAIN
 * (O_NONBLOCK, empty, a writer left). Each condition is tested under the
 * pipe's lock, and tested again after every wait: another reader may have
 * emptied the pipe between the wake-up and the lock.
 */
long pipe_read(struct file *f, char __user *buf, size_t count)
{
	struct pipe_inode_info *p = f->f_pipe;
	char chunk[CHUNK];
	size_t n = 0;
	unsigned long flags;

	if (!count)
		return 0;
	spin_lock_irqsave(&p->lock, flags);
	while (!pipe_count(p)) {
		bool writers = p->writers;

		spin_unlock_irqrestore(&p->lock, flags);
		if (!writers)
			return 0;
		if (f->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(p->wait, pipe_count(p) || !READ_ONCE(p->writers)))
			return -ERESTARTSYS;
		spin_lock_irqsave(&p->lock, flags);
	}
	while (n < count && n < CHUNK && pipe_count(p))
		chunk[n++] = p->buf[p->tail++ % PAGE_SIZE];
	spin_unlock_irqrestore(&p->lock, flags);
	wake_up(&p->wait);
	if (copy_to_user(buf, chunk, n))
		return -EFAULT;
	return n;
}

/*
 * Wait, unless O_NONBLOCK, until the pipe has room for want bytes (or has
 * no reader): the room, or -EAGAIN, or -EPIPE. Called with wr_mutex held,
 * so the room only grows until this writer fills it.
 */
static long pipe_wait_room(struct file *f, struct pipe_inode_info *p, size_t want)
{
	unsigned long flags;
	size_t room;
	bool readers;

	for (;;) {
		spin_lock_irqsave(&p->lock, flags);
		room = PAGE_SIZE - pipe_count(p);
		readers = p->readers;
		spin_unlock_irqrestore(&p->lock, flags);
		if (!readers)
			return -EPIPE;
		if (room >= want)
			return room;
		if (f->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(p->wait, PAGE_SIZE - pipe_count(p) >= want ||
							      !READ_ONCE(p->readers)))
			return -ERESTARTSYS;
	}
}

/*
 * As Linux: a write of at most PIPE_BUF bytes goes in whole, after waiting
 * for room for all of it (O_NONBLOCK: -EAGAIN if there is not), and no
 * other writer's bytes come between its own. A longer one goes in as room
 * comes; with O_NONBLOCK it takes what room there is and returns that
 * count (-EAGAIN if none). -EPIPE once no reader is left (no SIGPIPE).
 */
long pipe_write(struct file *f, const char __user *buf, size_t count)
{
	struct pipe_inode_info *p = f->f_pipe;
	char chunk[CHUNK];
	size_t done = 0;
	unsigned long flags;
	long room;

	if (!count)
		return 0;
	mutex_lock(&p->wr_mutex);
	room = pipe_wait_room(f, p, count <= PIPE_BUF ? count : 1);
	while (room > 0 && done < count) {
		size_t n = count - done, i = 0;

		if (n > CHUNK)
			n = CHUNK;
		if (n > (size_t)room)
			n = room;
		if (copy_from_user(chunk, buf + done, n)) {
			room = -EFAULT;
			break;
		}
		spin_lock_irqsave(&p->lock, flags);
		while (i < n)
			p->buf[p->head++ % PAGE_SIZE] = chunk[i++];
		spin_unlock_irqrestore(&p->lock, flags);
		wake_up(&p->wait);
		done += n;
		room -= n;
		if (!room && done < count)
			room = pipe_wait_room(f, p, 1);
	}
	mutex_unlock(&p->wr_mutex);
	if (room == -EPIPE)
		send_sigpipe();
	return done ? (long)done : room;
}

void pipe_release(struct file *f)
{
	struct pipe_inode_info *p = f->f_pipe;
	unsigned long flags;
	bool last;

	spin_lock_irqsave(&p->lock, flags);
	if ((f->f_flags & O_ACCMODE) == O_RDONLY)
		p->readers--;
	else
		p->writers--;
	last = !p->readers && !p->writers;
	/*
	 * Under the lock: the other end's release, on another CPU, may be the
	 * last and free the pipe as soon as it has the lock after us.
	 */
	wake_up(&p->wait);
	spin_unlock_irqrestore(&p->lock, flags);
	if (last) {
		free_page(p->buf);
		kfree(p);
	}
}

static long do_pipe2(int __user *fildes, int flags)
{
	struct pipe_inode_info *p;
	struct file *files[2] = { NULL, NULL };
	int fd[2] = { -1, -1 };
	long err = -ENOMEM;

	if (flags & ~(O_CLOEXEC | O_NONBLOCK))
		return -EINVAL;
	p = kzalloc(sizeof(*p));
	if (!p || !(p->buf = alloc_page()))
		goto fail;
	spin_lock_init(&p->lock);
	mutex_init(&p->wr_mutex);
	init_waitqueue_head(&p->wait);
	p->readers = p->writers = 1;
	files[0] = alloc_file(NULL, O_RDONLY | (flags & O_NONBLOCK));
	files[1] = alloc_file(NULL, O_WRONLY | (flags & O_NONBLOCK));
	if (!files[0] || !files[1])
		goto fail;
	files[0]->f_pipe = files[1]->f_pipe = p;
	fd[0] = fd_install(files[0], 0, flags & O_CLOEXEC);
	fd[1] = fd[0] < 0 ? -EMFILE : fd_install(files[1], 0, flags & O_CLOEXEC);
	err = fd[1] < 0 ? -EMFILE : copy_to_user(fildes, fd, sizeof(fd)) ? -EFAULT : 0;
	if (!err)
		return 0;
	/* Undo: the descriptors (whose files free the pipe when both close), or the files. */
	if (fd[0] >= 0)
		close_fd(fd[0]);
	else
		fput(files[0]);
	if (fd[1] >= 0)
		close_fd(fd[1]);
	else
		fput(files[1]);
	return err;
fail:
	kfree(files[0]);
	kfree(files[1]);
	if (p && p->buf)
		free_page(p->buf);
	kfree(p);
	return err;
}

SYSCALL_DEFINE2(pipe2, int __user *, fildes, int, flags)
{
	return do_pipe2(fildes, flags);
}

#ifdef __NR_pipe
SYSCALL_DEFINE1(pipe, int __user *, fildes)
{
	return do_pipe2(fildes, 0);
}
#endif

/* Linux's pipe_poll(): room for PIPE_BUF bytes is what makes the write end writable. */
unsigned int pipe_poll(struct file *f, struct poll_table *pt)
{
	struct pipe_inode_info *p = f->f_pipe;
	unsigned int mask = 0;

	poll_wait(&p->wait, pt);
	if ((f->f_flags & O_ACCMODE) == O_RDONLY) {
		if (pipe_count(p))
			mask |= POLLIN | POLLRDNORM;
		if (!READ_ONCE(p->writers))
			mask |= POLLHUP;
	} else {
		if (PAGE_SIZE - pipe_count(p) >= PIPE_BUF)
			mask |= POLLOUT | POLLWRNORM;
		if (!READ_ONCE(p->readers))
			mask |= POLLERR;
	}
	return mask;
}
