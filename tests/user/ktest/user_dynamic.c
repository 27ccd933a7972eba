/*
 * user_dynamic: dynamically linked programs. execve() of a program with a
 * PT_INTERP maps the interpreter it names (ld.so) beside it and starts
 * there; ld.so then maps libc.so.6 with mmap() of the file and runs the
 * program. The interpreter's failures have Linux's errnos: a path that does
 * not exist (ENOENT), a file that may not be executed (EACCES), one that is
 * not ELF (ELIBBAD), a PT_INTERP whose path has no NUL at its end
 * (ENOEXEC). Each is made on a copy of a dynamic program with its
 * PT_INTERP rewritten.
 *
 * Debian's own /bin/true, /usr/bin/env and /bin/ls, unmodified, run too,
 * ls with the two libraries more that it loads (libselinux, libpcre2).
 *
 * It runs from initramfs-dyn.cpio, which adds /bin/hello-dyn and Debian's
 * programs with ld.so and libc.so.6 to the usual archive
 * (tests/user/user.mk); on a Linux host the copies are made of
 * /usr/bin/true.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"

#define COPY		"/user_dynamic.prog"
#define NOT_ELF		"/user_dynamic.txt"
#define NOT_EXEC	"/user_dynamic.rw"

static const char *dynamic_program(void)
{
	return on_special_k() ? "/bin/hello-dyn" : "/usr/bin/true";
}

/*
 * Run path with argv, its output into out (up to size - 1 bytes, NUL
 * ended): the wait status, or -1 with errno (0 once it ran: its exec's
 * errno is its exit status 100 + errno).
 */
static int run(const char *path, char *const argv[], char *out, size_t size)
{
	int p[2], status = -1;
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid == 0) {
		dup2(p[1], STDOUT_FILENO);
		close(p[0]);
		execv(path, argv);
		_exit(100 + errno);
	}
	close(p[1]);
	while (len < size - 1 && (n = read(p[0], out + len, size - 1 - len)) > 0)
		len += n;
	out[len] = '\0';
	close(p[0]);
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return status;
}

/* Our hello.c, linked against the C library's libc.so.6: its greeting and arguments. */
static void program_and_libc_run(void)
{
	char *argv[] = { "hello-dyn", "a", "b c", NULL }, out[256];
	int status;

	if (!on_special_k())
		return;		/* the host has no /bin/hello-dyn */
	status = run("/bin/hello-dyn", argv, out, sizeof(out));
	EXPECT(status == 0, "status %#x", status);
	EXPECT(!strcmp(out, "Hello, world! (glibc, dynamic, 2 arguments)\n"
			    "  argv[1] = \"a\"\n  argv[2] = \"b c\"\n"), "output: %s", out);
}

/* Debian's programs: true's status, env's environment, ls's listing of a folder made here. */
static void debian_programs_run(void)
{
	char *true_argv[] = { "true", NULL }, *env_argv[] = { "env", "-i", "A=1", "B=2 3", NULL };
	char *ls_argv[] = { "ls", "-a", "/user_dynamic.dir", NULL }, out[256];
	int status;

	status = run("/bin/true", true_argv, out, sizeof(out));
	EXPECT(status == 0 && !out[0], "true: status %#x, output %s", status, out);
	status = run("/usr/bin/env", env_argv, out, sizeof(out));
	EXPECT(status == 0 && !strcmp(out, "A=1\nB=2 3\n"), "env: status %#x, output %s", status,
	       out);
	EXPECT(!mkdir("/user_dynamic.dir", 0755) && !mkdir("/user_dynamic.dir/sub", 0755) &&
	       close(open("/user_dynamic.dir/a file", O_WRONLY | O_CREAT, 0644)) == 0,
	       "the folder for ls: errno %d", errno);
	status = run("/bin/ls", ls_argv, out, sizeof(out));
	EXPECT(status == 0 && !strcmp(out, ".\n..\na file\nsub\n"), "ls: status %#x, output %s",
	       status, out);
	unlink("/user_dynamic.dir/a file");
	rmdir("/user_dynamic.dir/sub");
	rmdir("/user_dynamic.dir");
}

