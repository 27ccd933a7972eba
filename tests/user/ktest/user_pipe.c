/*
 * user_pipe: pipes as Linux's behave. O_NONBLOCK on the write end: a full
 * pipe answers EAGAIN; a write of at most PIPE_BUF bytes goes in whole or
 * not at all; a longer one takes the room there is and returns that count.
 * Two readers on one pipe: neither sees end of file while a writer is
 * left (a reader woken for a byte another reader took waits again). The
 * readers run on their parent's CPU, so that race is met only where a tick
 * preempts a reader between its wake-up and the pipe's lock: rare, and
 * not seen to fail on the kernel that tested the condition unlocked.
 *
 * On a kernel that blocks where it should not, the writing child would
 * hang: the parent then fails the case and drains the pipe so that the
 * child can finish.
 */
#define _GNU_SOURCE	/* pipe2() in glibc */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"

#define LONG_WRITE	(PIPE_BUF + 1000)

static int fds[2];

/*
 * The writing child: fill the pipe, first by 512 bytes then by one, and
 * try once more. Exits 0, or 1: the pipe held less than PIPE_BUF, 2: the
 * last fill was not refused with EAGAIN, 3: nor was the write after it.
 */
static void nonblocking_writer(void)
{
	static char buf[512];
	long cap = 0, n;
	int err;

	memset(buf, 'w', sizeof(buf));
	while (cap < (1 << 20) && (n = write(fds[1], buf, sizeof(buf))) > 0)
		cap += n;
	while (cap < (1 << 20) && write(fds[1], buf, 1) == 1)
		cap++;
	err = errno;
	if (cap < PIPE_BUF)
		_exit(1);
	if (err != EAGAIN)
		_exit(2);
	_exit(write(fds[1], buf, 1) == -1 && errno == EAGAIN ? 0 : 3);
}

static void nonblocking_write(void)
{
	char buf[LONG_WRITE] = "";	/* on the stack: ktest-user.h */
	int status = -1, waited = 0;
	long n;
	pid_t pid;

	EXPECT(pipe2(fds, O_NONBLOCK) == 0, "pipe2: errno %d", errno);
	pid = fork();
	if (pid == 0)
		nonblocking_writer();
	/* The child runs on this CPU: each yield lets it run until it ends or blocks. */
	while (waitpid(pid, &status, WNOHANG) == 0) {
		if (++waited == 1000) {
			ktap_fail(__LINE__, "a write blocked under O_NONBLOCK");
			status = -1;
		}
		if (waited >= 1000)
			(void)!read(fds[0], buf, sizeof(buf));	/* so that it can end */
		sched_yield();
	}
	EXPECT(status == 0, "writer: status %#x", status);	/* its exit status says what failed */
	if (status != 0)
		goto out;
	/* A whole PIPE_BUF of room: a long write takes it and says how much it took. */
	for (n = 0; n < PIPE_BUF; ) {
		long r = read(fds[0], buf, PIPE_BUF - n);

		EXPECT(r > 0, "read: errno %d", errno);
		if (r <= 0)
			goto out;
		n += r;
	}
	n = write(fds[1], buf, LONG_WRITE);
	EXPECT(n == PIPE_BUF, "long write into PIPE_BUF of room: %ld errno %d", n, errno);
	/* 100 bytes of room: a write of 200 is atomic, so none of it goes in. */
	EXPECT(read(fds[0], buf, 100) == 100, "read 100: errno %d", errno);
	n = write(fds[1], buf, 200);
	EXPECT(n == -1 && errno == EAGAIN, "atomic write of 200 into 100: %ld errno %d", n, errno);
	EXPECT(write(fds[1], buf, 100) == 100, "write of 100: errno %d", errno);
out:
	close(fds[0]);
	close(fds[1]);
}

#define BYTES	300

/* A reader child: one byte at a time to end of file; its count (-1: a wrong byte) on res. */
static void one_reader(int res)
{
	long got = 0;
	char c;

	close(fds[1]);
	while (got >= 0 && read(fds[0], &c, 1) == 1)
		got = c == 'x' ? got + 1 : -1;
	_exit(write(res, &got, sizeof(got)) == sizeof(got) ? 0 : 1);
}

static void two_readers_no_early_eof(void)
{
	pid_t pid[2];
	int status, early = 0, res[2];
	long sum = 0, got;

	EXPECT(pipe(fds) == 0 && pipe(res) == 0, "pipe: errno %d", errno);
	for (int i = 0; i < 2; i++) {
		pid[i] = fork();
		if (pid[i] == 0)
			one_reader(res[1]);
	}
	/* A byte at a time, then a yield: both readers wait for it, woken together. */
	for (int i = 0; i < BYTES; i++) {
		EXPECT(write(fds[1], "x", 1) == 1, "write: errno %d", errno);
		sched_yield();
	}
	/* The write end is still open: a reader already gone saw an end of file that was not. */
	for (int i = 0; i < 2; i++)
		early += waitpid(pid[i], &status, WNOHANG) == pid[i];
	close(fds[1]);
	close(fds[0]);
	for (int i = 0; i < 2; i++) {
		waitpid(pid[i], &status, 0);
		got = -1;
		EXPECT(read(res[0], &got, sizeof(got)) == sizeof(got) && got >= 0,
		       "reader's count: %ld errno %d", got, errno);
		sum += got;
	}
	close(res[0]);
	close(res[1]);
	EXPECT(!early, "%d reader(s) saw end of file with the writer still there", early);
	EXPECT(sum == BYTES, "the readers got %ld bytes of %d", sum, BYTES);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(nonblocking_write),
	KTAP_CASE(two_readers_no_early_eof),
};
ktest_user_suite(user_pipe, cases);
