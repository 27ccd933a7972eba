/*
 * What the terminal suites share (user_tty, the ioctls; user_n_tty, the
 * line discipline): the terminal under test, opened once, and a child
 * that leads a session whose controlling terminal it is, where bytes are
 * typed in (TIOCSTI) and read back. On Special K the terminal is the
 * console (/dev/console; the line's own node is /dev/ttyS0 or
 * /dev/ttyAMA0). On Linux, where the suites are also run as a check of
 * themselves, a new pseudo-terminal stands in for it, so that the
 * terminal the test was started from is left alone. A header of static
 * functions, as signal-children.h is: each suite has its own copy.
 */
#ifndef TTY_SESSION_H
#define TTY_SESSION_H

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "ktest-user.h"

static int term = -1;		/* the terminal tested, opened O_NOCTTY */
static int master = -1;		/* on Linux: the pseudo-terminal's other end */
static char line_path[64];	/* another name that opens the same terminal */
static struct termios saved;
static struct winsize saved_ws;

/* The terminal, opened once; false (the case fails) when there is none. */
static bool terminal(void)
{
	if (term >= 0)
		return true;
	if (on_special_k()) {
		static const char *const lines[] = { "/dev/ttyS0", "/dev/ttyAMA0" };

		term = open("/dev/console", O_RDWR | O_NOCTTY);
		for (size_t i = 0; i < 2 && !line_path[0]; i++) {
			int fd = open(lines[i], O_RDWR | O_NOCTTY);

			if (fd >= 0) {
				strcpy(line_path, lines[i]);
				close(fd);
			}
		}
	} else {
		master = posix_openpt(O_RDWR | O_NOCTTY);
		if (master >= 0 && !grantpt(master) && !unlockpt(master) && ptsname(master)) {
			snprintf(line_path, sizeof(line_path), "%s", ptsname(master));
			term = open(line_path, O_RDWR | O_NOCTTY);
		}
	}
	EXPECT(term >= 0 && line_path[0], "no terminal: errno %d, line '%s'", errno, line_path);
	if (term < 0)
		return false;
	EXPECT(tcgetattr(term, &saved) == 0 && ioctl(term, TIOCGWINSZ, &saved_ws) == 0,
	       "tcgetattr/TIOCGWINSZ: errno %d", errno);
	return true;
}

static int child_failures;

/* EXPECT() in a child process: its diagnostic, and the child's status says it failed. */
#define CEXPECT(cond, ...)							\
	do {									\
		if (!(cond)) {							\
			child_failures++;					\
			ktap_fail(__LINE__, __VA_ARGS__);			\
		}								\
	} while (0)

/* A child that waits until the pipe's write end is closed (or a signal ends it). */
static pid_t waiting_child(int p[2])
{
	pid_t pid;
	char c;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		close(p[1]);
		_exit(read(p[0], &c, 1) == 0 ? 0 : 1);
	}
	return pid;
}

/* Run fn in a child (no core files from its children's SIGQUIT); its CEXPECT()s fail the case. */
static void in_child(void (*fn)(void))
{
	struct rlimit no_core = { 0, 0 };
	int status = -1;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		setrlimit(RLIMIT_CORE, &no_core);
		fn();
		fflush(stdout);
		_exit(child_failures ? 1 : 0);
	}
	EXPECT(pid > 0 && waitpid(pid, &status, 0) == pid && status == 0,
	       "the child: status %#x", status);
}

static void (*session_fn)(void);

static void lead_session(void)
{
	struct termios t = saved;

	/*
	 * As a shell does: on Linux, a process outside the foreground group
	 * that sets the terminal's group or settings is sent SIGTTOU (or, its
	 * group orphaned, gets EIO) unless it ignores the signal.
	 */
	signal(SIGTTOU, SIG_IGN);
	CEXPECT(setsid() == getpid(), "setsid: errno %d", errno);
	CEXPECT(ioctl(term, TIOCSCTTY, 0) == 0, "TIOCSCTTY: errno %d", errno);
	t.c_lflag &= ~(ECHO | ECHONL);
	CEXPECT(tcsetattr(term, TCSANOW, &t) == 0, "echo off: errno %d", errno);
	CEXPECT(tcflush(term, TCIFLUSH) == 0, "tcflush: errno %d", errno);
	if (!child_failures)
		session_fn();
}

/*
 * Run fn in a child that leads a new session whose controlling terminal
 * is the terminal (TIOCSCTTY), echo off and input flushed; then put the
 * terminal's settings back.
 */
static void in_session(void (*fn)(void))
{
	if (!terminal())
		return;
	session_fn = fn;
	in_child(lead_session);
	EXPECT(tcsetattr(term, TCSANOW, &saved) == 0 && ioctl(term, TIOCSWINSZ, &saved_ws) == 0,
	       "settings back: errno %d", errno);
}

#endif
