/*
 * user_fuzz: system calls with random and boundary arguments (NULL, kernel
 * addresses, unaligned pointers, huge sizes, negative fds: fuzz-calls.c)
 * from several processes at once, as trinity does: on -smp 4 they run on
 * all CPUs together. The kernel must answer every call with a result or
 * an error, never an oops or a hang, and every page must come back.
 *
 * A run is rounds; each round forks `procs` fuzzing processes, each with
 * its own seed drawn from the round's, and waits for them all (fewer when
 * fork() says memory or thread slots are used up, a right answer on a
 * small machine, where another process's fuzzing may hold them). A process
 * may end with exit 0 or killed by a fault signal (a bad pointer of its own
 * making, once the kernel wrote where it pointed); any other end fails
 * the case. Then, on Special K, once the processes they forked have ended
 * too (sysinfo's procs), the free-page count (sysinfo's freeram) must be
 * what it was before the round. The next round's seed is fuzz_mix() of
 * this one's, so `seed=S` with S a round's seed replays from that round.
 *
 * The settings are the kernel's ktest.user_args= words: seed=N, calls=N
 * (per process and round), procs=N, rounds=N, or seconds=N (rounds until
 * then: `make stress FUZZ_SECONDS=N`). A boot runs the defaults, one short
 * round (4 processes x 250 calls), to keep every self-test of a boot within
 * its budget of instructions (`make bench`); the *-user lines of
 * tests/matrix ask for 1000 calls a process (ktest.user_args=calls=1000).
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fuzz-calls.h"
#include "ktest-user.h"

#define MAX_PROCS	16	/* the kernel has 32 thread slots */
#define TMP_FILE	"/user_fuzz.tmp"
#define SETTLE_MS	5000	/* how long the forked children may take to end */

struct settings {
	unsigned long seed, calls, procs, rounds, seconds;
};

static bool parse_settings(struct settings *s)
{
	static const char *const names[] = { "seed=", "calls=", "procs=", "rounds=", "seconds=" };
	unsigned long *fields[] = { &s->seed, &s->calls, &s->procs, &s->rounds, &s->seconds };

	for (int i = 0; i < ktest_argc; i++) {
		size_t k = 0;
		char *end;

		while (k < 5 && strncmp(ktest_argv[i], names[k], strlen(names[k])))
			k++;
		if (k == 5) {
			EXPECT(0, "\"%s\" is no setting: seed=, calls=, procs=, rounds=, seconds=",
			       ktest_argv[i]);
			return false;
		}
		errno = 0;
		*fields[k] = strtoul(ktest_argv[i] + strlen(names[k]), &end, 0);
		if (errno || *end || end == ktest_argv[i] + strlen(names[k])) {
			EXPECT(0, "\"%s\": not a number", ktest_argv[i]);
			return false;
		}
	}
	EXPECT(s->procs >= 1 && s->procs <= MAX_PROCS, "procs=%lu: 1 to %d", s->procs, MAX_PROCS);
	return s->procs >= 1 && s->procs <= MAX_PROCS;
}

static long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* An end the fuzzer may come to: done, or killed by a fault of its own pointers. */
static bool acceptable(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status) == 0;
	return WIFSIGNALED(status) && (WTERMSIG(status) == SIGSEGV || WTERMSIG(status) == SIGBUS ||
				       WTERMSIG(status) == SIGILL || WTERMSIG(status) == SIGFPE);
}

/*
 * Wait until the processes the round forked have ended (procs back where it
 * was) and their pages are back: an orphan's memory is freed after its
 * thread stops counting. false if either has not happened within SETTLE_MS.
 */
static bool settle(const struct sysinfo *before, struct sysinfo *now)
{
	long end = now_ms() + SETTLE_MS;

	while (!sysinfo(now) && (now->procs > before->procs || now->freeram != before->freeram) &&
	       now_ms() < end)
		sched_yield();
	return now->procs <= before->procs && now->freeram == before->freeram;
}

/* One round: the processes' statuses, then the pages; false when it failed. */
static bool fuzz_round(const struct settings *s, uint32_t seed, bool special_k, int *killed)
{
	pid_t pid[MAX_PROCS];
	struct sysinfo before, after;
	unsigned long procs;
	bool ok = true;
	int fd;

	sysinfo(&before);
	fd = open(TMP_FILE, O_RDWR | O_CREAT | O_TRUNC, 0600);
	EXPECT(fd >= 0, "open " TMP_FILE ": errno %d", errno);
	for (procs = 0; procs < s->procs; procs++) {
		pid[procs] = fork();
		if (pid[procs] == 0) {
			fuzz_setup(fuzz_mix(seed + procs), fd, special_k);
			fuzz_run(s->calls);
		}
		if (pid[procs] < 0 && (errno == ENOMEM || errno == EAGAIN)) {
			printf("    # user_fuzz: round seed=%u: fork: errno %d (memory or thread "
			       "slots used up), %lu of %lu processes\n", seed, errno, procs, s->procs);
			break;
		}
		EXPECT(pid[procs] > 0, "fork: errno %d", errno);
	}
	close(fd);
	unlink(TMP_FILE);
	for (unsigned long i = 0; i < procs; i++) {
		int status = 0;

		if (pid[i] <= 0)
			continue;
		if (waitpid(pid[i], &status, 0) != pid[i] || !acceptable(status)) {
			EXPECT(0, "round seed=%u: process %lu (seed=%u) ended with status %#x", seed,
			       i, fuzz_mix(seed + i), status);
			ok = false;
		}
		*killed += WIFSIGNALED(status);
	}
	if (!special_k)		/* Linux: other processes come and go, and take pages */
		return ok;
	if (!settle(&before, &after)) {
		EXPECT(after.procs <= before.procs, "round seed=%u: %d process(es) it forked still "
		       "run after %d ms", seed, after.procs - before.procs, SETTLE_MS);
		EXPECT(after.freeram == before.freeram, "round seed=%u: %ld page(s) not given back "
		       "after %d ms", seed, (long)(before.freeram - after.freeram), SETTLE_MS);
		return false;
	}
	return ok;
}

