/*
 * user_signal: signals as a C library's own API sees them on Linux. A
 * handler runs with the siginfo the sender made (kill: SI_USER and the
 * sender's pid; tgkill: SI_TKILL; a child's end: CLD_EXITED, its pid and
 * status), under the mask sigaction() asked for, which sigreturn puts back
 * afterwards; a blocked signal waits, even an ignored one, until made
 * ignored; every register survives a handler
 * that runs between two instructions; a child ended by a signal has that
 * status in waitpid(); a blocked read or waitpid() ends with EINTR, or
 * goes on with SA_RESTART; a write to a pipe nobody reads brings SIGPIPE
 * or, ignored, EPIPE; faults come to handlers with their address and code.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"
#include "signal-arch.h"
#include "signal-children.h"

static volatile sig_atomic_t hits;
static siginfo_t seen;
static sigset_t mask_in_handler;

static void on_signal(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	hits++;
	seen = *si;
	sigprocmask(SIG_BLOCK, NULL, &mask_in_handler);
}

static void handle(int sig, int flags, const sigset_t *mask)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | flags;
	if (mask)
		sa.sa_mask = *mask;
	sigaction(sig, &sa, NULL);
	hits = 0;
	memset(&seen, 0, sizeof(seen));
}

static void set_default(int sig)
{
	signal(sig, SIG_DFL);
}


static void handler_gets_siginfo(void)
{
	sigset_t before, extra;

	sigemptyset(&extra);
	sigaddset(&extra, SIGUSR2);
	sigprocmask(SIG_SETMASK, NULL, &before);
	handle(SIGUSR1, 0, &extra);
	EXPECT(kill(getpid(), SIGUSR1) == 0, "kill: errno %d", errno);
	EXPECT(hits == 1, "the handler ran %d times", (int)hits);
	EXPECT(seen.si_signo == SIGUSR1 && seen.si_code == SI_USER && seen.si_pid == getpid(),
	       "siginfo: signo %d code %d pid %d", seen.si_signo, seen.si_code, seen.si_pid);
	/* In the handler: the signal itself and sa_mask blocked; after it, the mask as before. */
	EXPECT(sigismember(&mask_in_handler, SIGUSR1) && sigismember(&mask_in_handler, SIGUSR2),
	       "mask in the handler lacks SIGUSR1 or SIGUSR2");
	EXPECT(syscall(SYS_tgkill, getpid(), getpid(), SIGUSR1) == 0, "tgkill: errno %d", errno);
	EXPECT(hits == 2 && seen.si_code == SI_TKILL, "tgkill: %d hits, code %d", (int)hits,
	       seen.si_code);
	/* The kernel's mask is the first 8 bytes of the C library's sigset_t. */
	sigprocmask(SIG_SETMASK, NULL, &extra);
	EXPECT(!memcmp(&extra, &before, 8), "the mask was not restored by sigreturn");
	set_default(SIGUSR1);
}

static void blocked_signal_waits(void)
{
	sigset_t set, pending;

	handle(SIGUSR1, 0, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGUSR1);
	kill(getpid(), SIGUSR1);
	EXPECT(hits == 0, "a blocked signal's handler ran");
	sigpending(&pending);
	EXPECT(sigismember(&pending, SIGUSR1), "SIGUSR1 is not pending");
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	EXPECT(hits == 1, "after unblocking: %d runs, not 1 (merged)", (int)hits);
	/* SA_RESETHAND: one run, then the default again. */
	handle(SIGUSR1, SA_RESETHAND, NULL);
	kill(getpid(), SIGUSR1);
	struct sigaction now;
	sigaction(SIGUSR1, NULL, &now);
	EXPECT(hits == 1 && now.sa_handler == SIG_DFL, "SA_RESETHAND: %d runs, handler %p",
	       (int)hits, (void *)now.sa_handler);
	EXPECT(sigaction(SIGKILL, &now, NULL) == -1 && errno == EINVAL, "SIGKILL's action set");
	EXPECT(syscall(SYS_rt_sigprocmask, SIG_BLOCK, NULL, &set, 4) == -1 && errno == EINVAL,
	       "a 4-byte sigset accepted");
	/* Blocked, even an ignored one waits: its action may change before it is unblocked. */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	signal(SIGUSR1, SIG_IGN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGUSR1);
	sigpending(&pending);
	EXPECT(sigismember(&pending, SIGUSR1), "blocked and ignored, SIGUSR1 is not pending");
	handle(SIGUSR1, 0, NULL);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	EXPECT(hits == 1, "a handler set before the unblocking: %d runs, not 1", (int)hits);
	/* Making a pending signal ignored drops it. */
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGUSR1);
	signal(SIGUSR1, SIG_IGN);
	sigpending(&pending);
	EXPECT(!sigismember(&pending, SIGUSR1), "still pending once ignored");
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	set_default(SIGUSR1);
}

