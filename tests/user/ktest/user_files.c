/*
 * user_files: the file system through the C library. open/openat, read,
 * write, writev, lseek, close, fstat/stat/lstat (each library asks in its
 * own way: newfstatat, statx, fstat; the arch's raw calls too), getdents64
 * (readdir), readlinkat, unlink, on the files tests/initramfs/ puts in the root; fd 0/1/2 are the
 * console, whose ioctl(TIOCGWINSZ) answers ENOTTY or a size. A file or
 * directory removed while open lives on through its fd (user_fuzz found
 * the kernel freeing it at once).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "ktest-user.h"

#define HELLO		"Hello from the initramfs.\n"
#define SCRATCH		"/user_files.tmp"
#define SCRATCH_DIR	"/user_files.dir"

static void open_read_close(void)
{
	char buf[64] = "";
	int fd = open("/hello.txt", O_RDONLY);

	EXPECT(fd >= 3, "open: %d errno %d", fd, errno);
	EXPECT(read(fd, buf, sizeof(buf)) == (ssize_t)strlen(HELLO), "read: errno %d", errno);
	EXPECT(!strcmp(buf, HELLO), "read \"%s\"", buf);
	EXPECT(read(fd, buf, sizeof(buf)) == 0, "no end of file");
	EXPECT(close(fd) == 0, "close: errno %d", errno);
	EXPECT(close(fd) == -1 && errno == EBADF, "second close: errno %d", errno);
}

static void open_missing_enoent(void)
{
	EXPECT(open("/no/such/file", O_RDONLY) == -1 && errno == ENOENT, "errno %d", errno);
	EXPECT(openat(AT_FDCWD, "/hello.txt/x", O_RDONLY) == -1 && errno == ENOTDIR, "errno %d",
	       errno);
}

static void lseek_and_pread_position(void)
{
	char c = 0;
	int fd = open("/hello.txt", O_RDONLY);

	EXPECT(lseek(fd, 6, SEEK_SET) == 6 && read(fd, &c, 1) == 1 && c == 'f', "got '%c'", c);
	EXPECT(lseek(fd, -2, SEEK_END) == (off_t)strlen(HELLO) - 2, "SEEK_END: errno %d", errno);
	EXPECT(lseek(fd, 1, SEEK_CUR) == (off_t)strlen(HELLO) - 1, "SEEK_CUR: errno %d", errno);
	EXPECT(lseek(fd, -100, SEEK_SET) == -1 && errno == EINVAL, "negative: errno %d", errno);
	close(fd);
}

static void stat_fstat_lstat_agree(void)
{
	struct stat st, link, byfd;
	int fd = open("/hello.txt", O_RDONLY);

	EXPECT(stat("/hello-link", &st) == 0, "stat: errno %d", errno);
	EXPECT(S_ISREG(st.st_mode) && st.st_size == (off_t)strlen(HELLO), "mode %o size %ld",
	       st.st_mode, (long)st.st_size);
	EXPECT(lstat("/hello-link", &link) == 0 && S_ISLNK(link.st_mode), "lstat mode %o",
	       link.st_mode);
	EXPECT(fstat(fd, &byfd) == 0 && byfd.st_ino == st.st_ino, "fstat ino %lu, stat %lu",
	       (unsigned long)byfd.st_ino, (unsigned long)st.st_ino);
	EXPECT(stat("/etc", &st) == 0 && S_ISDIR(st.st_mode), "/etc mode %o", st.st_mode);
	close(fd);
}

/*
 * The arch's own stat calls, made raw: the C libraries use only some of
 * them (glibc on ARM asks statx), so the kernel's struct is read here at
 * Linux's offsets: x86_64's struct stat (144 bytes), ARM's struct stat64
 * (104 bytes, the inode number twice: __st_ino and st_ino); st_size is at
 * byte 48 in both.
 */
#ifdef __x86_64__
#define RAW_STAT_SIZE	144
#define RAW_MODE	24
#define RAW_INO		8
#define SYS_FSTATAT	SYS_newfstatat
#define SYS_FSTAT	SYS_fstat
#define SYS_STAT	SYS_stat
#define SYS_LSTAT	SYS_lstat
#else
#define RAW_STAT_SIZE	104
#define RAW_MODE	16
#define RAW_INO		96
#define SYS_FSTATAT	SYS_fstatat64
#define SYS_FSTAT	SYS_fstat64
#define SYS_STAT	SYS_stat64
#define SYS_LSTAT	SYS_lstat64
#endif

