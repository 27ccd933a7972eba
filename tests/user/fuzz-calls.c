/*
 * The system-call fuzzer's generator, in the spirit of trinity: a table of
 * the calls the kernel has, each argument of a kind (a file descriptor, a
 * pointer, a length, a path ...), and for each kind the values that find
 * bugs: NULL, kernel addresses, addresses in the hole above user space,
 * unaligned pointers, a pointer whose object runs into a page it may not touch,
 * read-only memory, huge and negative sizes, negative and closed fds.
 *
 * What it must not do is wreck the fuzzer itself, or what the other suites
 * share: such calls are kept out or tamed on purpose, as trinity does.
 *  - No pointer points at the fuzzer's own data or stack: every one is bad,
 *    or points into memory it can lose (the scratch area, whose end is an
 *    inaccessible (PROT_NONE) page; its own mappings; its read-only text). Structures the
 *    kernel reads pointers or times from (iovecs, timespecs) are built
 *    here, from the same kinds.
 *  - exit, exit_group are never made (the process would stop early);
 *    vfork neither (the child would run on the parent's stack), nor
 *    rt_sigreturn and sigreturn (registers from random stack words), nor
 *    rt_sigsuspend (no signal may come to end it).
 *  - Signals: rt_sigaction only ever makes a signal ignored (a handler
 *    would be a random address; random bytes read as a sigaction could
 *    make one fatal again, so any other pointer it gets is one nothing
 *    can be read through), and kill, tkill and tgkill send only signals
 *    the fuzzer ignores (or none, or an invalid one), to itself, to its
 *    own process group (each fuzzing process leads one, with the children
 *    it forks) or to no process. rt_sigprocmask blocks and unblocks at
 *    random; setpgid and setsid cannot take it back into the suite's group.
 *  - fork and clone (never CLONE_VM, CLONE_VFORK, CLONE_SETTLS; a new
 *    stack only where nothing can be read, or the child would return
 *    through random words into the fuzzer's code) are made at most
 *    MAX_FORKS times per process: the child makes CHILD_CALLS calls,
 *    forks nothing and exits; its parent waits for it at the end.
 *  - execve only of paths that cannot run (not executable, not ELF, none).
 *  - munmap and mprotect only of mappings mmap gave the fuzzer, or of bad
 *    addresses with a length that reaches nothing; mmap never MAP_FIXED;
 *    brk only grows; arch_prctl never sets FS (the C library's TLS).
 *  - Sleeps get a timespec of under a millisecond (or a bad pointer).
 *  - A new pipe keeps one end only (no read can wait for a writer that is
 *    the reader itself), and SIGPIPE is ignored: a write to one whose
 *    reader is gone gets EPIPE.
 *  - Files are opened read-only, never created or truncated, and unlink,
 *    mkdir, rename, symlink and link only get paths that cannot succeed (a
 *    rename of a path to itself changes nothing): other suites share the
 *    tree. chmod is not made: any path that exists, "/" among them, would
 *    change. Writes go to the file the parent made for the round. A random
 *    number outside the table that changes the tree (open, creat, unlink,
 *    rename... on ARM, whose table has only their *at forms) gets its
 *    arguments drawn but is not called: its random pointers may name a
 *    real path (a file left behind fails the round's page count).
 *  - prlimit64 gets no new limit and a pid of 0, itself or its parent off
 *    Special K (on Linux, as root, it would set them).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz-calls.h"
#include "fuzz-args.h"

#define MAX_NR		460	/* past the last number either arch has */
#define MAX_FORKS	4	/* children of one fuzzing process */
#define CHILD_CALLS	32	/* calls such a child makes, then it exits */

/* A call and its arguments' kinds, one letter each (fuzz-args.h). */
struct call {
	long nr;
	const char *args;
};

