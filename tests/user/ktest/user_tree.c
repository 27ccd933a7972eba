/*
 * user_tree: the calls that change the file tree's shape or a file's mode,
 * as mv, ln -s and chmod make them. rename() moves an entry (an open file
 * of it keeps reading it) and replaces what was at the new name (an open
 * file of that keeps its bytes); renameat2()'s NOREPLACE refuses
 * to, EXCHANGE swaps two entries; every refusal has Linux's errno.
 * symlink() makes a link readlink() reads back and lookups follow. chmod()
 * changes the mode stat() shows and execve() obeys (no x: EACCES). link()
 * gives a file a second name. A file's times follow its changes, and
 * utimensat() sets them (touch).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ktest-user.h"

#define DIR		"/user_tree"
#define NOREPLACE	1	/* renameat2()'s flags: glibc names them only on ARM here */
#define EXCHANGE	2

static void put(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	EXPECT(fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text),
	       "%s: errno %d", path, errno);
	close(fd);
}

/* The file's text ("" when it cannot be read). */
static const char *text_of(const char *path)
{
	static char buf[64];
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? 0 : read(fd, buf, sizeof(buf) - 1);

	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

static long renameat2_(const char *from, const char *to, unsigned int flags)
{
	return syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
}

static void remove_tree(void)
{
	static const char *const files[] = { DIR "/a", DIR "/b", DIR "/c", DIR "/d/a",
					     DIR "/l", DIR "/x" };

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		unlink(files[i]);
	rmdir(DIR "/d/e");
	rmdir(DIR "/d");
	rmdir(DIR "/e");
	rmdir(DIR);
}

/* A file moves, in its folder and to another; what stood at the new name goes. */
static void rename_moves_the_entry(void)
{
	int fd, old_fd;
	char buf[16] = "";

	EXPECT(!mkdir(DIR, 0755) && !mkdir(DIR "/d", 0755), "mkdir: errno %d", errno);
	put(DIR "/a", "first");
	fd = open(DIR "/a", O_RDONLY);
	EXPECT(!rename(DIR "/a", DIR "/b"), "rename a b: errno %d", errno);
	EXPECT(access(DIR "/a", F_OK) && errno == ENOENT && !strcmp(text_of(DIR "/b"), "first"),
	       "after rename a b: a %d, b \"%s\"", access(DIR "/a", F_OK), text_of(DIR "/b"));
	EXPECT(read(fd, buf, sizeof(buf) - 1) == 5 && !strcmp(buf, "first"),
	       "the file open before the rename reads \"%s\"", buf);
	close(fd);
	EXPECT(!rename(DIR "/b", DIR "/d/a") && !strcmp(text_of(DIR "/d/a"), "first"),
	       "rename into d: errno %d", errno);
	/* Over an existing file: it goes, but a descriptor of it still reads it. */
	put(DIR "/c", "second");
	old_fd = open(DIR "/c", O_RDONLY);
	EXPECT(!rename(DIR "/d/a", DIR "/c") && !strcmp(text_of(DIR "/c"), "first"),
	       "rename over c: errno %d, c \"%s\"", errno, text_of(DIR "/c"));
	memset(buf, 0, sizeof(buf));
	EXPECT(read(old_fd, buf, sizeof(buf) - 1) == 6 && !strcmp(buf, "second"),
	       "the replaced file's descriptor reads \"%s\"", buf);
	close(old_fd);
	EXPECT(!rename(DIR "/c", DIR "/c") && !strcmp(text_of(DIR "/c"), "first"),
	       "rename c c: errno %d", errno);
	/* A folder moves with what it holds. */
	put(DIR "/d/a", "inside");
	EXPECT(!rename(DIR "/d", DIR "/e") && !strcmp(text_of(DIR "/e/a"), "inside"),
	       "rename d e: errno %d", errno);
	EXPECT(!rename(DIR "/e", DIR "/d"), "rename e d: errno %d", errno);
	remove_tree();
}

/* What rename() and renameat2() refuse, with Linux's errno. */
static void rename_errors(void)
{
	struct { const char *from, *to; unsigned int flags; int err; } cases[] = {
		{ DIR "/none", DIR "/x", 0, ENOENT },
		{ DIR "/a", DIR "/d", 0, EISDIR },	/* a file over a folder */
		{ DIR "/d", DIR "/a", 0, ENOTDIR },	/* a folder over a file */
		{ DIR "/e", DIR "/d", 0, ENOTEMPTY },	/* over a folder that holds something */
		{ DIR "/d", DIR "/d/e/x", 0, EINVAL },	/* into itself */
		{ DIR "/.", DIR "/x", 0, EBUSY },
		{ DIR "/a", DIR "/..", 0, EBUSY },
		{ DIR "/a/", DIR "/x", 0, ENOTDIR },	/* a file named as a folder */
		{ DIR "/a", DIR "/b", NOREPLACE, EEXIST },
		{ DIR "/a", DIR "/x", EXCHANGE, ENOENT },
		{ DIR "/a", DIR "/b", NOREPLACE | EXCHANGE, EINVAL },
		{ DIR "/a", DIR "/b", 8, EINVAL },
	};

	EXPECT(!mkdir(DIR, 0755) && !mkdir(DIR "/d", 0755) && !mkdir(DIR "/d/e", 0755) &&
	       !mkdir(DIR "/e", 0755), "mkdir: errno %d", errno);
	put(DIR "/a", "a");
	put(DIR "/b", "b");
	put(DIR "/e/a", "in e");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		long r = renameat2_(cases[i].from, cases[i].to, cases[i].flags);

		EXPECT(r == -1 && errno == cases[i].err, "renameat2(%s, %s, %u): %ld, errno %d, not %d",
		       cases[i].from, cases[i].to, cases[i].flags, r, errno, cases[i].err);
	}
	EXPECT(!strcmp(text_of(DIR "/a"), "a") && !strcmp(text_of(DIR "/b"), "b"),
	       "a refused rename changed a or b");
	unlink(DIR "/e/a");
	remove_tree();
}

