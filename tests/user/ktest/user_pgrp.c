/*
 * user_pgrp: process groups and sessions, as a shell uses them for its
 * jobs, checked by their effects. A child starts in its parent's group;
 * setpgid() from either side puts it in a group of its own; setsid()
 * makes a new session and group, and refuses a group leader; kill() of a
 * group reaches each of its processes and no other; waitpid() of a group
 * waits only for children in it; /proc/self/stat shows both ids. Children
 * wait on a pipe, not on a timer: they end when the test closes it, so a
 * signal that misses them shows as a status, never as a hang.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"

/* A child that waits until the pipe's write end is closed, then exits 0. */
static pid_t waiting_child(int p[2])
{
	pid_t pid = fork();
	char c;

	if (pid == 0) {
		close(p[1]);
		_exit(read(p[0], &c, 1) == 0 ? 0 : 1);
	}
	EXPECT(pid > 0, "fork: errno %d", errno);
	return pid;
}

static void child_gets_own_group(void)
{
	int p[2], status, pgrp, sid;
	pid_t pid;
	char stat[256];
	FILE *f;

	EXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	pid = waiting_child(p);
	EXPECT(getpgid(pid) == getpgrp(), "a child starts in its parent's group");
	EXPECT(getsid(pid) == getsid(0), "a child starts in its parent's session");
	EXPECT(setpgid(pid, 0) == 0, "setpgid(child, 0): errno %d", errno);
	EXPECT(getpgid(pid) == pid, "the child's group is %d, not %d", getpgid(pid), pid);
	EXPECT(setpgid(pid, 0x7ffffff0) == -1 && errno == EPERM,
	       "a group that does not exist: errno %d", errno);
	EXPECT(setpgid(pid, -1) == -1 && errno == EINVAL, "a negative group: errno %d", errno);
	close(p[1]);
	EXPECT(waitpid(pid, &status, 0) == pid && status == 0, "status %#x", status);
	close(p[0]);
	EXPECT(getppid() <= 1 || (setpgid(getppid(), 0) == -1 && errno == ESRCH),
	       "setpgid of its parent: errno %d", errno);
	f = fopen("/proc/self/stat", "r");
	EXPECT(f && fgets(stat, sizeof(stat), f), "read /proc/self/stat");
	if (f)
		fclose(f);
	EXPECT(sscanf(strrchr(stat, ')') + 1, " %*c %*d %d %d", &pgrp, &sid) == 2 &&
	       pgrp == getpgrp() && sid == getsid(0),
	       "/proc/self/stat: %s (pgrp %d, session %d)", stat, getpgrp(), getsid(0));
}

/* In a child: a new session; a second setsid(), and setpgid() of a session leader, refused. */
static void setsid_makes_session(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		pid_t me = getpid();

		if (setsid() != me || getsid(0) != me || getpgrp() != me)
			_exit(1);
		if (setsid() != -1 || errno != EPERM)
			_exit(2);
		if (setpgid(0, 0) != -1 || errno != EPERM)
			_exit(3);
		_exit(0);
	}
	EXPECT(waitpid(pid, &status, 0) == pid && status == 0,
	       "child: status %#x (1 setsid, 2 a second setsid, 3 setpgid of a leader)", status);
}

/* kill(-pgid) ends both children of the group; the test, in another group, carries on. */
static void kill_reaches_group(void)
{
	int p[2], status;
	pid_t a, b;

	EXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	a = waiting_child(p);
	b = waiting_child(p);
	EXPECT(setpgid(a, a) == 0 && setpgid(b, a) == 0, "setpgid: errno %d", errno);
	EXPECT(kill(-a, 0) == 0, "kill(-group, 0): errno %d", errno);
	EXPECT(kill(-a, SIGTERM) == 0, "kill(-group, SIGTERM): errno %d", errno);
	close(p[1]);	/* a child the signal missed ends now, with status 0 */
	EXPECT(waitpid(a, &status, 0) == a && WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
	       "first: status %#x", status);
	EXPECT(waitpid(b, &status, 0) == b && WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
	       "second: status %#x", status);
	EXPECT(kill(-a, 0) == -1 && errno == ESRCH, "the group is gone: errno %d", errno);
	close(p[0]);
}

/* In a child with a group of its own: kill(0) reaches its own child, not the test. */
static void kill_zero_is_own_group(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		int p[2];
		pid_t grandchild;

		if (setpgid(0, 0) || pipe(p))
			_exit(1);
		grandchild = waiting_child(p);
		signal(SIGUSR1, SIG_IGN);
		if (kill(0, SIGUSR1))
			_exit(2);
		close(p[1]);	/* a grandchild the signal missed ends now, with status 0 */
		if (waitpid(grandchild, &status, 0) != grandchild || !WIFSIGNALED(status) ||
		    WTERMSIG(status) != SIGUSR1)
			_exit(3);
		_exit(0);
	}
	EXPECT(waitpid(pid, &status, 0) == pid && status == 0,
	       "child: status %#x (3: its child not killed by its group's SIGUSR1)", status);
}

/* waitpid(-pgid) waits for the children of that group only; waitpid(0) for the caller's. */
static void waitpid_by_group(void)
{
	int p[2], status;
	pid_t a, b;

	EXPECT(pipe(p) == 0, "pipe: errno %d", errno);
	a = waiting_child(p);
	b = waiting_child(p);
	EXPECT(setpgid(a, a) == 0, "setpgid: errno %d", errno);
	close(p[1]);
	EXPECT(waitpid(0, &status, 0) == b, "waitpid(0): not the child of its own group");
	EXPECT(waitpid(0, &status, WNOHANG) == -1 && errno == ECHILD,
	       "waitpid(0), only another group's child left: errno %d", errno);
	EXPECT(waitpid(-a, &status, 0) == a, "waitpid(-group): not the group's child");
	EXPECT(waitpid(-a, &status, WNOHANG) == -1 && errno == ECHILD,
	       "the group has no child left: errno %d", errno);
	close(p[0]);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(child_gets_own_group),
	KTAP_CASE(setsid_makes_session),
	KTAP_CASE(kill_reaches_group),
	KTAP_CASE(kill_zero_is_own_group),
	KTAP_CASE(waitpid_by_group),
};
ktest_user_suite(user_pgrp, cases);
