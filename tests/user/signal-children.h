/*
 * The children user_signal's cases signal, or that signal their parent,
 * apart so that the suite's file holds its cases: pester() interrupts the
 * parent until told to stop, kill_child() sends a waiting child a signal
 * and collects how it ended. A header of static functions, as
 * signal-arch.h is: one program includes it.
 */
#ifndef SIGNAL_CHILDREN_H
#define SIGNAL_CHILDREN_H

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * No user_signal case sleeps (a sleep is instructions, or time, in `make bench`):
 * a child that must interrupt its parent sends sig again and again, each
 * time letting the parent run, until the parent closes *stop (the parent
 * may not be blocked yet when the first one comes); stop_pester() ends it.
 */
static pid_t pester(int sig, int *stop)
{
	int fds[2];
	pid_t pid;

	if (pipe2(fds, O_NONBLOCK))
		return -1;
	pid = fork();
	if (pid == 0) {
		char c;

		close(fds[1]);
		for (int i = 0; i < 100000 && read(fds[0], &c, 1) == -1; i++) {
			kill(getppid(), sig);
			sched_yield();
		}
		_exit(0);
	}
	close(fds[0]);
	*stop = fds[1];
	return pid;
}

static void stop_pester(pid_t pid, int stop)
{
	close(stop);
	waitpid(pid, NULL, 0);
}

static void child_waits(void)
{
	sigset_t none;

	sigemptyset(&none);
	for (;;)
		sigsuspend(&none);
}

/* A child, set up and waiting, sent sig; SIGKILL if it has not ended after a few yields. */
static int kill_child(int sig, void (*setup)(void))
{
	int status = -1, ready[2];
	pid_t pid;
	char c;

	if (pipe(ready))
		return -1;
	pid = fork();
	if (pid == 0) {
		if (setup)
			setup();
		(void)!write(ready[1], "r", 1);
		child_waits();
	}
	(void)!read(ready[0], &c, 1);
	close(ready[0]);
	close(ready[1]);
	kill(pid, sig);
	/*
	 * A child runs on its parent's CPU (Special K keeps a process on the CPU it started
	 * on): the first yield lets it end if sig ends it; the others are for a host that put
	 * it elsewhere. (1000 yields spent 0.7 M instructions on each signal that must not.)
	 */
	for (int i = 0; i < 20 && waitpid(pid, &status, WNOHANG) == 0; i++)
		sched_yield();
	if (!WIFSIGNALED(status)) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
	}
	return status;
}

#endif