static void raw_stat_calls_agree(void)
{
	unsigned char raw[4][RAW_STAT_SIZE + 8];
	struct stat st;
	uint64_t ino, size;
	uint32_t mode;
	int fd = open("/hello.txt", O_RDONLY);

	memset(raw, 0xa5, sizeof(raw));
	EXPECT(stat("/hello.txt", &st) == 0, "stat: errno %d", errno);
	EXPECT(syscall(SYS_STAT, "/hello-link", raw[0]) == 0, "stat: errno %d", errno);
	EXPECT(syscall(SYS_FSTAT, fd, raw[1]) == 0, "fstat: errno %d", errno);
	EXPECT(syscall(SYS_FSTATAT, AT_FDCWD, "/hello.txt", raw[2], 0) == 0, "fstatat: errno %d",
	       errno);
	EXPECT(syscall(SYS_LSTAT, "/hello-link", raw[3]) == 0, "lstat: errno %d", errno);
	for (int i = 0; i < 4; i++) {
		memcpy(&ino, raw[i] + RAW_INO, 8);
		memcpy(&mode, raw[i] + RAW_MODE, 4);
		memcpy(&size, raw[i] + 48, 8);
		EXPECT(raw[i][RAW_STAT_SIZE] == 0xa5, "call %d wrote past its struct", i);
		EXPECT(i == 3 ? S_ISLNK(mode) && ino != st.st_ino :
		       S_ISREG(mode) && ino == st.st_ino && size == strlen(HELLO),
		       "call %d: mode %o ino %llu size %llu", i, mode, (unsigned long long)ino,
		       (unsigned long long)size);
	}
	EXPECT(!memcmp(raw[0], raw[1], RAW_STAT_SIZE) && !memcmp(raw[0], raw[2], RAW_STAT_SIZE),
	       "stat, fstat and fstatat differ");
#ifndef __x86_64__
	uint32_t old_ino;

	memcpy(&old_ino, raw[0] + 12, 4);	/* __st_ino */
	EXPECT(old_ino == st.st_ino, "__st_ino %u, st_ino %llu", old_ino,
	       (unsigned long long)st.st_ino);
#endif
	close(fd);
}

static void readlink_target(void)
{
	char buf[64];
	ssize_t n = readlink("/hello-link", buf, sizeof(buf));

	EXPECT(n == 9 && !memcmp(buf, "hello.txt", 9), "readlink: %zd", n);
	EXPECT(readlink("/hello.txt", buf, sizeof(buf)) == -1 && errno == EINVAL, "errno %d",
	       errno);
}

static void readdir_lists_root(void)
{
	DIR *d = opendir("/");
	struct dirent *e;
	int seen = 0;

	EXPECT(d, "opendir: errno %d", errno);
	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, "hello.txt") && e->d_type == DT_REG)
			seen |= 1;
		if (!strcmp(e->d_name, "etc") && e->d_type == DT_DIR)
			seen |= 2;
		if (!strcmp(e->d_name, "hello-link") && e->d_type == DT_LNK)
			seen |= 4;
	}
	EXPECT(seen == 7, "entries seen: %#x", seen);
	if (d)
		closedir(d);
}

static void create_write_read_back(void)
{
	struct iovec iov[2] = { { "abc", 3 }, { "defg", 4 } };
	char buf[16] = "";
	int fd = open(SCRATCH, O_CREAT | O_TRUNC | O_RDWR, 0644);

	EXPECT(fd >= 0, "create: errno %d", errno);
	EXPECT(writev(fd, iov, 2) == 7, "writev: errno %d", errno);
	EXPECT(pread(fd, buf, sizeof(buf), 2) == 5 && !strcmp(buf, "cdefg"), "read \"%s\"", buf);
	close(fd);
	fd = open(SCRATCH, O_WRONLY | O_APPEND);
	EXPECT(write(fd, "h", 1) == 1, "append: errno %d", errno);
	close(fd);
	fd = open(SCRATCH, O_RDONLY);
	EXPECT(write(fd, "x", 1) == -1 && errno == EBADF, "write to O_RDONLY: errno %d", errno);
	memset(buf, 0, sizeof(buf));
	EXPECT(read(fd, buf, sizeof(buf)) == 8 && !strcmp(buf, "abcdefgh"), "read \"%s\"", buf);
	close(fd);
	EXPECT(unlink(SCRATCH) == 0, "unlink: errno %d", errno);
	EXPECT(access(SCRATCH, F_OK) == -1 && errno == ENOENT, "still there");
}