static const struct call table[] = {
	{ SYS_read, "FPL" }, { SYS_write, "FPL" }, { SYS_readv, "FVN" }, { SYS_writev, "FVN" },
	{ SYS_pread64, "FPLNNN" }, { SYS_pwrite64, "FPLNNN" }, { SYS_lseek, "FNN" },
	{ SYS_close, "F" }, { SYS_dup, "F" }, { SYS_dup3, "FFG" }, { SYS_fcntl, "FNN" },
	{ SYS_openat, "FSON" }, { SYS_faccessat, "FSN" }, { SYS_unlinkat, "FDG" },
	{ SYS_mkdirat, "FDN" }, { SYS_pipe2, "QG" }, { SYS_ioctl, "FNP" }, { SYS_statx, "FSGNP" },
	{ SYS_getdents64, "FPL" }, { SYS_readlinkat, "FSPL" }, { SYS_clock_gettime, "NP" },
	{ SYS_clock_getres, "NP" }, { SYS_clock_nanosleep, "NGTP" }, { SYS_nanosleep, "TP" },
	{ SYS_gettimeofday, "PP" }, { SYS_uname, "P" }, { SYS_sched_yield, "" },
	{ SYS_getrandom, "PLG" }, { SYS_prlimit64, "INPP" }, { SYS_sysinfo, "P" },
	{ SYS_getpid, "" }, { SYS_getppid, "" }, { SYS_gettid, "" }, { SYS_set_tid_address, "P" },
	{ SYS_fork, "" }, { SYS_clone, "CKPPP" }, { SYS_wait4, "IPGP" }, { SYS_execve, "XPP" },
	{ SYS_munmap, "AZ" }, { SYS_mprotect, "AZN" }, { SYS_brk, "B" }, { SYS_pipe, "Q" },
	{ SYS_rt_sigaction, "NEPW" }, { SYS_rt_sigprocmask, "NPPW" }, { SYS_rt_sigpending, "PW" },
	{ SYS_kill, "YJ" }, { SYS_tkill, "YJ" }, { SYS_tgkill, "YYJ" }, { SYS_umask, "N" },
	{ SYS_getuid, "" }, { SYS_geteuid, "" }, { SYS_getgid, "" }, { SYS_getegid, "" },
	{ SYS_setuid, "N" }, { SYS_setgid, "N" }, { SYS_getgroups, "NP" }, { SYS_chdir, "S" },
	{ SYS_fchdir, "F" }, { SYS_getcwd, "PL" },
	{ SYS_setpgid, "II" }, { SYS_getpgid, "I" }, { SYS_getsid, "I" }, { SYS_setsid, "" },
	{ SYS_getpgrp, "" }, { SYS_renameat2, "FDFDG" }, { SYS_renameat, "FDFD" },
	{ SYS_symlinkat, "SFD" }, { SYS_prctl, "NPNNN" }, { SYS_linkat, "FDFDG" },
	{ SYS_poll, "pNm" }, { SYS_ppoll, "pNtPW" },
#ifdef __x86_64__
	{ SYS_mmap, "HLNMFN" }, { SYS_open, "SON" }, { SYS_access, "SN" }, { SYS_unlink, "D" },
	{ SYS_mkdir, "DN" }, { SYS_rename, "DD" }, { SYS_symlink, "SD" }, { SYS_link, "DD" }, { SYS_dup2, "FF" }, { SYS_newfstatat, "FSPG" }, { SYS_fstat, "FP" },
	{ SYS_stat, "SP" }, { SYS_lstat, "SP" }, { SYS_readlink, "SPL" }, { SYS_getrlimit, "NP" },
	{ SYS_arch_prctl, "RP" },
#else
	{ SYS_mmap2, "HLNMFN" }, { SYS__llseek, "FNNPN" }, { SYS_fcntl64, "FNN" },
	{ SYS_fstatat64, "FSPG" }, { SYS_fstat64, "FP" }, { SYS_stat64, "SP" },
	{ SYS_lstat64, "SP" }, { SYS_ugetrlimit, "NP" }, { SYS_clock_gettime64, "NP" },
	{ SYS_clock_getres_time64, "NP" }, { SYS_clock_nanosleep_time64, "NGUP" },
	{ SYS_ppoll_time64, "pNuPW" },
#endif
};

/* Numbers outside the table that would wreck the fuzzer were the kernel to gain them. */
static const long denied[] = {
	SYS_exit, SYS_exit_group, SYS_vfork, SYS_execveat,
	SYS_clone3, SYS_reboot, SYS_mremap, SYS_futex, SYS_pselect6, SYS_ptrace,
	SYS_rt_sigsuspend, SYS_rt_sigtimedwait, SYS_pause, SYS_pidfd_send_signal,
	SYS_rt_sigreturn, SYS_syslog,	/* syslog: CONSOLE_OFF would silence the kernel's verdicts */
#ifdef __x86_64__
	SYS_select,
#else
	SYS__newselect, SYS_sigreturn, SYS_futex_time64, SYS_pselect6_time64,
#endif
};

