/*
 * user_n_tty: the line discipline of the console's terminal, fed with
 * TIOCSTI as if typed, in a session whose controlling terminal it is:
 * erase, word erase, kill, CR to NL, end of file, a line per read(), raw
 * mode's VMIN and VTIME, ^C and ^\ killing the foreground group and no
 * other, ISIG off, poll() of the terminal. Echo is turned off while bytes are typed in, so that
 * nothing reaches the KTAP output on the console; what is echoed is
 * checked from outside, through QEMU's serial line (tests/host/test_tty.py).
 * tests/user/tty-session.h says which terminal is tested, on Special K and
 * on Linux.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <sched.h>
#include <time.h>

#include "tty-session.h"

/* Type s into the terminal's input, as a person would. */
static void type(const char *s)
{
	for (; *s; s++)
		CEXPECT(ioctl(term, TIOCSTI, s) == 0, "TIOCSTI %#x: errno %d", *s & 0xff, errno);
}

/* One read() of up to 64 bytes is exactly `want` (want_len bytes). */
static void expect_read(const char *want, size_t want_len)
{
	char buf[64];
	ssize_t n = read(term, buf, sizeof(buf));

	CEXPECT(n == (ssize_t)want_len && !memcmp(buf, want, want_len),
		"read %zd bytes '%.*s', want %zu '%.*s'", n, n > 0 ? (int)n : 0, buf, want_len,
		(int)want_len, want);
}
#define EXPECT_READ(s)	expect_read(s, sizeof(s) - 1)

/* A child in a group of its own, made the foreground, waiting on a pipe. */
static pid_t foreground_child(int p[2])
{
	pid_t g = waiting_child(p);

	CEXPECT(setpgid(g, g) == 0 && tcsetpgrp(term, g) == 0, "foreground: errno %d", errno);
	return g;
}

/*
 * waitpid() for g, letting it run (sched_yield(), not a sleep: a self-test's
 * sleep is instructions in make bench's count) up to 100000 times: a signal
 * that never came fails the case, not the boot.
 */
static int reap(pid_t g)
{
	int status = -1;

	for (int i = 0; i < 100000 && waitpid(g, &status, WNOHANG) == 0; i++)
		sched_yield();
	if (status == -1) {
		kill(g, SIGKILL);
		waitpid(g, NULL, 0);
	}
	return status;
}

static void canonical_in_session(void)
{
	int n = -1;

	type("ab\177c\n");		/* DEL rubs out the b */
	EXPECT_READ("ac\n");
	type("xyz\025ok\n");		/* ^U: the line is killed */
	EXPECT_READ("ok\n");
	type("one two\027three\n");	/* ^W: a word */
	EXPECT_READ("one three\n");
	type("cr\r");			/* ICRNL: Enter's CR is '\n' */
	EXPECT_READ("cr\n");
	type("l1\nl2\n");
	CEXPECT(ioctl(term, FIONREAD, &n) == 0 && n == 6, "FIONREAD %d", n);
	EXPECT_READ("l1\n");		/* a line per read */
	EXPECT_READ("l2\n");
	type("half");
	CEXPECT(ioctl(term, FIONREAD, &n) == 0 && n == 0, "FIONREAD of half a line: %d", n);
	type("\025");
	type("abc\004");		/* ^D ends the line, and is not part of it */
	EXPECT_READ("abc");
	type("\004");			/* at the start of a line: end of file */
	EXPECT_READ("");
	type("z\n");			/* and reading goes on */
	EXPECT_READ("z\n");
}

static void canonical_mode(void)
{
	in_session(canonical_in_session);
}

