/*
 * user_fuzz: system calls with random numbers and random arguments, a
 * fixed count from a fixed seed (the same calls every run): the kernel
 * must answer each with a result or an error, never an oops, and give
 * every page back when the program ends (the kernel's runner checks).
 *
 * It runs in a child with fd 0, 1 and 2 closed, so no random write reaches
 * the console. Calls that would end or replace the fuzzer (exit, execve,
 * fork), change the files every program shares (unlink, mkdir, open with
 * O_CREAT), pull its own memory or TLS from under it (munmap, mprotect,
 * brk, arch_prctl, set_tls, MAP_FIXED) or wait for ever (a sleep, a read
 * from a pipe it holds both ends of) are not made: they are tested on
 * purpose elsewhere.
 */
#include <stdbool.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"

#define CALLS		4000
#define MAX_NR		460	/* past the last number either arch has */

static const long denied[] = {
	SYS_exit, SYS_exit_group, SYS_clone, SYS_execve, SYS_munmap, SYS_mprotect, SYS_brk,
	SYS_mremap, SYS_openat, SYS_unlinkat, SYS_mkdirat, SYS_renameat2, SYS_kill, SYS_tkill,
	SYS_tgkill, SYS_nanosleep, SYS_clock_nanosleep, SYS_wait4, SYS_ftruncate, SYS_execveat,
	SYS_clone3, SYS_pidfd_open, SYS_truncate, SYS_pipe2, SYS_pipe,
#ifdef __x86_64__
	SYS_mmap, SYS_fork, SYS_vfork, SYS_pause, SYS_arch_prctl, SYS_open, SYS_creat, SYS_unlink,
	SYS_mkdir, SYS_rmdir, SYS_rename, SYS_renameat,
#else
	SYS_mmap2, SYS_fork, SYS_vfork, SYS_open, SYS_creat, SYS_unlink, SYS_mkdir, SYS_rmdir,
	SYS_rename, SYS_renameat, SYS_clock_nanosleep_time64,
#endif
};

static uint32_t seed = 20261203;

static uint32_t next(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 17;
	seed ^= seed << 5;
	return seed;
}

static char buffer[4096];

/* An argument as a fuzzer would pick it: small numbers, -1, pointers good and bad. */
static long random_arg(void)
{
	switch (next() % 8) {
	case 0: return 0;
	case 1: return next() % 16;
	case 2: return -1;
	case 3: return (long)(buffer + next() % sizeof(buffer));
#ifdef __x86_64__
	case 4: return (long)0xffffffff80100000UL;
#else
	case 4: return (long)0xf0100000UL;
#endif
	case 5: return (long)(uintptr_t)(next() & ~0xfffU);
	case 6: return (long)next() << (next() % 2 ? 32 : 0);
	default: return (long)next();
	}
}

static bool allowed(long nr)
{
	for (size_t i = 0; i < sizeof(denied) / sizeof(denied[0]); i++)
		if (denied[i] == nr)
			return false;
	return true;
}

static void fuzz(void)
{
	close(0);
	close(1);
	close(2);
	for (int i = 0; i < CALLS; i++) {
		long nr = next() % MAX_NR, a[6];

		for (int k = 0; k < 6; k++)
			a[k] = random_arg();
		if (allowed(nr))
			syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	}
}

static void random_calls_never_oops(void)
{
	int status = run_in_child(fuzz);

	EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the fuzzer ended with status %#x",
	       status);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(random_calls_never_oops),
};
ktest_user_suite(user_fuzz, cases);