/*
 * Unlinked, an open file keeps its bytes until its last fd closes, even
 * when a new file of the same name (whose inode may take the memory a freed
 * one had) is written meanwhile; a removed open directory can still be
 * read. The kernel's count of free pages after the suite sees them freed.
 */
static void unlinked_while_open(void)
{
	char buf[16] = "", ents[256];
	struct stat st;
	int fd = open(SCRATCH, O_CREAT | O_TRUNC | O_RDWR, 0644), again, dir;

	EXPECT(fd >= 0 && write(fd, "gone", 4) == 4, "create: errno %d", errno);
	EXPECT(unlink(SCRATCH) == 0, "unlink: errno %d", errno);
	again = open(SCRATCH, O_CREAT | O_EXCL | O_RDWR, 0644);
	EXPECT(again >= 0 && write(again, "new!!", 5) == 5, "create again: errno %d", errno);
	EXPECT(pread(fd, buf, sizeof(buf), 0) == 4 && !strcmp(buf, "gone"), "read \"%s\"", buf);
	EXPECT(fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 4, "size %lld",
	       (long long)st.st_size);
	EXPECT(syscall(SYS_getdents64, fd, ents, sizeof(ents)) == -1 && errno == ENOTDIR,
	       "getdents64 of a file: errno %d", errno);
	close(fd);
	close(again);
	EXPECT(unlink(SCRATCH) == 0, "unlink: errno %d", errno);
	EXPECT(mkdirat(AT_FDCWD, SCRATCH_DIR, 0755) == 0, "mkdir: errno %d", errno);
	dir = open(SCRATCH_DIR, O_RDONLY | O_DIRECTORY);
	EXPECT(unlinkat(AT_FDCWD, SCRATCH_DIR, AT_REMOVEDIR) == 0, "rmdir: errno %d", errno);
	EXPECT(syscall(SYS_getdents64, dir, ents, sizeof(ents)) >= 0, "getdents64: errno %d", errno);
	EXPECT(fstat(dir, &st) == 0 && S_ISDIR(st.st_mode), "mode %o", st.st_mode);
	close(dir);
}

/* Offsets past the largest are -EINVAL, not a wrapped sum; fcntl's fd floor is not cut to int. */
static void offset_and_fd_limits(void)
{
	off_t max = (off_t)(~0ULL >> (65 - 8 * sizeof(off_t))), far = max >> 23;
	int fd = open("/hello.txt", O_RDONLY), dup;

	/* A 32-bit off_t (glibc's on ARM) cannot name the sums that overflow a 64-bit offset. */
	if (sizeof(off_t) == 8) {
		EXPECT(lseek(fd, max, SEEK_END) == -1 && errno == EINVAL, "SEEK_END: errno %d",
		       errno);
		EXPECT(lseek(fd, far, SEEK_SET) == far, "SEEK_SET: errno %d", errno);
		EXPECT(lseek(fd, max, SEEK_CUR) == -1 && errno == EINVAL, "SEEK_CUR: errno %d",
		       errno);
	}
	EXPECT(fcntl(fd, F_DUPFD, 1 << 20) == -1 && errno == EINVAL, "F_DUPFD 1<<20: errno %d",
	       errno);
	EXPECT(syscall(SYS_fcntl, fd, F_DUPFD, (unsigned long)INT32_MAX + 1) == -1 &&
	       errno == EINVAL, "F_DUPFD 1<<31: errno %d", errno);
#if UINTPTR_MAX > UINT32_MAX
	EXPECT(syscall(SYS_fcntl, fd, F_DUPFD, 1UL << 32) == -1 && errno == EINVAL,
	       "F_DUPFD 1<<32: errno %d", errno);
#endif
	dup = fcntl(fd, F_DUPFD, 10);
	EXPECT(dup >= 10, "F_DUPFD 10: %d errno %d", dup, errno);
	close(dup);
	close(fd);
}

