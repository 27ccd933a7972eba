/*
 * user_mmap: mmap() of a file, as a dynamic loader uses it, and execve()
 * mapping a program rather than copying it. A file's mapping shows the
 * file's bytes at a page-aligned offset, zeros after its end in the last
 * page, and SIGBUS for a page wholly past the end. MAP_PRIVATE pages are
 * the page cache's own until written: mapping takes no page, the first
 * write copies one, and the file keeps its bytes. MAP_SHARED pages are the
 * file itself: a write() to the file shows in the mapping. The errors are
 * Linux's. A running program's read-only segments are the page cache's
 * pages too: a write to the program's file shows in its constants.
 */
#define _GNU_SOURCE	/* pipe2() in glibc */
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"

#define PAGE		4096UL
#define FILE_NAME	"/user_mmap.file"
#define FILE_SIZE	(3 * PAGE + 100)
#define PROGRAM		"/bin/ktest-user"	/* this program */

static unsigned char byte_at(unsigned long i)
{
	return (unsigned char)(i * 7 + i / PAGE + 1);
}

/* FILE_NAME with FILE_SIZE known bytes, open with flags; -1 on failure. */
static int make_file(int flags)
{
	static unsigned char buf[FILE_SIZE];
	static bool filled;
	int fd = open(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0644);

	for (unsigned long i = 0; i < FILE_SIZE && !filled; i++)
		buf[i] = byte_at(i);
	filled = true;
	EXPECT(fd >= 0 && write(fd, buf, FILE_SIZE) == (long)FILE_SIZE, "%s: errno %d", FILE_NAME,
	       errno);
	close(fd);
	fd = open(FILE_NAME, flags);
	EXPECT(fd >= 0, "open %s: errno %d", FILE_NAME, errno);
	return fd;
}

static long free_pages(void)
{
	struct sysinfo si;

	return sysinfo(&si) ? -1 : (long)(si.freeram * si.mem_unit / PAGE);
}

/*
 * Does touching p (a read) end a child with signal sig? The child is vfork()ed: it reads
 * through this process's own mapping, with no copy of the page tables to make and undo.
 */
static bool read_kills_with(volatile const unsigned char *p, int sig)
{
	int status = 0;
	pid_t pid = vfork();

	if (pid == 0) {
		(void)*p;
		_exit(0);
	}
	return pid > 0 && waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) &&
	       WTERMSIG(status) == sig;
}

/* The whole file, then one page of it from an offset; an offset inside a page is EINVAL. */
static void file_mapping_reads_the_file(void)
{
	int fd = make_file(O_RDONLY);
	unsigned char *p = mmap(NULL, FILE_SIZE, PROT_READ, MAP_PRIVATE, fd, 0), *q;
	unsigned long bad = 0;

	EXPECT(p != MAP_FAILED, "mmap: errno %d", errno);
	if (p == MAP_FAILED)
		return;
	for (unsigned long i = 0; i < FILE_SIZE; i++)
		bad += p[i] != byte_at(i);
	for (unsigned long i = FILE_SIZE; i < 4 * PAGE; i++)
		bad += p[i] != 0;
	EXPECT(!bad, "%lu bytes of the mapping differ from the file (or the zeros after it)", bad);
	q = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, fd, 2 * PAGE);
	EXPECT(q != MAP_FAILED && q[0] == byte_at(2 * PAGE) && q[PAGE - 1] == byte_at(3 * PAGE - 1),
	       "offset 2 pages: errno %d", errno);
	EXPECT(mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, fd, PAGE / 2) == MAP_FAILED &&
	       errno == EINVAL, "offset half a page: errno %d", errno);
	munmap(p, FILE_SIZE);
	if (q != MAP_FAILED)
		munmap(q, PAGE);
	close(fd);
}