/* Numbers outside the table that change the tree: drawn, not called (the stream stays the same). */
static const long tree_changing[] = {
	SYS_open, SYS_creat, SYS_unlink, SYS_mkdir, SYS_rmdir, SYS_link, SYS_symlink, SYS_rename,
	SYS_mknod, SYS_chmod, SYS_truncate, SYS_linkat, SYS_symlinkat, SYS_renameat,
	SYS_renameat2, SYS_mknodat, SYS_fchmodat, SYS_mount, SYS_umount2,
};

static bool random_numbers;
static int depth;		/* 0 in a fuzzing process, 1 in a child it forked */
static int forks;

uint32_t fuzz_mix(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352dU;
	x ^= x >> 15;
	x *= 0x846ca68bU;
	x ^= x >> 16;
	return x ? x : 1;
}

static bool listed(const long *list, size_t n, long nr)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == nr)
			return true;
	return false;
}

static bool is_denied(long nr)
{
	return listed(denied, sizeof(denied) / sizeof(denied[0]), nr);
}

static void call_once(void);

/* What a call gave the fuzzer: fds and mappings to use, a child to run. */
static void after(long nr, const long *a, long r)
{
	if (r == -1)
		return;
	if (nr == SYS_pipe || nr == SYS_pipe2) {
		int p[2], keep = fuzz_next() % 2;

		memcpy(p, (void *)a[0], sizeof(p));
		close(p[!keep]);
		fuzz_add_fd(p[keep]);
	} else if (nr == SYS_fork || nr == SYS_clone) {
		if (r)
			return;
		depth = 1;
		fuzz_reseed(fuzz_mix(fuzz_next() ^ (uint32_t)getpid()));
		for (int i = 0; i < CHILD_CALLS; i++)
			call_once();
		_exit(0);
#ifdef __x86_64__
	} else if (nr == SYS_mmap) {
#else
	} else if (nr == SYS_mmap2) {
#endif
		fuzz_add_map(r, a[1]);
	} else if (r < 1024 && (nr == SYS_openat || nr == SYS_dup || nr == SYS_dup3)) {
		fuzz_add_fd(r);
	}
}

static void call_once(void)
{
	const struct call *c = &table[fuzz_next() % (sizeof(table) / sizeof(table[0]))];
	long nr = c->nr, a[6] = { 0 };

	if (random_numbers && fuzz_next() % 8 == 0) {
		nr = fuzz_next() % 8 ? (long)(fuzz_next() % MAX_NR) : (long)(int)fuzz_next();
		for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
			if (table[i].nr == nr)
				c = &table[i];
		if (c->nr != nr) {
			if (is_denied(nr) || (nr >= 0xf0000 && nr < 0xf1000))	/* ARM's private calls */
				return;
			for (int k = 0; k < 6; k++)
				a[k] = fuzz_arg(fuzz_next() % 2 ? 'P' : 'N');
			if (!listed(tree_changing, sizeof(tree_changing) / sizeof(tree_changing[0]), nr))
				syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
			return;
		}
	}
	if ((nr == SYS_fork || nr == SYS_clone) && (depth || forks++ >= MAX_FORKS))
		return;
	for (int k = 0; c->args[k]; k++)
		a[k] = fuzz_arg(c->args[k]);
	if (nr == SYS_prlimit64 && !random_numbers)
		a[2] = 0;
	after(nr, a, syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]));
}

void fuzz_setup(uint32_t seed, int extra_fd, bool numbers)
{
	random_numbers = numbers;
	signal(SIGPIPE, SIG_IGN);
	setpgid(0, 0);	/* a group of its own: kill(0) must not reach the suite */
	for (int i = 0; i < 3; i++)
		close(i);
	if (!fuzz_args_init(seed, numbers))
		_exit(3);
	fuzz_add_fd(open("/hello.txt", O_RDONLY));
	fuzz_add_fd(open("/", O_RDONLY | O_DIRECTORY));
	fuzz_add_fd(extra_fd);
	for (int i = 0; i < 2; i++) {
		int p[2];

		if (pipe(p) == 0) {
			close(p[i]);
			fuzz_add_fd(p[!i]);
		}
	}
}

void fuzz_run(long calls)
{
	for (long i = 0; i < calls; i++)
		call_once();
	while (wait4(-1, NULL, 0, NULL) > 0)
		;
	_exit(0);
}
