/*
 * user_poll: poll() and ppoll() as Linux's answer them. A pipe's read end
 * is readable with data and hung up without writers; its write end is
 * writable with PIPE_BUF bytes of room and in error without readers; a
 * file is always ready. Bad entries: a negative fd is skipped, a closed
 * one is POLLNVAL. A poll that waits is woken by a write from another
 * process, or ends at its timeout (100 us: a wait in a self-test is time
 * that make bench counts as instructions). ppoll()'s signal mask holds only during
 * the call: a signal it unblocks interrupts the wait (EINTR, the handler
 * runs once), and one that arrives with a descriptor ready stays pending.
 * The terminal's poll is in user_n_tty.
 */
#define _GNU_SOURCE	/* ppoll() */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ktest-user.h"

/* poll() of one descriptor for 0 ms: its revents, or -1 when the call failed. */
static int revents(int fd, short events)
{
	struct pollfd pfd = { .fd = fd, .events = events };

	return poll(&pfd, 1, 0) < 0 ? -1 : pfd.revents;
}

static void pipe_ends(void)
{
	char room[PIPE_BUF] = "";	/* on the stack: ktest-user.h */
	int p[2];
	char c;

	EXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	EXPECT(revents(p[0], POLLIN) == 0, "empty: %#x", revents(p[0], POLLIN));
	EXPECT(revents(p[1], POLLOUT) == POLLOUT, "room: %#x", revents(p[1], POLLOUT));
	EXPECT(write(p[1], "x", 1) == 1, "write: errno %d", errno);
	EXPECT(revents(p[0], POLLIN | POLLOUT) == POLLIN, "a byte: %#x",
	       revents(p[0], POLLIN | POLLOUT));
	close(p[1]);
	/* POLLHUP is reported though not asked for. */
	EXPECT(revents(p[0], POLLIN) == (POLLIN | POLLHUP), "no writer, a byte: %#x",
	       revents(p[0], POLLIN));
	EXPECT(read(p[0], &c, 1) == 1, "read: errno %d", errno);
	EXPECT(revents(p[0], 0) == POLLHUP, "no writer: %#x", revents(p[0], 0));
	close(p[0]);

	EXPECT(pipe2(p, O_NONBLOCK) == 0, "pipe2: errno %d", errno);
	while (write(p[1], room, sizeof(room)) > 0)
		;
	EXPECT(revents(p[1], POLLOUT) == 0, "full: %#x", revents(p[1], POLLOUT));
	close(p[0]);
	EXPECT(revents(p[1], POLLOUT) & POLLERR, "no reader: %#x", revents(p[1], POLLOUT));
	close(p[1]);
}

static void files_and_bad_entries(void)
{
	struct pollfd pfd[4] = {
		{ .fd = open("/dev/null", O_RDWR), .events = POLLIN | POLLOUT },
		{ .fd = -1, .events = POLLIN },
		{ .fd = 60, .events = POLLIN },	/* not open */
		{ .fd = open("/proc/self/stat", O_RDONLY), .events = POLLIN },
	};
	int n = poll(pfd, 4, -1);

	EXPECT(n == 3, "poll: %d, errno %d", n, errno);
	EXPECT(pfd[0].revents == (POLLIN | POLLOUT), "/dev/null: %#x", pfd[0].revents);
	EXPECT(pfd[1].revents == 0, "fd -1: %#x", pfd[1].revents);
	EXPECT(pfd[2].revents == POLLNVAL, "closed fd: %#x", pfd[2].revents);
	EXPECT(pfd[3].revents == POLLIN, "a file: %#x", pfd[3].revents);
	close(pfd[0].fd);
	close(pfd[3].fd);
	EXPECT(poll(NULL, 0, 0) == 0, "no entries: errno %d", errno);
	/* The call itself: the C library's poll() is declared to take a real array. */
	EXPECT(syscall(SYS_poll, 8L, 1L, 0L) == -1 && errno == EFAULT, "errno %d", errno);
	EXPECT(syscall(SYS_poll, pfd, 1L << 30, 0L) == -1 && errno == EINVAL,
	       "huge nfds: errno %d", errno);
}

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * A child writes a byte, then closes its end, each while the parent polls.
 * The child waits on a second pipe until the parent lets it end: its exit
 * would send SIGCHLD, which ends a poll whatever the pipe did.
 */