/*
 * sendfile(): a file's bytes to another file from an offset (which moves,
 * the descriptor's position staying), then from the position (which
 * moves); to /dev/null; a pipe as the destination is EINVAL on Special K
 * (Linux takes it), a directory as the source EINVAL, O_WRONLY EBADF.
 */
static void sendfile_copies(void)
{
	static char data[1000], back[1000];
	int in, out, null, wronly, p[2] = { -1, -1 }, dir = open("/", O_RDONLY);
	off_t off = 100;
	long n;

	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (char)(i * 13 + 1);
	in = open(SCRATCH, O_RDWR | O_CREAT | O_TRUNC, 0644);
	out = open(SCRATCH ".out", O_RDWR | O_CREAT | O_TRUNC, 0644);
	EXPECT(in >= 0 && out >= 0 && write(in, data, sizeof(data)) == sizeof(data) &&
	       lseek(in, 0, SEEK_SET) == 0, "files: errno %d", errno);
	n = sendfile(out, in, &off, 700);
	EXPECT(n == 700 && off == 800 && lseek(in, 0, SEEK_CUR) == 0, "from offset 100: %ld, "
	       "offset %ld, position %ld", n, (long)off, (long)lseek(in, 0, SEEK_CUR));
	n = sendfile(out, in, NULL, 5000);
	EXPECT(n == 1000 && lseek(in, 0, SEEK_CUR) == 1000, "from the position: %ld", n);
	EXPECT(pread(out, back, 700, 0) == 700 && !memcmp(back, data + 100, 700) &&
	       pread(out, back, 1000, 700) == 1000 && !memcmp(back, data, 1000),
	       "the copy's bytes differ");
	EXPECT(sendfile(out, in, NULL, 10) == 0, "at the end: not 0");
	off = 0;
	null = open("/dev/null", O_WRONLY);
	EXPECT(sendfile(null, in, &off, 300) == 300, "to /dev/null: errno %d", errno);
	EXPECT(!pipe(p), "pipe: errno %d", errno);
	off = 0;
	n = sendfile(p[1], in, &off, 10);
	EXPECT(on_special_k() ? n == -1 && errno == EINVAL : n == 10, "to a pipe: %ld, errno %d",
	       n, errno);
	EXPECT(sendfile(out, dir, NULL, 10) == -1 && errno == EINVAL, "from a folder: errno %d",
	       errno);
	wronly = open(SCRATCH ".out", O_WRONLY);
	EXPECT(sendfile(in, wronly, NULL, 10) == -1 && errno == EBADF, "from O_WRONLY: errno %d",
	       errno);
	close(p[0]), close(p[1]), close(dir), close(in), close(out), close(null), close(wronly);
	unlink(SCRATCH);
	unlink(SCRATCH ".out");
}

static void console_fds(void)
{
	struct iovec iov[2] = { { "    # user_files: writev ", 25 }, { "to fd 1\n", 8 } };
	struct winsize ws;
	int r;

	EXPECT(writev(1, iov, 2) == 33, "writev: errno %d", errno);
	r = ioctl(1, TIOCGWINSZ, &ws);
	EXPECT(r == 0 || errno == ENOTTY, "TIOCGWINSZ: %d errno %d", r, errno);
	EXPECT(write(99, "x", 1) == -1 && errno == EBADF, "fd 99: errno %d", errno);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(open_read_close),
	KTAP_CASE(open_missing_enoent),
	KTAP_CASE(lseek_and_pread_position),
	KTAP_CASE(stat_fstat_lstat_agree),
	KTAP_CASE(raw_stat_calls_agree),
	KTAP_CASE(readlink_target),
	KTAP_CASE(readdir_lists_root),
	KTAP_CASE(create_write_read_back),
	KTAP_CASE(unlinked_while_open),
	KTAP_CASE(offset_and_fd_limits),
	KTAP_CASE(sendfile_copies),
	KTAP_CASE(console_fds),
};
ktest_user_suite(user_files, cases);
