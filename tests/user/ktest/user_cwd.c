/*
 * user_cwd: the working directory. A process starts at the root; chdir()
 * and fchdir() move it, relative paths (open, mkdir, chdir itself, "..")
 * start there, getcwd() names it (ERANGE when the buffer is short), a
 * child inherits it and moves its own; a removed working directory has
 * no name (ENOENT) and nothing can be created in it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"

#define DIR	"/user_cwd.d"

static char cwd[256];

/* The call itself: the C libraries differ in what they make of its errors. */
static const char *sys_getcwd(size_t size)
{
	memset(cwd, 0, sizeof(cwd));
	return syscall(SYS_getcwd, cwd, size) > 0 ? cwd : NULL;
}

static void relative_paths_start_there(void)
{
	struct stat st;
	int fd;

	EXPECT(sys_getcwd(sizeof(cwd)) && !strcmp(cwd, "/"), "at the start: %s", cwd);
	EXPECT(mkdir(DIR, 0755) == 0 && mkdir(DIR "/sub", 0755) == 0, "mkdir: errno %d", errno);
	EXPECT(chdir(DIR) == 0, "chdir " DIR ": errno %d", errno);
	EXPECT(sys_getcwd(sizeof(cwd)) && !strcmp(cwd, DIR), "getcwd: %s", cwd);
	fd = open("f", O_CREAT | O_WRONLY, 0644);
	EXPECT(fd >= 0 && stat(DIR "/f", &st) == 0, "open(\"f\") did not make " DIR "/f: "
	       "errno %d", errno);
	close(fd);
	EXPECT(chdir("sub") == 0 && sys_getcwd(sizeof(cwd)) && !strcmp(cwd, DIR "/sub"),
	       "chdir sub: %s errno %d", cwd, errno);
	EXPECT(stat("../f", &st) == 0, "../f: errno %d", errno);
	EXPECT(sys_getcwd(5) == NULL && errno == ERANGE, "a 5-byte buffer: errno %d", errno);
	EXPECT(chdir("..") == 0 && sys_getcwd(sizeof(cwd)) && !strcmp(cwd, DIR),
	       "chdir ..: %s", cwd);
	EXPECT(chdir("f") == -1 && errno == ENOTDIR, "chdir to a file: errno %d", errno);
	EXPECT(chdir("none") == -1 && errno == ENOENT, "chdir to nothing: errno %d", errno);
	unlink(DIR "/f");
	EXPECT(chdir("/") == 0 && sys_getcwd(sizeof(cwd)) && !strcmp(cwd, "/"), "back: %s", cwd);
}

static void fchdir_and_children(void)
{
	int fd = open(DIR "/sub", O_RDONLY | O_DIRECTORY), file, status = -1;
	pid_t pid;

	EXPECT(fd >= 0 && fchdir(fd) == 0, "fchdir: errno %d", errno);
	EXPECT(sys_getcwd(sizeof(cwd)) && !strcmp(cwd, DIR "/sub"), "after fchdir: %s", cwd);
	close(fd);
	file = open("/hello.txt", O_RDONLY);
	EXPECT(fchdir(file) == -1 && errno == ENOTDIR, "fchdir to a file: errno %d", errno);
	close(file);
	EXPECT(fchdir(-1) == -1 && errno == EBADF, "fchdir(-1): errno %d", errno);
	pid = fork();
	if (pid == 0)
		_exit(sys_getcwd(sizeof(cwd)) && !strcmp(cwd, DIR "/sub") && chdir("/") == 0 ? 0 : 1);
	EXPECT(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && !WEXITSTATUS(status),
	       "the child's working directory: status %#x", status);
	EXPECT(sys_getcwd(sizeof(cwd)) && !strcmp(cwd, DIR "/sub"), "the child moved ours: %s",
	       cwd);
	chdir("/");
}

static void removed_working_directory(void)
{
	EXPECT(mkdir(DIR "/gone", 0755) == 0 && chdir(DIR "/gone") == 0, "errno %d", errno);
	EXPECT(rmdir(DIR "/gone") == 0, "rmdir of a working directory: errno %d", errno);
	EXPECT(sys_getcwd(sizeof(cwd)) == NULL && errno == ENOENT, "getcwd: %s errno %d", cwd,
	       errno);
	EXPECT(open("x", O_CREAT | O_WRONLY, 0644) == -1 && errno == ENOENT,
	       "created in a removed directory: errno %d", errno);
	EXPECT(chdir("/") == 0, "errno %d", errno);
	EXPECT(rmdir(DIR "/sub") == 0 && rmdir(DIR) == 0, "clean-up: errno %d", errno);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(relative_paths_start_there),
	KTAP_CASE(fchdir_and_children),
	KTAP_CASE(removed_working_directory),
};
ktest_user_suite(user_cwd, cases);