static void on_usr1_flag(int sig)
{
	(void)sig;
	hits++;
	/* Clobber what a handler may: the FPU and vector registers, caller-saved ones. */
	volatile double d = 1.5;
	for (int i = 0; i < 10; i++)
		d = d * 3.25 + i;
	clobber_registers();
	signal_flag = 1;
}

static void registers_survive_handler(void)
{
	long bad;
	pid_t pid;
	int stop;

	signal(SIGUSR1, on_usr1_flag);
	hits = 0;
	signal_flag = 0;
	pid = pester(SIGUSR1, &stop);
	bad = spin_until_flag();	/* every register loaded, compared after */
	stop_pester(pid, stop);
	EXPECT(hits >= 1, "the handler never ran");
	EXPECT(bad == 0, "registers changed across the handler: %#lx", bad);
	set_default(SIGUSR1);
}

static void ignore_term(void)
{
	signal(SIGTERM, SIG_IGN);
}

static void children_killed_status(void)
{
	int st;

	st = kill_child(SIGTERM, NULL);
	EXPECT(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "SIGTERM: status %#x", st);
	st = kill_child(SIGQUIT, NULL);	/* core, as terminate: no core flag */
	EXPECT(WIFSIGNALED(st) && WTERMSIG(st) == SIGQUIT && !WCOREDUMP(st), "SIGQUIT: status %#x",
	       st);
	st = kill_child(SIGURG, NULL);	/* ignored by default: SIGKILL ends it */
	EXPECT(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "SIGURG then SIGKILL: status %#x", st);
	st = kill_child(SIGTERM, ignore_term);
	EXPECT(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "ignored SIGTERM: status %#x", st);
	EXPECT(kill(0x7fffffff, 0) == -1 && errno == ESRCH, "kill of no such pid");
	EXPECT(kill(getpid(), 65) == -1 && errno == EINVAL, "signal 65 accepted");
}

static void sigsuspend_gets_sigchld(void)
{
	sigset_t block, old, none;
	int status = -1;
	pid_t pid;

	sigemptyset(&block);
	sigaddset(&block, SIGCHLD);
	sigprocmask(SIG_BLOCK, &block, &old);
	handle(SIGCHLD, 0, NULL);
	pid = fork();
	if (pid == 0)
		_exit(7);
	sigemptyset(&none);
	EXPECT(sigsuspend(&none) == -1 && errno == EINTR, "sigsuspend: errno %d", errno);
	EXPECT(hits == 1 && seen.si_signo == SIGCHLD && seen.si_code == CLD_EXITED &&
	       seen.si_pid == pid && seen.si_status == 7,
	       "SIGCHLD: %d runs, code %d pid %d (child %d) status %d", (int)hits, seen.si_code,
	       seen.si_pid, pid, seen.si_status);
	sigprocmask(SIG_SETMASK, NULL, &none);
	EXPECT(sigismember(&none, SIGCHLD), "sigsuspend's caller mask not back");
	EXPECT(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 7,
	       "waitpid: status %#x", status);
	sigprocmask(SIG_SETMASK, &old, NULL);
	set_default(SIGCHLD);
}

static void blocked_calls_eintr_or_restart(void)
{
	int fds[2], hold[2], status, stop;
	char c;
	long n;
	pid_t pid, other;

	EXPECT(pipe(fds) == 0 && pipe(hold) == 0, "pipe: errno %d", errno);
	handle(SIGUSR1, 0, NULL);
	pid = pester(SIGUSR1, &stop);
	n = read(fds[0], &c, 1);
	EXPECT(n == -1 && errno == EINTR && hits >= 1, "read: %ld errno %d, %d runs", n, errno,
	       (int)hits);
	stop_pester(pid, stop);

	/*
	 * SA_RESTART: the read goes on after the handler and gets the byte
	 * written later (here the parent blocks before its child first runs).
	 */
	handle(SIGUSR1, SA_RESTART, NULL);
	pid = fork();
	if (pid == 0) {
		for (int i = 0; i < 3; i++) {
			kill(getppid(), SIGUSR1);
			sched_yield();
		}
		_exit(write(fds[1], "r", 1) == 1 ? 0 : 1);
	}
	n = read(fds[0], &c, 1);
	EXPECT(n == 1 && c == 'r' && hits >= 1, "restarted read: %ld errno %d, %d runs", n, errno,
	       (int)hits);
	waitpid(pid, NULL, 0);

	/* waitpid() too: for a child that waits for a byte, interrupted without SA_RESTART. */
	handle(SIGUSR1, 0, NULL);
	other = fork();
	if (other == 0)
		_exit(read(hold[0], &c, 1) == 1 ? 0 : 1);
	pid = pester(SIGUSR1, &stop);
	EXPECT(waitpid(other, &status, 0) == -1 && errno == EINTR, "waitpid: errno %d", errno);
	stop_pester(pid, stop);
	(void)!write(hold[1], "h", 1);
	waitpid(other, &status, 0);
	close(fds[0]);
	close(fds[1]);
	close(hold[0]);
	close(hold[1]);
	set_default(SIGUSR1);
}

static int pipe_fds[2];

