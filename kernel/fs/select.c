/*
 * poll() and ppoll() (32-bit ARM: also ppoll_time64): wait until one of
 * several descriptors can be read or written without blocking, a timeout
 * passes, or a signal comes (Linux's fs/select.c, without select()). A
 * shell's line editor waits for the terminal this way, a program for a
 * pipe and the terminal at once.
 *
 * The first pass asks each file for its mask with a struct poll_table, so
 * that the file's poll function puts the caller on its wait queue
 * (poll_wait()). From then on each round sets the caller's state to
 * sleeping first and asks every file again, so that a wake-up from any of
 * them between the question and schedule() is never lost; the queues are
 * left at the end. A descriptor's file is held for the whole call, so a
 * close() by another thread cannot free a queue the caller is on.
 *
 * Files without a wait queue (a file of the root file system, /dev/null)
 * are always ready, as in Linux. Interrupted by a signal, ppoll() and
 * poll() without a timeout return -ERESTARTNOHAND (run again unless a
 * handler ran, then EINTR); poll() with a timeout returns -EINTR (Linux
 * restarts it with the time left, which this kernel does not keep). ppoll()
 * writes the time left back, as Linux does.
 */
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/poll.h>
#include <kernel/sched_signal.h>
#include <kernel/slab.h>
#include <kernel/syscalls.h>
#include <kernel/time.h>
#include <kernel/time64.h>
#include <kernel/timer.h>
#include <kernel/tty.h>
#include <kernel/uaccess.h>
#include <generated/unistd.h>

/* Linux's default RLIMIT_NOFILE: the most entries one call may pass. */
#define POLL_MAX_FDS	1024
#define NO_TIMEOUT	(~0ull)

struct pollfd {
	int fd;
	short events;
	short revents;
};

struct poll_entry {
	struct pollfd pfd;
	struct file *file;		/* NULL: fd negative or not open */
	struct poll_table pt;
};

void poll_wait(struct wait_queue_head *wq, struct poll_table *pt)
{
	if (!pt || pt->wq)
		return;
	pt->wq = wq;
	prepare_to_wait(wq, &pt->wait);
	set_current_state(THREAD_RUNNING);	/* only queued: the caller's rounds set the state */
}

/* What f can do now; with pt, the caller is also queued on f's wait queue. */
static unsigned int vfs_poll(struct file *f, struct poll_table *pt)
{
	struct tty_struct *tty;

	if (f->f_pipe)
		return pipe_poll(f, pt);
	tty = file_tty(f);
	if (tty)
		return tty_poll(tty, pt);
	return DEFAULT_POLLMASK;
}

/* Every entry's revents: the events asked for, and POLLERR, POLLHUP, POLLNVAL always. */
static int poll_round(struct poll_entry *e, unsigned int n, bool first)
{
	int ready = 0;

	for (unsigned int i = 0; i < n; i++) {
		unsigned int mask;

		if (e[i].pfd.fd < 0)
			mask = 0;
		else if (!e[i].file)
			mask = POLLNVAL;
		else
			mask = vfs_poll(e[i].file, first ? &e[i].pt : NULL);
		mask &= (unsigned short)e[i].pfd.events | POLLERR | POLLHUP | POLLNVAL;
		e[i].pfd.revents = mask;
		ready += mask != 0;
	}
	return ready;
}

/* Ready entries, 0 at the end cycle (get_cycles(); NO_TIMEOUT: none), or -ERESTARTNOHAND. */
static long do_poll(struct poll_entry *e, unsigned int n, u64 end)
{
	long ret = poll_round(e, n, true);

	while (!ret) {
		set_current_state(THREAD_SLEEPING);
		ret = poll_round(e, n, false);
		if (ret || (end != NO_TIMEOUT && get_cycles() >= end))
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTNOHAND;
			break;
		}
		if (end == NO_TIMEOUT)
			schedule();
		else
			schedule_hrtimeout(end);
	}
	set_current_state(THREAD_RUNNING);
	for (unsigned int i = 0; i < n; i++)
		if (e[i].pt.wq)
			finish_wait(e[i].pt.wq, &e[i].pt.wait);
	return ret;
}