/*
 * A copy of the dynamic program, its PT_INTERP's bytes replaced by the
 * first len of interp and zeros (interp NULL: kept as they are).
 */
static bool make_copy(const void *interp, size_t len)
{
	int in = open(dynamic_program(), O_RDONLY), out;
	off_t size = in < 0 ? -1 : lseek(in, 0, SEEK_END);
	/* A private mapping of the program: the changes stay in it, and go to the copy. */
	char *buf = size < (off_t)sizeof(ElfW(Ehdr)) ? MAP_FAILED :
		    mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, in, 0);
	ElfW(Ehdr) *eh = (ElfW(Ehdr) *)buf;
	bool done = false;

	close(in);
	if (buf == MAP_FAILED)
		return false;
	for (int i = 0; i < eh->e_phnum; i++) {
		ElfW(Phdr) *p = (ElfW(Phdr) *)(buf + eh->e_phoff) + i;

		if (p->p_type == PT_INTERP && !done && interp) {
			memset(buf + p->p_offset, 0, p->p_filesz);
			memcpy(buf + p->p_offset, interp, len < p->p_filesz ? len : p->p_filesz);
		}
		done |= p->p_type == PT_INTERP;
	}
	out = open(COPY, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	done = done && out >= 0 && write(out, buf, size) == size;
	close(out);
	munmap(buf, size);
	return done;
}

/* execve() of the copy with the interpreter path interp: its errno (0: it ran). */
static int exec_errno(const void *interp, size_t len)
{
	char *argv[] = { COPY, NULL }, out[64];
	int status;

	if (!make_copy(interp, len))
		return -1;
	status = run(COPY, argv, out, sizeof(out));
	return WIFEXITED(status) && WEXITSTATUS(status) >= 100 ? WEXITSTATUS(status) - 100 :
	       status == 0 ? 0 : -1;
}

static void interpreter_errors(void)
{
	static const char text[] = "This file is not an ELF file, though it is longer than an ELF "
				   "header is, so that reading one from it does not come up short.\n";
	char no_nul[PATH_MAX];
	int fd = open(NOT_ELF, O_WRONLY | O_CREAT | O_TRUNC, 0755), err;

	EXPECT(fd >= 0 && write(fd, text, sizeof(text)) == sizeof(text), "%s: errno %d",
	       NOT_ELF, errno);
	close(fd);
	fd = open(NOT_EXEC, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	EXPECT(fd >= 0 && write(fd, text, sizeof(text)) == sizeof(text), "%s: errno %d",
	       NOT_EXEC, errno);
	close(fd);
	/* As a control, the copy with its own path runs. */
	EXPECT((err = exec_errno(NULL, 0)) == 0, "the copy: errno %d", err);
	EXPECT((err = exec_errno("/no/such/ld.so", 15)) == ENOENT, "no interpreter: errno %d",
	       err);
	EXPECT((err = exec_errno(NOT_ELF, sizeof(NOT_ELF))) == ELIBBAD,
	       "a text file as interpreter: errno %d", err);
	EXPECT((err = exec_errno(NOT_EXEC, sizeof(NOT_EXEC))) == EACCES,
	       "an interpreter without x: errno %d", err);
	/* A path that fills PT_INTERP, with no NUL at its end. */
	memset(no_nul, 'x', sizeof(no_nul));
	no_nul[0] = '/';
	EXPECT((err = exec_errno(no_nul, sizeof(no_nul))) == ENOEXEC,
	       "PT_INTERP without its NUL: errno %d", err);
	unlink(COPY);
	unlink(NOT_ELF);
	unlink(NOT_EXEC);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(program_and_libc_run),
	KTAP_CASE(debian_programs_run),
	KTAP_CASE(interpreter_errors),
};
ktest_user_suite(user_dynamic, cases);