/* EXCHANGE: two entries trade names, a file and a folder too. */
static void rename_exchange_swaps(void)
{
	EXPECT(!mkdir(DIR, 0755) && !mkdir(DIR "/d", 0755), "mkdir: errno %d", errno);
	put(DIR "/a", "A");
	put(DIR "/b", "B");
	EXPECT(!renameat2_(DIR "/a", DIR "/b", EXCHANGE) && !strcmp(text_of(DIR "/a"), "B"),
	       "exchange a b: errno %d, a \"%s\"", errno, text_of(DIR "/a"));
	EXPECT(!strcmp(text_of(DIR "/b"), "A"), "b \"%s\" after the exchange", text_of(DIR "/b"));
	put(DIR "/d/a", "in d");
	EXPECT(!renameat2_(DIR "/b", DIR "/d", EXCHANGE) &&
	       !strcmp(text_of(DIR "/b/a"), "in d") && !strcmp(text_of(DIR "/d"), "A"),
	       "exchange of a file and a folder: errno %d", errno);
	EXPECT(!renameat2_(DIR "/b", DIR "/d", EXCHANGE), "exchange back: errno %d", errno);
	remove_tree();
}

/* symlink(): readlink() reads the target back, a lookup follows it; a taken name is EEXIST. */
static void symlink_makes_a_link(void)
{
	char target[64] = "";
	struct stat st;

	EXPECT(!mkdir(DIR, 0755), "mkdir: errno %d", errno);
	put(DIR "/a", "through the link");
	EXPECT(!symlink("a", DIR "/l"), "symlink: errno %d", errno);
	EXPECT(readlink(DIR "/l", target, sizeof(target) - 1) == 1 && !strcmp(target, "a"),
	       "readlink: \"%s\"", target);
	EXPECT(!lstat(DIR "/l", &st) && S_ISLNK(st.st_mode) && st.st_size == 1,
	       "lstat: mode %o size %ld", st.st_mode, (long)st.st_size);
	EXPECT(!strcmp(text_of(DIR "/l"), "through the link"), "open through the link: \"%s\"",
	       text_of(DIR "/l"));
	EXPECT(symlink("b", DIR "/a") == -1 && errno == EEXIST, "symlink over a file: errno %d",
	       errno);
	EXPECT(symlink("", DIR "/x") == -1 && errno == ENOENT, "empty target: errno %d", errno);
	EXPECT(symlinkat("a", AT_FDCWD, DIR "/x") == 0 && !unlink(DIR "/x"),
	       "symlinkat: errno %d", errno);
	remove_tree();
}