/* tcsetattr() to raw mode with VMIN and VTIME. */
static void set_raw(int vmin, int vtime)
{
	struct termios t;

	CEXPECT(tcgetattr(term, &t) == 0, "tcgetattr: errno %d", errno);
	t.c_lflag &= ~(ICANON | ECHO);
	t.c_cc[VMIN] = vmin;
	t.c_cc[VTIME] = vtime;
	CEXPECT(tcsetattr(term, TCSANOW, &t) == 0, "tcsetattr: errno %d", errno);
}

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void raw_in_session(void)
{
	char c;
	double start;
	int fd;

	type("left");			/* an unfinished line: raw mode reads it */
	set_raw(1, 0);
	EXPECT_READ("left");
	type("q\177");			/* no editing: DEL is a byte */
	EXPECT_READ("q\177");
	set_raw(0, 0);			/* nothing there: 0 at once */
	EXPECT_READ("");
	/*
	 * VMIN 0, VTIME 2: a byte there is read at once, not after 0.2 s. (The
	 * wait itself is not timed here: a self-test's sleep is instructions in
	 * make bench's count.)
	 */
	set_raw(0, 2);
	type("v");
	start = seconds();
	EXPECT_READ("v");
	CEXPECT(seconds() - start < 0.15, "VTIME 2 with a byte waited %.3f s", seconds() - start);
	set_raw(2, 0);
	type("xy");
	EXPECT_READ("xy");
	/* Canonical again, with no line: a non-blocking read is EAGAIN. */
	CEXPECT(tcsetattr(term, TCSANOW, &saved) == 0, "tcsetattr: errno %d", errno);
	fd = open(line_path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
	CEXPECT(fd >= 0 && read(fd, &c, 1) == -1 && errno == EAGAIN, "O_NONBLOCK: errno %d",
		errno);
	close(fd);
}

static void raw_mode(void)
{
	in_session(raw_in_session);
}


static void signals_in_session(void)
{
	struct termios t;
	int p[2], status = 0;
	pid_t g;

	CEXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	g = foreground_child(p);
	type("abc\003");		/* ^C: SIGINT to the foreground, the line thrown away */
	status = reap(g);
	CEXPECT(status != -1 && WIFSIGNALED(status) && WTERMSIG(status) == SIGINT,
		"^C: status %#x", status);
	g = foreground_child(p);
	type("\034");			/* ^\: SIGQUIT */
	status = reap(g);
	CEXPECT(status != -1 && WIFSIGNALED(status) && WTERMSIG(status) == SIGQUIT,
		"^\\: status %#x", status);
	CEXPECT(tcsetpgrp(term, getpid()) == 0, "tcsetpgrp: errno %d", errno);
	type("d\n");
	EXPECT_READ("d\n");		/* the leader, in the background then, was not hit */
	CEXPECT(tcgetattr(term, &t) == 0, "tcgetattr: errno %d", errno);
	t.c_lflag &= ~ISIG;		/* without ISIG, ^C is a byte */
	CEXPECT(tcsetattr(term, TCSANOW, &t) == 0, "tcsetattr: errno %d", errno);
	type("\003\n");
	EXPECT_READ("\003\n");
	close(p[0]);
	close(p[1]);
}

static void interrupt_keys(void)
{
	in_session(signals_in_session);
}

/* poll() of the terminal for 0 ms: its revents (-1: the call failed). */
static int poll_now(short events)
{
	struct pollfd pfd = { .fd = term, .events = events };

	return poll(&pfd, 1, 0) < 0 ? -1 : pfd.revents;
}

static void poll_in_session(void)
{
	struct pollfd pfd = { .fd = term, .events = POLLIN };
	double start;
	int p[2], n;
	pid_t pid;

	CEXPECT(poll_now(POLLIN | POLLOUT) == POLLOUT, "nothing typed: revents %#x",
		poll_now(POLLIN | POLLOUT));
	type("half");			/* canonical: no line yet, nothing to read */
	CEXPECT(poll_now(POLLIN) == 0, "half a line: revents %#x", poll_now(POLLIN));
	type("\n");
	CEXPECT(poll_now(POLLIN) == POLLIN, "a line: revents %#x", poll_now(POLLIN));
	EXPECT_READ("half\n");
	set_raw(3, 0);			/* VMIN 3: two bytes are not enough */
	type("ab");
	CEXPECT(poll_now(POLLIN) == 0, "2 of VMIN 3: revents %#x", poll_now(POLLIN));
	type("c");
	CEXPECT(poll_now(POLLIN) == POLLIN, "3 of VMIN 3: revents %#x", poll_now(POLLIN));
	EXPECT_READ("abc");
	/* A poll that waits is woken by a byte typed while it sleeps (by a child, after a pipe). */
	set_raw(1, 0);
	CEXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	pid = fork();
	if (pid == 0) {
		char c;

		/* Then waits for the pipe's end: its exit's SIGCHLD would end the poll too. */
		close(p[1]);
		if (read(p[0], &c, 1) != 1 || ioctl(term, TIOCSTI, "w") != 0)
			_exit(1);
		_exit(read(p[0], &c, 1) == 0 ? 0 : 2);
	}
	CEXPECT(write(p[1], "go", 1) == 1, "write: errno %d", errno);
	close(p[0]);
	start = seconds();
	n = poll(&pfd, 1, 5000);
	CEXPECT(n == 1 && pfd.revents == POLLIN, "waiting poll: %d, revents %#x, errno %d", n,
		pfd.revents, errno);
	CEXPECT(seconds() - start < 2.5, "woken after %.3f s, not at once", seconds() - start);
	close(p[1]);
	CEXPECT(reap(pid) == 0, "the typing child failed");
	EXPECT_READ("w");
}

static void poll_readiness(void)
{
	in_session(poll_in_session);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(canonical_mode),
	KTAP_CASE(raw_mode),
	KTAP_CASE(interrupt_keys),
	KTAP_CASE(poll_readiness),
};
ktest_user_suite(user_n_tty, cases);
