/*
 * The system-call fuzzer's arguments (see fuzz-calls.c, which picks the
 * calls): for each kind of argument, the values that find bugs, and the
 * memory they may point at, which the fuzzer can lose: a scratch area
 * whose end is a PROT_NONE page, the fuzzer's own mappings, its read-only
 * text, or none at all.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "fuzz-args.h"

#define SCRATCH_PAGES	4
#define MAX_FDS		16
#define MAX_MAPS	8
#define IOVECS		8
#define POLLFDS		6

#ifdef __x86_64__
#define KERNEL_TEXT	0xffffffff80100000UL
#define KERNEL_DATA	0xffff800000000000UL	/* the first kernel half address */
#define HOLE		0x0000800000000000UL	/* the first non-canonical address */
#define USER_END	0x00007ffffffff000UL
#else
#define KERNEL_TEXT	0xc0008000UL
#define KERNEL_DATA	0xf0100000UL
#define HOLE		0x80000000UL		/* the GiB neither table maps */
#define USER_END	0x80000000UL
#endif

static const char *const paths[] = {
	"/hello.txt", "/", "/lib/ktest", "/hello-link", "/bin/not-elf", "", ".", "/etc/../hello.txt",
	"/hello.txt/x", "/no/such/file", "//lib//ktest/", "/dev/null",
};
/* Each is missing, is there already, or is a non-empty directory. */
static const char *const failing_paths[] = {
	"/no/such/dir/x", "/hello.txt/x", "/", "/lib", "", "/etc/../no/such/x",
};
static const char *const unrunnable_paths[] = {
	"/hello.txt", "/bin/not-elf", "/lib", "/no/such/program", "",
};

static uint32_t state;
static bool random_numbers;
static char *scratch, *edge;	/* edge: the first byte of the PROT_NONE page after it */
static int fds[MAX_FDS], nr_fds;
static struct { unsigned long addr, len; } maps[MAX_MAPS];
static int nr_maps;
static unsigned long map_room;	/* what Z may cover: the bytes after the last A */

uint32_t fuzz_next(void)
{
	state ^= state << 13;
	state ^= state >> 17;
	state ^= state << 5;
	return state;
}

void fuzz_reseed(uint32_t seed)
{
	state = seed ? seed : 1;
}

static long pick(const long *v, size_t n)
{
	return v[fuzz_next() % n];
}

void fuzz_add_fd(long fd)
{
	if (fd >= 0)
		fds[nr_fds < MAX_FDS ? nr_fds++ : (int)(fuzz_next() % MAX_FDS)] = fd;
}

static long fd(void)
{
	const long odd[] = { -1, -100 /* AT_FDCWD */, (int)0x80000000, 1 << 20, 0, 1, 2 };

	switch (fuzz_next() % 4) {
	case 0: return pick(odd, sizeof(odd) / sizeof(odd[0]));
	case 1: return fuzz_next() % 64;
	default: return nr_fds ? fds[fuzz_next() % nr_fds] : -1;
	}
}

/* Memory the fuzzer can lose, or none (see the top of the file). */
static long ptr(void)
{
	switch (fuzz_next() % 10) {
	case 0: return 0;
	case 1: return (long)KERNEL_TEXT;
	case 2: return (long)KERNEL_DATA + (fuzz_next() & 0xfff);
	case 3: return (long)(HOLE - 8 + fuzz_next() % 16);
	case 4: return (long)(scratch + 1 + fuzz_next() % (SCRATCH_PAGES * PAGE - 1));
	case 5: return (long)(edge - 1 - fuzz_next() % 64);
	case 6: return (long)(uintptr_t)fuzz_arg;	/* read-only text */
	case 7:
		if (nr_maps) {
			int i = fuzz_next() % nr_maps;

			return (long)(maps[i].addr + fuzz_next() % maps[i].len);
		}
		/* fall through */
	default: return (long)(scratch + (fuzz_next() % (SCRATCH_PAGES * PAGE) & ~7UL));
	}
}

/*
 * A pointer nothing can be read through: for the arguments whose memory, were it
 * readable, would make the fuzzer run what it did not choose (a sigaction read from
 * random bytes may make a signal fatal again; a child's stack popped from them may
 * return anywhere in the fuzzer's code).
 */
static long unusable_ptr(void)
{
	return pick((const long[]){ 0, (long)KERNEL_TEXT, (long)KERNEL_DATA, (long)HOLE }, 4);
}

static long len(void)
{
	const long v[] = { 0, 1, 8, 64, 4096, 4097, -1, 0x7fffffffL, (long)0x80000000UL,
			   1L << 24, (long)(~0UL >> 1) };

	return fuzz_next() % 2 ? (long)(fuzz_next() % 8192) : pick(v, sizeof(v) / sizeof(v[0]));
}

