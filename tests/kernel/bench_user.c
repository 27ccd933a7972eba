/*
 * The user-space figures of `make bench`: this case runs
 * /bin/bench (tests/user/bench.c) from the initramfs, which measures from
 * user mode, with the kernel's own counter, a null system call, a write
 * to the console, a recovered -EFAULT and fork+execve+exit+wait4, and
 * prints its own "bench: user ..." lines. The counter is opened to user
 * mode on every CPU for the run and closed again (asm/bench.h). A bench
 * boot runs on one CPU: ARM's PMCCNTR is each CPU's own, so a program
 * moved between CPUs would subtract one CPU's reading from another's.
 *
 * What the kernel pays to start a program is kernel/umh.c's "bench:
 * exec" line (bench_user_entry()), for /init among others.
 */
#include <kernel/bench.h>
#include <kernel/process.h>
#include <kernel/smp.h>

static void allow_user_counter(void *allow)
{
	bench_allow_user_counter(allow != NULL);
}

static void user(void)
{
	static const char *const argv[] = { "/bin/bench", NULL };
	static const char *const envp[] = { "HOME=/", "TERM=linux", NULL };
	int err, status = 0;

	on_each_cpu(allow_user_counter, (void *)1, true);
	err = call_usermodehelper(argv[0], argv, envp, &status);
	on_each_cpu(allow_user_counter, NULL, true);
	if (err)
		bench_print("error", "user: cannot run %s (error %d): no initramfs?", argv[0], err);
	else if (status)
		bench_print("error", "user: %s ended with wait status %#x", argv[0], status);
}
bench_case(user);