/* chmod(): the mode stat() shows, through a link too, and execve() obeys it. */
static void chmod_changes_the_mode(void)
{
	static const char not_elf[] = "neither ELF nor a script, so execve() says ENOEXEC\n";
	char *argv[] = { DIR "/x", NULL };
	struct stat st;
	int fd, status = -1;

	EXPECT(!mkdir(DIR, 0755), "mkdir: errno %d", errno);
	put(DIR "/a", "a");
	EXPECT(!chmod(DIR "/a", 0600) && !stat(DIR "/a", &st) && st.st_mode == (S_IFREG | 0600),
	       "chmod 600: mode %o", st.st_mode);
	EXPECT(!symlink("a", DIR "/l") && !chmod(DIR "/l", 0640) && !stat(DIR "/a", &st) &&
	       st.st_mode == (S_IFREG | 0640), "chmod through a link: mode %o", st.st_mode);
	fd = open(DIR "/a", O_RDONLY);
	EXPECT(!fchmod(fd, 04755) && !fstat(fd, &st) && st.st_mode == (S_IFREG | 04755),
	       "fchmod 4755: mode %o", st.st_mode);
	close(fd);
	EXPECT(!fchmodat(AT_FDCWD, DIR "/a", 0444, 0) && !stat(DIR "/a", &st) &&
	       st.st_mode == (S_IFREG | 0444), "fchmodat 444: mode %o", st.st_mode);
	EXPECT(chmod(DIR "/none", 0644) == -1 && errno == ENOENT, "chmod of nothing: errno %d",
	       errno);
	/* The x bits are what execve() asks for. */
	fd = open(DIR "/x", O_WRONLY | O_CREAT | O_TRUNC, 0755);
	EXPECT(fd >= 0 && write(fd, not_elf, sizeof(not_elf)) == sizeof(not_elf), "errno %d",
	       errno);
	close(fd);
	for (int mode = 0755; mode >= 0644; mode -= 0111) {
		EXPECT(!chmod(DIR "/x", mode), "chmod %o: errno %d", mode, errno);
		status = run_program(argv);
		EXPECT(status != -1 && WIFEXITED(status) &&
		       WEXITSTATUS(status) == (mode & 0100 ? ENOEXEC : EACCES),
		       "execve of mode %o: status %#x", mode, status);
	}
	remove_tree();
}

/*
 * link(): a second name for one file, the same inode, which a write
 * through either shows and stat() counts; removing one name leaves the
 * other. A folder cannot get one (EPERM), a taken name is EEXIST; rename()
 * of one name onto the other does nothing.
 */
static void link_names_one_file(void)
{
	struct stat a, b;

	EXPECT(!mkdir(DIR, 0755) && !mkdir(DIR "/d", 0755), "mkdir: errno %d", errno);
	put(DIR "/a", "one file");
	EXPECT(!link(DIR "/a", DIR "/d/b"), "link: errno %d", errno);
	EXPECT(!stat(DIR "/a", &a) && !stat(DIR "/d/b", &b) && a.st_ino == b.st_ino &&
	       a.st_nlink == 2 && b.st_nlink == 2, "inodes %lu %lu, links %lu %lu",
	       (unsigned long)a.st_ino, (unsigned long)b.st_ino, (unsigned long)a.st_nlink,
	       (unsigned long)b.st_nlink);
	put(DIR "/d/b", "written through b");
	EXPECT(!strcmp(text_of(DIR "/a"), "written through b"), "a reads \"%s\"",
	       text_of(DIR "/a"));
	EXPECT(!rename(DIR "/a", DIR "/d/b") && !access(DIR "/a", F_OK),
	       "rename onto its other name: errno %d", errno);
	EXPECT(!unlink(DIR "/a") && !strcmp(text_of(DIR "/d/b"), "written through b") &&
	       !stat(DIR "/d/b", &b) && b.st_nlink == 1, "after unlink of a: b \"%s\", %lu links",
	       text_of(DIR "/d/b"), (unsigned long)b.st_nlink);
	EXPECT(link(DIR "/d", DIR "/e") == -1 && errno == EPERM, "a folder: errno %d", errno);
	put(DIR "/c", "c");
	EXPECT(link(DIR "/c", DIR "/d/b") == -1 && errno == EEXIST, "a taken name: errno %d",
	       errno);
	EXPECT(link(DIR "/none", DIR "/x") == -1 && errno == ENOENT, "no file: errno %d", errno);
	EXPECT(linkat(AT_FDCWD, DIR "/c", AT_FDCWD, DIR "/x", 0) == 0 && !unlink(DIR "/x"),
	       "linkat: errno %d", errno);
	unlink(DIR "/d/b");
	remove_tree();
}

/*
 * Is t within [from, to]? Linux stamps files with its coarse clock, up to a
 * tick (at most 10 ms) behind clock_gettime(): from is taken 20 ms early.
 */
static bool between(const struct timespec *t, const struct timespec *from,
		    const struct timespec *to)
{
	long long ns = t->tv_sec * 1000000000LL + t->tv_nsec;

	return ns >= from->tv_sec * 1000000000LL + from->tv_nsec - 20000000 &&
	       ns <= to->tv_sec * 1000000000LL + to->tv_nsec;
}