static long num(void)
{
	const long v[] = { 0, 1, -1, 4096, 0x7fffffffL, (long)0x80000000UL, (long)(~0UL >> 1),
			   (long)~(~0UL >> 1) };

	switch (fuzz_next() % 3) {
	case 0: return fuzz_next() % 16;
	case 1: return pick(v, sizeof(v) / sizeof(v[0]));
	default: return (long)fuzz_next();
	}
}

static long flags(void)
{
	switch (fuzz_next() % 4) {
	case 0: return 0;
	case 1: return 1L << (fuzz_next() % 32);
	case 2: return -1;
	default: return (long)fuzz_next();
	}
}

/* A path the kernel reads: one of the list, or a bad or unending string. */
static long path(const char *const *list, size_t n)
{
	switch (fuzz_next() % 6) {
	case 0: return 0;
	case 1: return (long)KERNEL_DATA;
	case 2:		/* runs into the PROT_NONE page without a NUL */
		memset(edge - 64, 'a', 64);
		return (long)(edge - 1 - fuzz_next() % 64);
	case 3: {	/* longer than any name or path may be */
		char *p = scratch + PAGE;

		memset(p, 'a', 2 * PAGE);
		for (int i = 0; i < 2 * PAGE; i += 1 + fuzz_next() % 300)
			p[i] = '/';
		p[2 * PAGE - 1] = '\0';
		return (long)p;
	}
	default: return (long)list[fuzz_next() % n];
	}
}

/*
 * A sleep's timespec, under a microsecond (absolute: long past), or an invalid one: the
 * kernel checks a longer one the same way, and -icount would count its wait as instructions.
 */
static long timespec(bool time64)
{
	const long long v[][2] = { { 0, 0 }, { 0, -1 }, { 0, 1000000000 }, { -1, 0 } };
	long long t[2] = { 0, fuzz_next() % 1000 };

	if (fuzz_next() % 4 == 0) {
		t[0] = v[fuzz_next() % 4][0];
		t[1] = v[fuzz_next() % 4][1];
	}
	switch (fuzz_next() % 5) {
	case 0: return 0;
	case 1: return (long)KERNEL_DATA;
	case 2: return (long)(edge - 4);
	}
	if (time64) {
		memcpy(scratch, t, sizeof(t));
	} else {
		long l[2] = { (long)t[0], (long)t[1] };

		memcpy(scratch, l, sizeof(l));
	}
	return (long)scratch;
}

/*
 * rt_sigaction()'s struct (handler, flags, restorer, mask) in the scratch
 * area, or a bad pointer. The handler is always SIG_IGN: a real address
 * would be jumped to, and SIG_DFL could make SIGPIPE (from the pipe whose
 * reader is gone) end the fuzzer; ignoring any signal is harmless.
 */
static long sigaction_arg(void)
{
	unsigned long *sa = (unsigned long *)(scratch + 128);

	if (fuzz_next() % 4 == 0)
		return unusable_ptr();
	sa[0] = (unsigned long)SIG_IGN;
	sa[1] = (unsigned long)flags();
	sa[2] = (unsigned long)ptr();
	sa[3] = (unsigned long)flags();
	sa[4] = (unsigned long)flags();	/* the mask's second word on 32-bit ARM */
	return (long)sa;
}

/* IOVECS iovecs just below the PROT_NONE page: a longer count faults on the next. */
static long iovecs(void)
{
	struct iovec *v = (struct iovec *)edge - IOVECS;

	if (fuzz_next() % 4 == 0)
		return ptr();
	for (int i = 0; i < IOVECS; i++) {
		v[i].iov_base = (void *)ptr();
		v[i].iov_len = fuzz_next() % 2 ? fuzz_next() % 512 : (size_t)len();
	}
	return (long)v;
}

/*
 * POLLFDS entries of struct pollfd just below the PROT_NONE page (the
 * count a call passes may run into it), each a descriptor the fuzzer
 * knows or an odd one and any events, or a pointer of any kind.
 */
static long pollfds(void)
{
	struct pollfd *p = (struct pollfd *)edge - POLLFDS;

	if (fuzz_next() % 4 == 0)
		return ptr();
	for (int i = 0; i < POLLFDS; i++) {
		p[i].fd = fd();
		p[i].events = fuzz_next();
	}
	return (long)p;
}

static long address(void)
{
	const long bad[] = { 0, (long)KERNEL_TEXT, (long)HOLE, (long)USER_END, 1, 4095 };

	if (nr_maps && fuzz_next() % 4) {
		int i = fuzz_next() % nr_maps;
		unsigned long off = fuzz_next() % maps[i].len & (fuzz_next() % 2 ? ~0xfffUL : ~0UL);

		map_room = maps[i].len - off;
		return (long)(maps[i].addr + off);
	}
	map_room = PAGE;
	return pick(bad, sizeof(bad) / sizeof(bad[0]));
}