static void woken_by_writer(void)
{
	struct pollfd pfd;
	int p[2], release[2], status = -1, n;
	double start;
	pid_t pid;
	char c;

	EXPECT(pipe(p) == 0 && pipe(release) == 0, "pipe: errno %d", errno);
	pfd = (struct pollfd){ .fd = p[0], .events = POLLIN };
	/* 100 us, not poll()'s 1 ms at least: a self-test's wait is time in make bench's count. */
	start = seconds();
	n = ppoll(&pfd, 1, &(struct timespec){ 0, 100000 }, NULL);
	EXPECT(n == 0 && pfd.revents == 0, "nothing: %d, %#x", n, pfd.revents);
	EXPECT(seconds() - start >= 0.0001, "the 100 us timeout took %.6f s", seconds() - start);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		close(release[1]);
		sched_yield();
		if (write(p[1], "y", 1) != 1)
			_exit(1);
		sched_yield();
		close(p[1]);
		_exit(read(release[0], &c, 1) == 0 ? 0 : 2);
	}
	close(p[1]);
	close(release[0]);
	/* Woken at once, not found ready when the 5 s ran out. */
	start = seconds();
	n = poll(&pfd, 1, 5000);
	EXPECT(n == 1 && (pfd.revents & POLLIN), "woken: %d, %#x", n, pfd.revents);
	EXPECT(read(p[0], &c, 1) == 1 && c == 'y', "read: errno %d", errno);
	n = poll(&pfd, 1, 5000);
	EXPECT(n == 1 && pfd.revents == POLLHUP, "hung up: %d, %#x", n, pfd.revents);
	EXPECT(seconds() - start < 2.5, "the polls took %.3f s", seconds() - start);
	close(release[1]);
	EXPECT(waitpid(pid, &status, 0) == pid && status == 0, "child: %#x", status);
	close(p[0]);
}

static volatile sig_atomic_t handled;

static void on_usr1(int sig)
{
	(void)sig;
	handled++;
}

static void ppoll_signal_mask(void)
{
	struct sigaction sa = { .sa_handler = on_usr1 };
	struct timespec bad = { 0, 1000000000 };
	sigset_t usr1, none, now;
	struct pollfd pfd;
	int p[2], n;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigemptyset(&none);
	sigaction(SIGUSR1, &sa, NULL);
	sigprocmask(SIG_BLOCK, &usr1, NULL);
	EXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	pfd = (struct pollfd){ .fd = p[0], .events = POLLIN };
	EXPECT(ppoll(&pfd, 1, &bad, NULL) == -1 && errno == EINVAL, "tv_nsec 1e9: errno %d",
	       errno);

	/* Pending and blocked; the call's empty mask lets it in: EINTR, the handler ran. */
	handled = 0;
	kill(getpid(), SIGUSR1);
	n = ppoll(&pfd, 1, NULL, &none);
	EXPECT(n == -1 && errno == EINTR && handled == 1, "ppoll: %d, errno %d, handled %d", n,
	       errno, (int)handled);
	sigprocmask(SIG_BLOCK, NULL, &now);
	EXPECT(sigismember(&now, SIGUSR1), "the mask was not put back");

	/* A descriptor ready: the call returns it, the signal stays pending. */
	handled = 0;
	EXPECT(write(p[1], "z", 1) == 1, "write: errno %d", errno);
	kill(getpid(), SIGUSR1);
	n = ppoll(&pfd, 1, NULL, &none);
	sigpending(&now);
	EXPECT(n == 1 && handled == 0 && sigismember(&now, SIGUSR1),
	       "ready: %d, handled %d, pending %d", n, (int)handled, sigismember(&now, SIGUSR1));
	sigprocmask(SIG_UNBLOCK, &usr1, NULL);
	EXPECT(handled == 1, "handled %d once unblocked", (int)handled);
	signal(SIGUSR1, SIG_DFL);
	close(p[0]);
	close(p[1]);
}

/* The system call itself (C libraries copy the timeout): it writes the time left back. */
static void ppoll_time_left(void)
{
	long ts[2] = { 0, 20000000 };	/* the arch's own timespec: long, long */
	struct pollfd pfd;
	int p[2];
	long n;

	EXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	pfd = (struct pollfd){ .fd = p[1], .events = POLLOUT };
	n = syscall(SYS_ppoll, &pfd, 1, ts, NULL, 0);
	EXPECT(n == 1 && ts[0] == 0 && ts[1] > 0 && ts[1] <= 20000000,
	       "ready: %ld, left %ld.%09ld", n, ts[0], ts[1]);
	pfd.fd = p[0];
	pfd.events = POLLIN;
	ts[1] = 100000;
	n = syscall(SYS_ppoll, &pfd, 1, ts, NULL, 0);
	EXPECT(n == 0 && ts[0] == 0 && ts[1] == 0, "timed out: %ld, left %ld.%09ld", n, ts[0],
	       ts[1]);
	close(p[0]);
	close(p[1]);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(pipe_ends),
	KTAP_CASE(files_and_bad_entries),
	KTAP_CASE(woken_by_writer),
	KTAP_CASE(ppoll_signal_mask),
	KTAP_CASE(ppoll_time_left),
};
ktest_user_suite(user_poll, cases);