static void write_to_no_reader(void)
{
	(void)!write(pipe_fds[1], "x", 1);
	_exit(3);
}

static void sigpipe_or_epipe(void)
{
	int status;
	long n;

	EXPECT(pipe(pipe_fds) == 0, "pipe: errno %d", errno);
	close(pipe_fds[0]);
	status = run_in_child(write_to_no_reader);
	EXPECT(WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE, "status %#x", status);
	signal(SIGPIPE, SIG_IGN);
	n = write(pipe_fds[1], "x", 1);
	EXPECT(n == -1 && errno == EPIPE, "ignored SIGPIPE: %ld errno %d", n, errno);
	close(pipe_fds[1]);
	set_default(SIGPIPE);
}

static sigjmp_buf fault_jmp;

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	hits++;
	seen = *si;
	siglongjmp(fault_jmp, sig);
}

/* Run fault(), which must raise sig: the handler's siginfo is in seen. */
static int caught(int sig, void (*fault)(void))
{
	struct sigaction sa;
	int got;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO;
	sigaction(sig, &sa, NULL);
	memset(&seen, 0, sizeof(seen));
	got = sigsetjmp(fault_jmp, 1);
	if (!got)
		fault();
	set_default(sig);
	return got;
}

static void faults_reach_handlers(void)
{
	int st;

	EXPECT(caught(SIGSEGV, fault_segv) == SIGSEGV && seen.si_code == SEGV_MAPERR &&
	       seen.si_addr == (void *)FAULT_ADDR, "SIGSEGV: code %d addr %p", seen.si_code,
	       seen.si_addr);
	EXPECT(caught(SIGILL, fault_ill) == SIGILL && seen.si_code == ILL_ILLOPC,
	       "SIGILL: code %d", seen.si_code);
	EXPECT(caught(SIGBUS, fault_bus) == SIGBUS && seen.si_code == BUS_CODE,
	       "SIGBUS: code %d", seen.si_code);
	if (HAS_SIGFPE_FAULT)
		EXPECT(caught(SIGFPE, fault_fpe) == SIGFPE && seen.si_code == FPE_INTDIV,
		       "SIGFPE: code %d", seen.si_code);
	/* Nothing handles it: the child ends by the signal (the kernel's report line is logged). */
	st = run_in_child(fault_segv);
	EXPECT(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV, "unhandled SIGSEGV: status %#x", st);
}

/* rt_sigaction without SA_RESTORER: ARM returns through the kernel's page, x86_64 refuses. */
static void no_restorer_child(void)
{
	struct { void (*handler)(int); unsigned long flags; void *restorer; unsigned mask[2]; } ka;

	memset(&ka, 0, sizeof(ka));
	ka.handler = on_usr1_flag;
	syscall(SYS_rt_sigaction, SIGUSR1, &ka, NULL, 8);
	hits = 0;
	kill(getpid(), SIGUSR1);
	_exit(hits == 1 ? 0 : 1);
}

static void handler_without_restorer(void)
{
	int st = run_in_child(no_restorer_child);

	if (NEEDS_RESTORER)
		EXPECT(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV, "status %#x", st);
	else
		EXPECT(WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %#x", st);
}

/*
 * A child that has ended, not yet waited for, still exists for kill(), as on
 * Linux (shells ask kill(pid, 0) whether a job is there): 0, and a signal is
 * taken and does nothing. Once waitpid() has its status, it is gone (ESRCH).
 */
static void kill_of_a_zombie(void)
{
	char path[32], buf[128] = "", state = '?';
	pid_t pid = fork();
	int status = -1;

	if (pid == 0)
		_exit(7);
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	for (int tries = 0; tries < 100000 && state != 'Z'; tries++) {
		int fd = open(path, O_RDONLY);
		long n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;

		if (fd >= 0)
			close(fd);
		buf[n > 0 ? n : 0] = '\0';
		state = strrchr(buf, ')') ? strrchr(buf, ')')[2] : '?';
		if (state != 'Z')
			sched_yield();
	}
	EXPECT(state == 'Z', "the child never became a zombie: %s", buf);
	EXPECT(kill(pid, 0) == 0, "kill(zombie, 0): errno %d", errno);
	EXPECT(kill(pid, SIGKILL) == 0, "kill(zombie, SIGKILL): errno %d", errno);
	EXPECT(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 7,
	       "the zombie's status: %#x", status);
	EXPECT(kill(pid, 0) == -1 && errno == ESRCH, "kill(reaped child, 0): errno %d", errno);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(handler_gets_siginfo),
	KTAP_CASE(blocked_signal_waits),
	KTAP_CASE(registers_survive_handler),
	KTAP_CASE(children_killed_status),
	KTAP_CASE(sigsuspend_gets_sigchld),
	KTAP_CASE(blocked_calls_eintr_or_restart),
	KTAP_CASE(sigpipe_or_epipe),
	KTAP_CASE(faults_reach_handlers),
	KTAP_CASE(handler_without_restorer),
	KTAP_CASE(kill_of_a_zombie),
};
ktest_user_suite(user_signal, cases);