/* Copy the entries in, hold their files, poll, write each revents back. */
static long poll_user(struct pollfd __user *ufds, unsigned int nfds, u64 end)
{
	struct poll_entry *e;
	long ret = 0;

	if (nfds > POLL_MAX_FDS)
		return -EINVAL;
	e = kmalloc(nfds ? nfds * sizeof(*e) : 1);
	if (!e)
		return -ENOMEM;
	for (unsigned int i = 0; i < nfds && !ret; i++) {
		if (copy_from_user(&e[i].pfd, &ufds[i], sizeof(e[i].pfd)))
			ret = -EFAULT;
		e[i].file = ret || e[i].pfd.fd < 0 ? NULL : fget(e[i].pfd.fd);
		e[i].pt.wq = NULL;
		init_wait_entry(&e[i].pt.wait);
		if (ret)
			nfds = i;	/* what was taken is given back below */
	}
	if (!ret)
		ret = do_poll(e, nfds, end);
	for (unsigned int i = 0; i < nfds; i++) {
		if (ret >= 0 && put_user(e[i].pfd.revents, &ufds[i].revents))
			ret = -EFAULT;
		if (e[i].file)
			fput(e[i].file);
	}
	kfree(e);
	return ret;
}

/* The cycle count ns from now, never wrapping past NO_TIMEOUT. */
static u64 deadline(u64 ns)
{
	u64 now = get_cycles(), cycles = ns_to_cycles_up(ns);

	return cycles >= NO_TIMEOUT - now ? NO_TIMEOUT - 1 : now + cycles;
}

SYSCALL_DEFINE3(poll, struct pollfd __user *, ufds, unsigned int, nfds, int, timeout_msecs)
{
	long ret;

	if (timeout_msecs < 0)
		return poll_user(ufds, nfds, NO_TIMEOUT);
	ret = poll_user(ufds, nfds, deadline((u64)timeout_msecs * 1000000));
	return ret == -ERESTARTNOHAND ? -EINTR : ret;
}

static long do_ppoll(struct pollfd __user *ufds, unsigned int nfds, void __user *tsp,
		     const sigset_t __user *sigmask, size_t sigsetsize, bool time64)
{
	u64 end = NO_TIMEOUT, ns;
	long ret;

	if (tsp) {
		ret = get_timespec_ns(tsp, &ns, time64);
		if (ret)
			return ret;
		end = deadline(ns);
	}
	ret = set_user_sigmask(sigmask, sigsetsize);
	if (ret)
		return ret;
	ret = poll_user(ufds, nfds, end);
	restore_saved_sigmask_unless(ret == -ERESTARTNOHAND);
	if (tsp && ns) {
		u64 now = get_cycles(), left = end > now ? cycles_to_ns(end - now) : 0;

		if (put_timespec(tsp, left / NSEC_PER_SEC, left % NSEC_PER_SEC, time64))
			ret = ret == -ERESTARTNOHAND ? -EINTR : ret;
	}
	return ret;
}

SYSCALL_DEFINE5(ppoll, struct pollfd __user *, ufds, unsigned int, nfds, void __user *, tsp,
		const sigset_t __user *, sigmask, size_t, sigsetsize)
{
	return do_ppoll(ufds, nfds, tsp, sigmask, sigsetsize, false);
}

SYSCALL_DEFINE5(ppoll_time64, struct pollfd __user *, ufds, unsigned int, nfds,
		void __user *, tsp, const sigset_t __user *, sigmask, size_t, sigsetsize)
{
	return do_ppoll(ufds, nfds, tsp, sigmask, sigsetsize, true);
}