/* The rounds s asks for; false when one failed. */
static bool fuzz_rounds(const struct settings *s)
{
	bool special_k = on_special_k(), ok = true;
	long end = now_ms() + (long)s->seconds * 1000, rounds = 0;
	uint32_t seed = (uint32_t)s->seed;
	int killed = 0;

	while (ok && (s->seconds ? now_ms() < end : (unsigned long)rounds < s->rounds)) {
		printf("    # user_fuzz: round %ld seed=%u\n", rounds + 1, seed);
		rounds++;
		ok = fuzz_round(s, seed, special_k, &killed);
		seed = fuzz_mix(seed);
	}
	printf("    # user_fuzz: %lu calls in %ld round(s) of %lu processes, %d killed by a fault "
	       "signal, seed=%lu\n", rounds * s->procs * s->calls, rounds, s->procs, killed, s->seed);
	return ok;
}

static void random_calls_from_several_processes(void)
{
	struct settings s = { .seed = 20261203, .calls = 250, .procs = 4, .rounds = 1 };

	if (parse_settings(&s))
		fuzz_rounds(&s);
}

/*
 * Rounds that broke the kernel once, replayed (the calls depend on the
 * arch: each has its own). Both oopsed in do_mprotect(): its walk re-inserted
 * each changed VMA, whose merge freed the next VMA the walk was to visit.
 * Each replays the one process of its round that broke the kernel by
 * itself, the third (the round's seed + 2, so seed=S + 2 and procs=1), for
 * the round's 1000 calls: with the bug put back, this still oopses on ARM
 * and hangs on x86_64, and 700 calls did not.
 */
static void rounds_that_found_bugs(void)
{
	static const struct settings found[] = {
#ifdef __x86_64__
		{ .seed = 2329775098U + 2, .calls = 1000, .procs = 1, .rounds = 1 },
#else
		{ .seed = 1659481049U + 2, .calls = 1000, .procs = 1, .rounds = 1 },
#endif
	};

	for (size_t i = 0; i < sizeof(found) / sizeof(found[0]); i++)
		fuzz_rounds(&found[i]);
}

/*
 * freeram, which the rounds compare, counts pages: mapping 64 and writing each
 * (a mapped page is the zero page until written) takes at least 64 (and page
 * tables), unmapping gives the 64 back (the tables stay until exit),
 * and at most one more: freeing the mapping's VMA can empty a slab page, which
 * goes back too (kernel/mm/slab.c frees a slab page whose last object goes;
 * seen on arm-debug-mm).
 */
static void sysinfo_counts_free_pages(void)
{
	struct sysinfo before, mapped, after;
	size_t size = 64 * 4096;
	void *p;

	if (!on_special_k())
		return;		/* Linux: other processes take and give pages meanwhile */
	EXPECT(sysinfo(&before) == 0 && before.mem_unit == 4096 && before.totalram > before.freeram,
	       "sysinfo: unit %u, %lu of %lu free", before.mem_unit, before.freeram, before.totalram);
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	EXPECT(p != MAP_FAILED, "mmap: errno %d", errno);
	for (size_t i = 0; p != MAP_FAILED && i < size; i += 4096)
		((char *)p)[i] = 1;
	sysinfo(&mapped);
	munmap(p, size);
	sysinfo(&after);
	EXPECT(before.freeram - mapped.freeram >= 64, "mapping and writing 64 pages took %ld",
	       (long)(before.freeram - mapped.freeram));
	EXPECT(after.freeram - mapped.freeram == 64 || after.freeram - mapped.freeram == 65,
	       "munmap gave back %ld pages, not 64 (or 65 with an emptied slab page)",
	       (long)(after.freeram - mapped.freeram));
	EXPECT(before.procs >= 1, "procs %u", before.procs);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(sysinfo_counts_free_pages),
	KTAP_CASE(random_calls_from_several_processes),
	KTAP_CASE(rounds_that_found_bugs),
};
ktest_user_suite(user_fuzz, cases);
