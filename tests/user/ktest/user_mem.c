/*
 * user_mem: a process's memory. brk() grows and shrinks the heap (what
 * malloc() starts with), anonymous mmap() gives zeroed pages that munmap()
 * takes away and mprotect() makes read-only (a write then kills with
 * SIGSEGV), and asking for more memory than the machine has gets ENOMEM,
 * not a hang or a crash.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
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
};
ktest_user_suite(user_mem, cases);
