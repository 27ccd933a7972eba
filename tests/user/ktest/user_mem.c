/*
 * user_mem: a process's memory. brk() grows and shrinks the heap (what
 * malloc() starts with), anonymous mmap() gives zeroed pages that munmap()
 * takes away and mprotect() makes read-only (a write then kills with
 * SIGSEGV), and asking for more memory than the machine has gets ENOMEM,
 * not a hang or a crash. fork() shares pages copy-on-write: counted with
 * sysinfo()'s freeram, a page is copied when, and only when, a sharer
 * writes it.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ktest-user.h"

#define PAGE	4096UL

static uintptr_t sys_brk(uintptr_t addr)
{
	return (uintptr_t)syscall(SYS_brk, addr);
}

static void brk_grows_and_shrinks(void)
{
	uintptr_t start = sys_brk(0), top;
	volatile char *p = (char *)start;

	EXPECT(start, "brk(0) is 0");
	top = sys_brk(start + 5 * PAGE + 123);
	EXPECT(top == start + 5 * PAGE + 123, "brk grew to %#lx, not %#lx", (unsigned long)top,
	       (unsigned long)(start + 5 * PAGE + 123));
	for (unsigned long i = 0; i < 5 * PAGE + 123; i += 512) {
		EXPECT(p[i] == 0, "new heap byte %lu is %d", i, p[i]);
		p[i] = 1;
	}
	EXPECT(sys_brk(start) == start, "brk did not shrink back");
	/* Regrown: the pages given back come back zeroed. */
	EXPECT(sys_brk(start + PAGE) == start + PAGE && p[512] == 0, "regrown heap not zeroed");
	sys_brk(start);
}

/* More than any machine we boot has: brk stays where it was. */
static void brk_too_far_fails(void)
{
	uintptr_t start = sys_brk(0);

	EXPECT(sys_brk(start + ((uintptr_t)1 << 30) * 3) == start, "brk moved");
}

static void mmap_anonymous_zeroed(void)
{
	size_t len = 16 * PAGE;
	unsigned char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
				-1, 0);

	EXPECT(p != MAP_FAILED, "mmap: errno %d", errno);
	if (p == MAP_FAILED)
		return;
	EXPECT(((uintptr_t)p & (PAGE - 1)) == 0, "not page aligned: %p", (void *)p);
	for (size_t i = 0; i < len; i += 256)
		EXPECT(p[i] == 0, "byte %zu is %d", i, p[i]);
	memset(p, 0x5a, len);
	EXPECT(p[len - 1] == 0x5a, "last byte lost");
	EXPECT(munmap(p, len) == 0, "munmap: errno %d", errno);
}

static unsigned char *gone;

static void touch_gone(void)
{
	gone[0] = 1;
}

static void munmap_then_touch_segfaults(void)
{
	int status;

	gone = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	EXPECT(gone != MAP_FAILED && munmap(gone, PAGE) == 0, "mmap/munmap: errno %d", errno);
	status = run_in_child(touch_gone);
	EXPECT(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV, "status %#x", status);
}

static unsigned char *readonly;

static void write_readonly(void)
{
	readonly[1] = 1;
}

static void mprotect_readonly_write_segfaults(void)
{
	int status;

	readonly = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			-1, 0);
	EXPECT(readonly != MAP_FAILED, "mmap: errno %d", errno);
	readonly[1] = 7;
	EXPECT(mprotect(readonly, PAGE, PROT_READ) == 0, "mprotect: errno %d", errno);
	EXPECT(readonly[1] == 7, "contents lost by mprotect");
	status = run_in_child(write_readonly);
	EXPECT(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV, "status %#x", status);
	/* The second page kept its permissions. */
	readonly[PAGE] = 1;
	munmap(readonly, 2 * PAGE);
}

/* Executable and writable at once is refused (user pages are never both). */
/*
 * The middle page made read-only, then writable again: the three VMAs merge
 * back into one (the kernel once freed a VMA its walk went on to visit).
 */
static void mprotect_splits_and_merges(void)
{
	char *p = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT(p != MAP_FAILED, "mmap: errno %d", errno);
	if (p == MAP_FAILED)
		return;
	EXPECT(mprotect(p + 4096, 4096, PROT_READ) == 0, "mprotect read-only: errno %d", errno);
	EXPECT(mprotect(p + 4096, 4096, PROT_READ | PROT_WRITE) == 0, "mprotect back: errno %d",
	       errno);
	memset(p, 1, 3 * 4096);
	EXPECT(mprotect(p, 3 * 4096, PROT_READ) == 0, "one mprotect over the three: errno %d", errno);
	EXPECT(munmap(p, 3 * 4096) == 0, "munmap: errno %d", errno);
}

static void mmap_write_exec_refused(void)
{
	void *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE | PROT_EXEC,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT(p == MAP_FAILED && errno == EACCES, "W+X mapping: %p errno %d", p, errno);
}