/*
 * A file's times: made now; a write moves mtime and ctime, and its folder's
 * when an entry comes or goes; utimensat() sets atime and mtime (UTIME_OMIT
 * keeps one, NULL makes both now), a link's own with AT_SYMLINK_NOFOLLOW.
 */
static void times_follow_changes(void)
{
	struct timespec before, after, set[2] = { { 1000000000, 5 }, { 1100000000, 999999999 } };
	struct timespec omit[2] = { { 0, UTIME_OMIT }, { 7, 0 } };
	struct stat st, dir;
	int fd;

	EXPECT(!mkdir(DIR, 0755), "mkdir: errno %d", errno);
	clock_gettime(CLOCK_REALTIME, &before);
	put(DIR "/a", "a");
	clock_gettime(CLOCK_REALTIME, &after);
	EXPECT(!stat(DIR "/a", &st) && between(&st.st_mtim, &before, &after) &&
	       between(&st.st_ctim, &before, &after), "a new file's mtime %lld.%09ld",
	       (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	EXPECT(!stat(DIR, &dir) && between(&dir.st_mtim, &before, &after),
	       "the folder's mtime %lld", (long long)dir.st_mtim.tv_sec);
	EXPECT(!utimensat(AT_FDCWD, DIR "/a", set, 0) && !stat(DIR "/a", &st) &&
	       st.st_atim.tv_sec == 1000000000 && st.st_atim.tv_nsec == 5 &&
	       st.st_mtim.tv_sec == 1100000000 && st.st_mtim.tv_nsec == 999999999,
	       "utimensat: errno %d, atime %lld.%ld mtime %lld.%ld", errno,
	       (long long)st.st_atim.tv_sec, st.st_atim.tv_nsec, (long long)st.st_mtim.tv_sec,
	       st.st_mtim.tv_nsec);
	EXPECT(st.st_ctim.tv_sec >= after.tv_sec, "ctime %lld after utimensat",
	       (long long)st.st_ctim.tv_sec);
	EXPECT(!utimensat(AT_FDCWD, DIR "/a", omit, 0) && !stat(DIR "/a", &st) &&
	       st.st_atim.tv_sec == 1000000000 && st.st_mtim.tv_sec == 7,
	       "UTIME_OMIT: atime %lld mtime %lld", (long long)st.st_atim.tv_sec,
	       (long long)st.st_mtim.tv_sec);
	fd = open(DIR "/a", O_WRONLY | O_APPEND);
	EXPECT(write(fd, "b", 1) == 1 && !fstat(fd, &st) && st.st_mtim.tv_sec >= after.tv_sec &&
	       st.st_atim.tv_sec == 1000000000, "after a write: mtime %lld atime %lld",
	       (long long)st.st_mtim.tv_sec, (long long)st.st_atim.tv_sec);
	EXPECT(!futimens(fd, NULL) && !fstat(fd, &st) && st.st_atim.tv_sec >= after.tv_sec,
	       "futimens(NULL): errno %d, atime %lld", errno, (long long)st.st_atim.tv_sec);
	close(fd);
	EXPECT(!symlink("a", DIR "/l") &&
	       !utimensat(AT_FDCWD, DIR "/l", set, AT_SYMLINK_NOFOLLOW) && !lstat(DIR "/l", &st) &&
	       st.st_mtim.tv_sec == 1100000000 && !stat(DIR "/a", &st) &&
	       st.st_mtim.tv_sec != 1100000000, "AT_SYMLINK_NOFOLLOW: errno %d", errno);
	set[1].tv_nsec = 1000000000;
	EXPECT(utimensat(AT_FDCWD, DIR "/a", set, 0) == -1 && errno == EINVAL,
	       "tv_nsec 1e9: errno %d", errno);
	EXPECT(utimensat(AT_FDCWD, DIR "/none", NULL, 0) == -1 && errno == ENOENT,
	       "no file: errno %d", errno);
	EXPECT(utimensat(AT_FDCWD, DIR "/a", NULL, 0x8000) == -1 && errno == EINVAL,
	       "flag 0x8000: errno %d", errno);
	remove_tree();
}

static const struct ktap_case cases[] = {
	KTAP_CASE(rename_moves_the_entry),
	KTAP_CASE(rename_errors),
	KTAP_CASE(rename_exchange_swaps),
	KTAP_CASE(symlink_makes_a_link),
	KTAP_CASE(chmod_changes_the_mode),
	KTAP_CASE(link_names_one_file),
	KTAP_CASE(times_follow_changes),
};
ktest_user_suite(user_tree, cases);