/* A page of the mapping wholly past the file's end: a read there is SIGBUS, as on Linux. */
static void past_the_end_is_sigbus(void)
{
	int fd = make_file(O_RDONLY);
	unsigned char *p = mmap(NULL, 6 * PAGE, PROT_READ, MAP_PRIVATE, fd, 0);

	EXPECT(p != MAP_FAILED, "mmap: errno %d", errno);
	if (p == MAP_FAILED)
		return;
	EXPECT(read_kills_with(p + 4 * PAGE + 8, SIGBUS), "a read past the end was not SIGBUS");
	EXPECT(!read_kills_with(p + FILE_SIZE, SIGBUS), "a read in the last page was SIGBUS");
	munmap(p, 6 * PAGE);
	EXPECT(read_kills_with(p, SIGSEGV), "a read after munmap() was not SIGSEGV");
	close(fd);
}

/*
 * MAP_PRIVATE, writable: mapping 4 pages takes none (a page table at
 * most), a write takes exactly one, and neither the file nor another
 * mapping of it sees the write.
 */
static void private_write_copies_one_page(void)
{
	int fd = make_file(O_RDONLY);
	long before = free_pages(), mapped, written;
	unsigned char *p = mmap(NULL, FILE_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0), *q;
	unsigned char byte = 0;

	mapped = before - free_pages();
	EXPECT(p != MAP_FAILED, "mmap: errno %d", errno);
	if (p == MAP_FAILED)
		return;
	written = free_pages();
	p[PAGE + 5] = 0xee;
	written -= free_pages();
	q = mmap(NULL, FILE_SIZE, PROT_READ, MAP_PRIVATE, fd, 0);
	EXPECT(p[PAGE + 5] == 0xee, "the writer does not see its write");
	EXPECT(pread(fd, &byte, 1, PAGE + 5) == 1 && byte == byte_at(PAGE + 5),
	       "the file has %#x after a private write", byte);
	EXPECT(q != MAP_FAILED && q[PAGE + 5] == byte_at(PAGE + 5),
	       "another private mapping sees the write");
	if (on_special_k()) {
		EXPECT(mapped <= 1, "mapping 4 file pages took %ld free pages", mapped);
		EXPECT(written == 1, "the first write took %ld pages, not 1", written);
	}
	munmap(p, FILE_SIZE);
	if (q != MAP_FAILED)
		munmap(q, FILE_SIZE);
	close(fd);
}

/*
 * MAP_SHARED, read-only: the file's own pages, so a write() to the file
 * shows in the mapping at once. Write permission is refused without a
 * descriptor open for writing, by mmap() and by mprotect() (EACCES).
 */
static void shared_mapping_is_the_file(void)
{
	int fd = make_file(O_RDONLY), rw;
	unsigned char *p = mmap(NULL, FILE_SIZE, PROT_READ, MAP_SHARED, fd, 0);

	EXPECT(p != MAP_FAILED, "mmap: errno %d", errno);
	if (p == MAP_FAILED)
		return;
	rw = open(FILE_NAME, O_RDWR);
	EXPECT(pwrite(rw, "fresh", 5, 2 * PAGE + 10) == 5, "pwrite: errno %d", errno);
	EXPECT(!memcmp(p + 2 * PAGE + 10, "fresh", 5), "the shared mapping did not see the write");
	EXPECT(mprotect(p, PAGE, PROT_READ | PROT_WRITE) == -1 && errno == EACCES,
	       "mprotect(PROT_WRITE): errno %d", errno);
	EXPECT(mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) == MAP_FAILED &&
	       errno == EACCES, "MAP_SHARED writable on a read-only descriptor: errno %d", errno);
	/* Special K keeps no shared writable mapping (its writes would have to reach the file). */
	if (on_special_k())
		EXPECT(mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, rw, 0) == MAP_FAILED &&
		       errno == ENODEV, "MAP_SHARED writable: errno %d", errno);
	munmap(p, FILE_SIZE);
	close(rw);
	close(fd);
}