static void mmap_all_memory_enomem(void)
{
	void *p = mmap(NULL, (size_t)3 << 30, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	EXPECT(p == MAP_FAILED && errno == ENOMEM, "3 GiB mapping: %p errno %d", p, errno);
}

/* Refused, and nothing kept: a small mapping still works, and malloc() says ENOMEM too. */
static void all_memory_comes_back(void)
{
	static volatile size_t three_gib = (size_t)3 << 30;	/* read at run time: no warning */
	void *huge = malloc(three_gib), *p;

	EXPECT(!huge && errno == ENOMEM, "malloc(3 GiB): %p errno %d", huge, errno);
	p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	EXPECT(p != MAP_FAILED, "mmap after the refusals: errno %d", errno);
	if (p != MAP_FAILED)
		munmap(p, PAGE);
}

#define COW_PAGES	128
#define COW_TEXT	"Special K"	/* what /etc/issue starts with */

static long free_pages(void)
{
	struct sysinfo si;

	return sysinfo(&si) ? -1 : (long)si.freeram;
}

/* What the child found: free pages its write and its read() took, and what it saw. */
struct cow_report {
	long write_took, read_took;
	int saw_own, read_filled;
};

/* Write 16 KiB of stack, so that the calls below find their stack pages the child's own. */
static void __attribute__((noinline)) own_stack(void)
{
	volatile char pad[16384];

	memset((char *)pad, 0, sizeof(pad));
}

static void __attribute__((noreturn)) cow_child(unsigned char *p, int go, int report)
{
	struct cow_report r = { 0 };
	int fd = open("/etc/issue", O_RDONLY);
	long before;
	char byte;

	own_stack();
	if (read(go, &byte, 1) != 1)	/* the parent has counted */
		_exit(1);
	free_pages();
	before = free_pages();
	p[5 * PAGE] = 0x77;
	r.write_took = before - free_pages();
	r.saw_own = p[5 * PAGE] == 0x77 && p[6 * PAGE] == 7;
	/* The kernel writes into a shared page: read() from a file. */
	before = free_pages();
	r.read_filled = read(fd, p + 7 * PAGE + 100, strlen(COW_TEXT)) == (long)strlen(COW_TEXT) &&
			!memcmp(p + 7 * PAGE + 100, COW_TEXT, strlen(COW_TEXT));
	r.read_took = before - free_pages();
	/* Made writable again while shared: the write must still copy, not reach the parent. */
	if (!mprotect(p + 11 * PAGE, PAGE, PROT_READ) &&
	    !mprotect(p + 11 * PAGE, PAGE, PROT_READ | PROT_WRITE))
		p[11 * PAGE] = 0x55;
	_exit(write(report, &r, sizeof(r)) == sizeof(r) ? 0 : 1);
}

/* Free pages back to `start` within a second (a reaped child's stack goes after wait4()). */
static long settle_free_pages(long start)
{
	struct timespec nap = { 0, 100000 };	/* 100 us: make bench counts a wait's time */
	long now = free_pages();

	for (int i = 0; i < 10000 && now != start; i++) {
		nanosleep(&nap, NULL);
		now = free_pages();
	}
	return now;
}

/*
 * fork() of a process with COW_PAGES written pages takes far fewer free
 * pages; the child's write copies exactly the page written (and the
 * parent keeps its value), as does the kernel's write into a shared page
 * (read() into it), also after mprotect() made it writable; the parent's
 * write once the child is gone copies nothing; every page comes back.
 */
static void fork_shares_pages_copy_on_write(void)
{
	long start = free_pages(), before, forked, last;
	unsigned char *p = mmap(NULL, COW_PAGES * PAGE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	bool counted = on_special_k();
	struct cow_report r = { 0 };
	int go[2], report[2], status = -1;
	pid_t pid;

	EXPECT(p != MAP_FAILED && !pipe(go) && !pipe(report), "mmap/pipe: errno %d", errno);
	if (p == MAP_FAILED)
		return;
	for (int i = 0; i < COW_PAGES; i++)
		p[i * PAGE] = i + 1;
	before = free_pages();
	pid = fork();
	if (pid == 0)
		cow_child(p, go[0], report[1]);
	forked = free_pages();
	EXPECT(pid > 0 && write(go[1], "g", 1) == 1 && read(report[0], &r, sizeof(r)) == sizeof(r) &&
	       waitpid(pid, &status, 0) == pid && status == 0, "child: status %#x", status);
	EXPECT(r.saw_own && p[5 * PAGE] == 6 && p[6 * PAGE] == 7,
	       "after the child's write: it saw its own %d, the parent has %d", r.saw_own, p[5 * PAGE]);
	EXPECT(r.read_filled && p[7 * PAGE] == 8 && !p[7 * PAGE + 100],
	       "read() into a shared page: the child's copy %s, the parent's %d %d",
	       r.read_filled ? "filled" : "not filled", p[7 * PAGE], p[7 * PAGE + 100]);
	EXPECT(p[11 * PAGE] == 12, "the child's write after mprotect() reached the parent: %d",
	       p[11 * PAGE]);
	last = free_pages();
	p[9 * PAGE] = 0x99;
	last -= free_pages();
	close(go[0]), close(go[1]), close(report[0]), close(report[1]);
	munmap(p, COW_PAGES * PAGE);
	if (!counted)
		return;
	EXPECT(before - forked < COW_PAGES / 4, "fork() of %d written pages took %ld free pages",
	       COW_PAGES, before - forked);
	EXPECT(r.write_took == 1, "the child's write to a shared page took %ld pages, not 1",
	       r.write_took);
	EXPECT(r.read_took == 1, "read() into a shared page took %ld pages, not 1", r.read_took);
	EXPECT(last == 0, "the last sharer's write took %ld pages, not 0", last);
	EXPECT(settle_free_pages(start) == start, "%ld pages not given back",
	       start - free_pages());
}

static const struct ktap_case cases[] = {
	KTAP_CASE(brk_grows_and_shrinks),
	KTAP_CASE(brk_too_far_fails),
	KTAP_CASE(mmap_anonymous_zeroed),
	KTAP_CASE(munmap_then_touch_segfaults),
	KTAP_CASE(mprotect_readonly_write_segfaults),
	KTAP_CASE(mprotect_splits_and_merges),
	KTAP_CASE(mmap_write_exec_refused),
	KTAP_CASE(mmap_all_memory_enomem),
	KTAP_CASE(all_memory_comes_back),
	KTAP_CASE(fork_shares_pages_copy_on_write),
};
ktest_user_suite(user_mem, cases);
