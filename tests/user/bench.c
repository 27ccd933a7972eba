/*
 * /bin/bench: what user space pays for the kernel, in guest instructions
 * (`make bench`). The kernel runs it from its bench case `user`
 * (tests/kernel/bench_user.c) when the command line says `bench`; under
 * QEMU's -icount the counter read here advances by one per instruction,
 * user and kernel alike, so each figure is the whole round trip.
 *
 * Each operation runs REPS times, each time between two counter readings;
 * what two readings in a row cost is subtracted. One line per operation:
 *
 *   bench: user OP reps=N per_op=TOTAL/N min=.. max=.. total=..
 *
 * getpid (a null system call), write1 (one byte to the console), efault
 * (write() from NULL: a fault in the kernel's copy, recovered by its
 * exception table as -EFAULT), efault_kernel (write() from a kernel
 * address: refused before any copy), fork_exec (fork, execve of this
 * static program with "exit", its exit, wait4). A failed operation prints
 * "bench: error ..." and the exit status is 1.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef __x86_64__
#define KERNEL_ADDR	((const void *)0xffffffff80100000UL)

/* The time-stamp counter: ring 3 may read it (the kernel never sets CR4.TSD). */
static inline uint64_t counter(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}
#else
#define KERNEL_ADDR	((const void *)0xf0100000UL)

/* PMCCNTR, 32 bits: the kernel lets user mode read it while this program runs (PMUSERENR). */
static inline uint64_t counter(void)
{
	uint32_t count;

	__asm__ __volatile__("isb\n\tmrc p15, 0, %0, c9, c13, 0" : "=r"(count) : : "memory");
	return count;
}
#endif

struct cost {
	uint64_t total, min, max;
	unsigned int reps;
};

static uint64_t overhead;
static int failed;

static void account(struct cost *c, uint64_t start, uint64_t end)
{
	/* ARM's counter is 32 bits wide and wraps; no operation here takes 2^32 instructions. */
	uint64_t insns = (uint32_t)(end - start) - overhead;

	if (!c->reps || insns < c->min)
		c->min = insns;
	if (insns > c->max)
		c->max = insns;
	c->total += insns;
	c->reps++;
}

static void report(const char *op, const struct cost *c)
{
	printf("bench: user %s reps=%u per_op=%llu min=%llu max=%llu total=%llu\n", op, c->reps,
	       (unsigned long long)(c->total / c->reps), (unsigned long long)c->min,
	       (unsigned long long)c->max, (unsigned long long)c->total);
}

static void fail(const char *op, const char *what)
{
	printf("bench: error user %s %s errno=%d\n", op, what, errno);
	failed = 1;
}

static void bench_getpid(unsigned int reps)
{
	struct cost c = { 0 };

	for (unsigned int i = 0; i < reps; i++) {
		uint64_t start = counter();
		pid_t pid = getpid();

		account(&c, start, counter());
		if (pid <= 0) {
			fail("getpid", "returned no pid");
			return;
		}
	}
	report("getpid", &c);
}

/* The bytes land on the console as a line of dots, ended after the measurements. */
static void bench_write1(unsigned int reps)
{
	struct cost c = { 0 };

	for (unsigned int i = 0; i < reps; i++) {
		uint64_t start = counter();
		ssize_t n = write(1, ".", 1);

		account(&c, start, counter());
		if (n != 1) {
			fail("write1", "wrote no byte");
			return;
		}
	}
	write(1, "\n", 1);
	report("write1", &c);
}

static void bench_efault(const char *op, const void *buf, unsigned int reps)
{
	struct cost c = { 0 };

	for (unsigned int i = 0; i < reps; i++) {
		uint64_t start = counter();
		ssize_t n = write(1, buf, 1);

		account(&c, start, counter());
		if (n != -1 || errno != EFAULT) {
			fail(op, "did not fail with EFAULT");
			return;
		}
	}
	report(op, &c);
}

static void bench_fork_exec(const char *self, unsigned int reps)
{
	static char *const envp[] = { NULL };
	struct cost c = { 0 };

	for (unsigned int i = 0; i < reps; i++) {
		char *argv[] = { (char *)self, "exit", NULL };
		uint64_t start = counter();
		int status;
		pid_t pid = fork();

		if (pid == 0) {
			execve(self, argv, envp);
			_exit(127);
		}
		if (pid < 0 || wait4(pid, &status, 0, NULL) != pid) {
			fail("fork_exec", "fork or wait4 failed");
			return;
		}
		account(&c, start, counter());
		if (status) {
			fail("fork_exec", "the child did not exit with 0");
			return;
		}
	}
	report("fork_exec", &c);
}

int main(int argc, char **argv)
{
	uint64_t start;

	/* The child of fork_exec: nothing but the C library's start and exit. */
	if (argc > 1 && !strcmp(argv[1], "exit"))
		return 0;
	setvbuf(stdout, NULL, _IOLBF, 0);
	start = counter();
	overhead = (uint32_t)(counter() - start);
	printf("bench: user counter overhead=%llu\n", (unsigned long long)overhead);
	bench_getpid(1000);
	bench_write1(64);
	bench_efault("efault", NULL, 100);
	bench_efault("efault_kernel", KERNEL_ADDR, 100);
	bench_fork_exec(argc ? argv[0] : "/bin/bench", 8);
	return failed;
}