/* What cannot be mapped, with Linux's errno. */
static void mapping_errors(void)
{
	int wr = make_file(O_WRONLY), dir = open("/", O_RDONLY | O_DIRECTORY), fds[2] = { -1, -1 };

	EXPECT(mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, -1, 0) == MAP_FAILED && errno == EBADF,
	       "fd -1: errno %d", errno);
	EXPECT(mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, wr, 0) == MAP_FAILED && errno == EACCES,
	       "write-only: errno %d", errno);
	EXPECT(mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, dir, 0) == MAP_FAILED && errno == ENODEV,
	       "a directory: errno %d", errno);
	EXPECT(!pipe(fds) && mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, fds[0], 0) == MAP_FAILED &&
	       errno == ENODEV, "a pipe: errno %d", errno);
	EXPECT(mmap(NULL, 0, PROT_READ, MAP_PRIVATE, dir, 0) == MAP_FAILED && errno == EINVAL,
	       "length 0: errno %d", errno);
	close(fds[0]), close(fds[1]), close(dir), close(wr);
	unlink(FILE_NAME);
}

/* In this program's read-only data: exec_maps_the_program() finds it in the file. */
static const char marker[] = "user_mmap: these bytes are in the program file";

/* Does this process's copy of marker read as text (through a volatile pointer: no folding)? */
static bool marker_reads(const char *text)
{
	const volatile char *m = marker;

	for (size_t i = 0; i < sizeof(marker); i++)
		if (m[i] != text[i])
			return false;
	return true;
}

/* dl_iterate_phdr()'s callback: the file offset of marker in this program's segments. */
static int find_marker(struct dl_phdr_info *info, size_t size, void *data)
{
	unsigned long addr = (unsigned long)marker - info->dlpi_addr;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];

		if (p->p_type == PT_LOAD && addr >= p->p_vaddr && addr < p->p_vaddr + p->p_filesz) {
			*(long *)data = (long)(p->p_offset + addr - p->p_vaddr);
			return 1;
		}
	}
	return 0;
}

/*
 * A running program's read-only segments are the page cache's own pages:
 * a write to the program's file shows in this very process's constant
 * marker, and in a child forked before the write. Linux refuses the write
 * (ETXTBSY: the file is being executed); Special K does not keep that
 * rule, which is how it can be seen here. The marker's place in the file
 * comes from the program headers (dl_iterate_phdr()); its first byte is
 * changed, then put back.
 */
static void exec_maps_the_program(void)
{
	char changed[sizeof(marker)], c;
	int fd = open(PROGRAM, O_RDWR), go[2] = { -1, -1 }, status = -1;
	long off = -1;
	pid_t pid;

	if (!on_special_k()) {
		fd = open("/proc/self/exe", O_RDWR);
		EXPECT(fd == -1 && errno == ETXTBSY, "open(/proc/self/exe, O_RDWR): errno %d", errno);
		return;
	}
	memcpy(changed, marker, sizeof(marker));
	changed[0] = 'U';
	dl_iterate_phdr(find_marker, &off);
	EXPECT(fd >= 0 && off >= 0 && pread(fd, &c, 1, off) == 1 && c == marker[0],
	       "%s: the marker at %ld, errno %d", PROGRAM, off, errno);
	if (fd < 0 || off < 0 || pipe(go))
		return;
	pid = fork();
	if (pid == 0)
		_exit(read(go[0], &c, 1) == 1 && marker_reads(changed) ? 0 : 1);
	EXPECT(pwrite(fd, changed, 1, off) == 1, "pwrite: errno %d", errno);
	EXPECT(marker_reads(changed), "the write to %s did not show in this process's text",
	       PROGRAM);
	EXPECT(write(go[1], "x", 1) == 1 && waitpid(pid, &status, 0) == pid && status == 0,
	       "the write did not show in a forked child's text (status %#x)", status);
	EXPECT(pwrite(fd, marker, 1, off) == 1 && marker_reads(marker), "%s not put back",
	       PROGRAM);
	close(go[0]), close(go[1]), close(fd);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(file_mapping_reads_the_file),
	KTAP_CASE(past_the_end_is_sigbus),
	KTAP_CASE(private_write_copies_one_page),
	KTAP_CASE(shared_mapping_is_the_file),
	KTAP_CASE(mapping_errors),
	KTAP_CASE(exec_maps_the_program),
};
ktest_user_suite(user_mmap, cases);
