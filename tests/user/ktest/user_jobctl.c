/*
 * user_jobctl: job control's stops, as a shell's ^Z, fg and bg use them.
 * SIGSTOP stops a child blocked in read() (the byte written meanwhile
 * stays unread), its parent hears of it by SIGCHLD (CLD_STOPPED) and by
 * wait4() with WUNTRACED, once; SIGCONT continues it (CLD_CONTINUED,
 * WCONTINUED) and its read goes on. A signal sent to a stopped process
 * waits until it continues; SIGKILL does not. SIGTSTP's default stops a
 * process in a group a shell could continue, and does nothing in an
 * orphaned one (a new session's). No case sleeps: each waits in wait4().
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"

static volatile sig_atomic_t chld_codes[4], nr_chld;

static void on_chld(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	if (nr_chld < 4)
		chld_codes[nr_chld++] = si->si_code << 8 | si->si_status;
}

/*
 * A child in read() of p[0]: once it reads 'x' it reads on until the pipe's
 * end (so that it is still there to be waited for as continued), then
 * exits 0; 1 if the first byte was anything else.
 */
static pid_t reading_child(int p[2])
{
	pid_t pid = fork();
	char c, rest;

	if (pid == 0) {
		close(p[1]);
		if (read(p[0], &c, 1) != 1 || c != 'x')
			_exit(1);
		while (read(p[0], &rest, 1) > 0)
			;
		_exit(0);
	}
	return pid;
}

/* The state letter of /proc/PID/stat. */
static char proc_state(pid_t pid)
{
	char path[64], buf[256], *close_paren;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return '?';
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	close_paren = strrchr(buf, ')');
	return close_paren && close_paren[1] == ' ' ? close_paren[2] : '?';
}

static void stop_and_continue(void)
{
	struct sigaction sa = { .sa_sigaction = on_chld, .sa_flags = SA_SIGINFO | SA_RESTART };
	int p[2], status = -1, unread = -1;
	pid_t pid;

	sigaction(SIGCHLD, &sa, NULL);
	nr_chld = 0;
	EXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	pid = reading_child(p);
	kill(pid, SIGSTOP);
	EXPECT(waitpid(pid, &status, WUNTRACED) == pid && WIFSTOPPED(status) &&
	       WSTOPSIG(status) == SIGSTOP, "after SIGSTOP: status %#x", status);
	EXPECT(proc_state(pid) == 'T', "/proc state %c", proc_state(pid));
	EXPECT(waitpid(pid, &status, WUNTRACED | WNOHANG) == 0, "the stop was told twice");
	EXPECT(write(p[1], "x", 1) == 1, "write: errno %d", errno);
	for (int i = 0; i < 20; i++)
		sched_yield();
	unread = poll(&(struct pollfd){ .fd = p[0], .events = POLLIN }, 1, 0);
	EXPECT(unread == 1, "a stopped child read the byte (poll: %d)", unread);
	kill(pid, SIGCONT);
	EXPECT(waitpid(pid, &status, WCONTINUED) == pid && WIFCONTINUED(status),
	       "after SIGCONT: status %#x", status);
	close(p[1]);
	EXPECT(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	       "the child's end: status %#x", status);
	/* The exit's SIGCHLD may come while the continue's is still pending: one then. */
	EXPECT(nr_chld >= 2 && chld_codes[0] == (CLD_STOPPED << 8 | SIGSTOP) &&
	       chld_codes[1] == (CLD_CONTINUED << 8 | SIGCONT),
	       "SIGCHLD codes: %d of them, %#x %#x", (int)nr_chld, chld_codes[0], chld_codes[1]);
	signal(SIGCHLD, SIG_DFL);
	close(p[0]);
}

/* SIGTERM waits while the child is stopped and ends it once continued; SIGKILL does not wait. */
static void signals_to_a_stopped_child(void)
{
	int p[2], status = -1;
	pid_t pid;

	EXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	pid = reading_child(p);
	kill(pid, SIGSTOP);
	EXPECT(waitpid(pid, &status, WUNTRACED) == pid && WIFSTOPPED(status), "status %#x",
	       status);
	kill(pid, SIGTERM);
	for (int i = 0; i < 20; i++)
		sched_yield();
	EXPECT(waitpid(pid, &status, WNOHANG) == 0, "SIGTERM ended a stopped child: %#x",
	       status);
	kill(pid, SIGCONT);
	EXPECT(waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
	       "continued with SIGTERM pending: status %#x", status);

	pid = reading_child(p);
	kill(pid, SIGSTOP);
	EXPECT(waitpid(pid, &status, WUNTRACED) == pid && WIFSTOPPED(status), "status %#x",
	       status);
	kill(pid, SIGKILL);
	EXPECT(waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
	       "SIGKILL to a stopped child: status %#x", status);
	close(p[0]);
	close(p[1]);
}

/* A child that raises SIGTSTP in a group of its own (setpgid) or a new session (setsid). */
static int tstp_child(bool new_session)
{
	int status = -1;
	pid_t pid = fork();

	if (pid == 0) {
		if (new_session ? setsid() < 0 : setpgid(0, 0) < 0)
			_exit(2);
		raise(SIGTSTP);
		_exit(7);
	}
	if (waitpid(pid, &status, WUNTRACED) == pid && WIFSTOPPED(status)) {
		kill(pid, SIGCONT);
		waitpid(pid, NULL, 0);
	}
	return status;
}

static void tstp_stops_unless_orphaned(void)
{
	int status = tstp_child(false);

	EXPECT(WIFSTOPPED(status) && WSTOPSIG(status) == SIGTSTP, "own group: status %#x", status);
	status = tstp_child(true);
	EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 7, "orphaned group: status %#x", status);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(stop_and_continue),
	KTAP_CASE(signals_to_a_stopped_child),
	KTAP_CASE(tstp_stops_unless_orphaned),
};
ktest_user_suite(user_jobctl, cases);