long fuzz_arg(char kind)
{
	long v;

	switch (kind) {
	case 'F': return fd();
	case 'P': return ptr();
	case 'L': return len();
	case 'N': return num();
	case 'G': return flags();
	case 'S': return path(paths, sizeof(paths) / sizeof(paths[0]));
	case 'D': return path(failing_paths, sizeof(failing_paths) / sizeof(failing_paths[0]));
	case 'X': return path(unrunnable_paths, sizeof(unrunnable_paths) / sizeof(unrunnable_paths[0]));
	case 'O': return flags() & ~(long)(O_CREAT | O_TRUNC | O_TMPFILE | O_ACCMODE);
	case 'Q': return fuzz_next() % 2 ? (long)(scratch + 8 * (fuzz_next() % 8)) : ptr() & ~3L;
	case 'V': return iovecs();
	case 'T': return timespec(false);
	case 'U': return timespec(true);
	case 't':	/* a poll's timespec: never none, which would wait for ever */
	case 'u':
		while (!(v = timespec(kind == 'u')))
			;
		return v;
	case 'p': return pollfds();
	/*
	 * A poll's timeout: 0 ms. A longer one is not a pause under -icount while
	 * the other fuzzing processes run: each 1 ms was 1M instructions of make bench.
	 */
	case 'm': return 0;
	case 'I': {
		const long pids[] = { 0, -1, getpid(), getppid(), 1, (int)0x80000000, (long)fuzz_next() };

		return pids[fuzz_next() % (random_numbers ? 7 : 4)];
	}
	case 'C':
		v = SIGCHLD | (flags() & (CLONE_PARENT_SETTID | CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID));
		if (random_numbers && fuzz_next() % 4 == 0)	/* the exit signal one it ignores */
			v = (flags() & ~(long)CSIGNAL) | (fuzz_next() % 2 ? SIGCHLD : SIGURG);
		return v & ~(long)(CLONE_VM | CLONE_VFORK | CLONE_SETTLS | CLONE_THREAD);
	case 'K': return fuzz_next() % 8 ? 0 : unusable_ptr();	/* 0: the parent's stack, copied */
	case 'A': return address();
	case 'Z': return fuzz_next() % 4 ? (long)(fuzz_next() % (map_room + 1)) : (long)map_room;
	case 'B':
		v = syscall(SYS_brk, 0);
		return fuzz_next() % 2 ? v + PAGE * (long)(fuzz_next() % 16) : pick((const long[]){ 0, (long)HOLE,
			(long)KERNEL_TEXT, -1, (long)(USER_END - PAGE) }, 5);
	case 'H': return fuzz_next() % 2 ? 0 : address();
	case 'M':
		v = flags() & ~(long)(MAP_FIXED | MAP_FIXED_NOREPLACE);
		return fuzz_next() % 4 ? (v & ~0xfL) | MAP_PRIVATE | MAP_ANONYMOUS : v;
	case 'W': return fuzz_next() % 4 ? 8 : num();	/* a sigset's size */
	case 'E': return sigaction_arg();
	case 'J': {	/* a signal the fuzzer ignores (SIGCHLD, SIGURG, SIGWINCH, SIGPIPE), or none */
		const long sigs[] = { 0, SIGCHLD, SIGURG, SIGWINCH, SIGPIPE, 65, -1 };

		return pick(sigs, sizeof(sigs) / sizeof(sigs[0]));
	}
	case 'Y': {	/* itself, its own group (0 or -itself: fuzz_setup()'s), or no process */
		const long pids[] = { getpid(), 0, -getpid(), 0x7fffffff };

		return pick(pids, sizeof(pids) / sizeof(pids[0]));
	}
	case 'R': {	/* ARCH_SET_GS, ARCH_GET_FS, ARCH_GET_GS; never ARCH_SET_FS */
		const long codes[] = { 0x1001, 0x1003, 0x1004, 0, (long)fuzz_next() };

		v = pick(codes, 5);
		return v == 0x1002 ? 0x1003 : v;
	}
	}
	return 0;
}

void fuzz_add_map(unsigned long addr, unsigned long len)
{
	int i = nr_maps < MAX_MAPS ? nr_maps++ : (int)(fuzz_next() % MAX_MAPS);

	maps[i].addr = addr;
	maps[i].len = len ? (len + PAGE - 1) & ~(PAGE - 1UL) : PAGE;
}

bool fuzz_args_init(uint32_t seed, bool numbers)
{
	fuzz_reseed(seed);
	random_numbers = numbers;
	scratch = mmap(NULL, (SCRATCH_PAGES + 1) * PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (scratch == MAP_FAILED)
		return false;
	edge = scratch + SCRATCH_PAGES * PAGE;
	mprotect(edge, PAGE, PROT_NONE);	/* not unmapped: no mmap may fill it */
	return true;
}
