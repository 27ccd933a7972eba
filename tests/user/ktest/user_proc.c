/*
 * user_proc: processes. fork(), execve(), wait4() and the statuses it
 * reports (an exit code, a signal: a child that segfaults is killed, the
 * parent and the kernel carry on), posix_spawn() (glibc's clone with
 * CLONE_VM|CLONE_VFORK), each C library's hello run from here, a fork
 * loop that must end in EAGAIN (the thread table is full), not a hang, and
 * the auxiliary vector exec gives a program (getauxval()).
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <link.h>
#include <unistd.h>

#include "ktest-user.h"

extern char **environ;

static void fork_and_wait_exit_code(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(42);
	EXPECT(pid > 0, "fork: %d (errno %d)", pid, errno);
	EXPECT(waitpid(pid, &status, 0) == pid, "waitpid: errno %d", errno);
	EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 42, "status %#x, not exit 42", status);
}

static void child_sees_parent(void)
{
	pid_t parent = getpid(), pid;
	int status;

	pid = fork();
	if (pid == 0)
		_exit(getppid() == parent && getpid() != parent ? 0 : 1);
	EXPECT(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && !WEXITSTATUS(status),
	       "child's getppid() is not the parent (status %#x)", status);
}

/* The child's memory is its own: what it writes, the parent does not see. */
static void fork_copies_memory(void)
{
	static volatile int shared = 1;
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		shared = 2;
		_exit(shared);
	}
	EXPECT(waitpid(pid, &status, 0) == pid && WEXITSTATUS(status) == 2, "child status %#x",
	       status);
	EXPECT(shared == 1, "the child's write reached the parent: %d", shared);
}

/* Addresses no process has mapped (read at run time: the compiler may not see them). */
static volatile unsigned long unmapped = 16;

static void segfault(void)
{
	*(volatile int *)unmapped = 1;
}

static void child_segfault_is_sigsegv(void)
{
	int status = run_in_child(segfault);

	EXPECT(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
	       "status %#x, not killed by SIGSEGV", status);
}

static void exit_group_status(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		syscall(SYS_exit_group, 7);
	EXPECT(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 7,
	       "status %#x", status);
}

static void wait_without_children_echild(void)
{
	EXPECT(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD, "errno %d", errno);
}

static int spawn_and_wait(const char *path)
{
	char *argv[] = { (char *)path, "from", "user_proc", NULL };
	int status = -1;
	pid_t pid;
	int err = posix_spawn(&pid, path, NULL, NULL, argv, environ);

	if (err) {
		ktap_fail(__LINE__, "posix_spawn %s: %d", path, err);
		return -1;
	}
	if (waitpid(pid, &status, 0) != pid)
		ktap_fail(__LINE__, "waitpid %s: errno %d", path, errno);
	return status;
}

static void spawn_hello_each_libc(void)
{
	static const char *const hellos[] = { "/bin/hello-musl", "/bin/hello-glibc",
					      "/bin/hello-glibc-pie" };

	for (size_t i = 0; i < sizeof(hellos) / sizeof(hellos[0]); i++) {
		int status;

		if (access(hellos[i], X_OK))
			continue;	/* not built for this arch */
		status = spawn_and_wait(hellos[i]);
		EXPECT(status == 0, "%s: status %#x", hellos[i], status);
	}
}

static void execve_missing_enoent(void)
{
	char *argv[] = { "nothing", NULL };

	EXPECT(execve("/bin/nothing-here", argv, environ) == -1 && errno == ENOENT,
	       "errno %d", errno);
}

/* Not executable (mode 0644): EACCES. Executable but no ELF file: ENOEXEC. */
static void execve_not_executable(void)
{
	char *argv[] = { "x", NULL };
	int fd;

	EXPECT(execve("/etc/issue", argv, environ) == -1 && errno == EACCES, "errno %d", errno);
	fd = open("/user_proc.sh", O_CREAT | O_TRUNC | O_WRONLY, 0755);
	EXPECT(fd >= 0 && write(fd, "echo hi\n", 8) == 8, "create: errno %d", errno);
	close(fd);
	EXPECT(execve("/user_proc.sh", argv, environ) == -1 && errno == ENOEXEC, "errno %d",
	       errno);
	unlink("/user_proc.sh");
}

/*
 * A real program with one field broken, written to a file and run: the
 * kernel refuses it, says why in its log, and the caller carries on. Every
 * field broken here lives in the program's first page, and the kernel refuses
 * on the headers before it reads a segment: the file is /bin/ktest-user's
 * first page and last byte at its full size, a hole of zeros between (copying
 * it all cost 1-2 M instructions), and each break rewrites that first page.
 */
enum { ELF_HEAD = 4096 };
static unsigned char elf_head[ELF_HEAD];

static int copy_program(void)
{
	int in = open("/bin/ktest-user", O_RDONLY), out;
	struct stat st;
	char last;

	if (in < 0 || fstat(in, &st) || st.st_size <= ELF_HEAD ||
	    pread(in, elf_head, ELF_HEAD, 0) != ELF_HEAD || pread(in, &last, 1, st.st_size - 1) != 1) {
		ktap_fail(__LINE__, "cannot read /bin/ktest-user");
		close(in);
		return -1;
	}
	close(in);
	out = open("/user_proc.broken", O_CREAT | O_TRUNC | O_WRONLY, 0755);
	EXPECT(out >= 0 && pwrite(out, &last, 1, st.st_size - 1) == 1, "cannot write the copy");
	close(out);
	return 0;
}

static int execve_broken(const char *what, void (*mutate)(unsigned char *elf))
{
	char *argv[] = { "broken", NULL };
	unsigned char head[ELF_HEAD];
	int fd = open("/user_proc.broken", O_WRONLY);

	memcpy(head, elf_head, ELF_HEAD);
	mutate(head);
	/* Closed before the execve(): Linux refuses to run a file open for writing. */
	EXPECT(fd >= 0 && pwrite(fd, head, ELF_HEAD, 0) == ELF_HEAD, "%s: cannot write", what);
	close(fd);
	execve("/user_proc.broken", argv, environ);
	return errno;
}

static void other_machine(unsigned char *elf)
{
	elf[18] ^= 0x5a;	/* e_machine */
}

static void huge_phnum(unsigned char *elf)
{
	elf[sizeof(void *) == 8 ? 56 : 44] = 0xff;	/* e_phnum */
	elf[sizeof(void *) == 8 ? 57 : 45] = 0xff;
}

/* Every segment's p_flags gets PF_W|PF_X: Special K never maps a page W+X. */
static void writable_code(unsigned char *elf)
{
	size_t phoff = sizeof(void *) == 8 ? *(uint64_t *)(elf + 32) : *(uint32_t *)(elf + 28);
	unsigned int phnum = *(uint16_t *)(elf + (sizeof(void *) == 8 ? 56 : 44));
	size_t phentsize = sizeof(void *) == 8 ? 56 : 32, flags = sizeof(void *) == 8 ? 4 : 24;

	for (unsigned int i = 0; i < phnum && phoff + (i + 1) * phentsize <= ELF_HEAD; i++)
		*(uint32_t *)(elf + phoff + i * phentsize + flags) |= 3;
}

static void execve_corrupt_elf_refused(void)
{
	int err;

	if (copy_program())
		return;
	err = execve_broken("other machine", other_machine);
	EXPECT(err == ENOEXEC, "other machine: errno %d", err);
	err = execve_broken("e_phnum 65535", huge_phnum);
	EXPECT(err == ENOEXEC, "e_phnum 65535: errno %d", err);
	err = execve_broken("W+X segments", writable_code);
	EXPECT(err == EINVAL, "W+X segments: errno %d", err);
	unlink("/user_proc.broken");
}

static void execve_bad_pointer_efault(void)
{
	char *argv[] = { "x", NULL };

	EXPECT(execve((const char *)unmapped, argv, environ) == -1 && errno == EFAULT,
	       "errno %d", errno);
}

/*
 * Fork until the kernel says EAGAIN (its thread table is full: the children
 * stay as zombies until reaped), then reap them all: no hang, no crash.
 */
static void fork_loop_eagain(void)
{
	pid_t pids[4096];
	int n = 0, err = 0;

	while (n < (int)(sizeof(pids) / sizeof(pids[0]))) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(0);
		if (pid < 0) {
			err = errno;
			break;
		}
		pids[n++] = pid;
	}
	/* EAGAIN: no thread slot left; ENOMEM: a small machine's memory ran out first. */
	EXPECT(err == EAGAIN || err == ENOMEM, "fork stopped with errno %d after %d children", err, n);
	for (int i = 0; i < n; i++) {
		int status = -1;

		EXPECT(waitpid(pids[i], &status, 0) == pids[i] && status == 0,
		       "child %d: status %#x", i, status);
	}
}

/*
 * clone()'s CLONE_CHILD_SETTID writes the child's id into the child's memory
 * as the child could write it: never through a read-only mapping (here one
 * of the child's, since fork gives it the parent's). Special K refuses the
 * clone (EFAULT); Linux makes the child and leaves the word alone. Either
 * way the word stays 0: had the id gone into a read-only page of code, the
 * child would have run its id as instructions.
 */
static void clone_settid_respects_read_only(void)
{
	int *word = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int status = -1;
	long pid;

	EXPECT(word != MAP_FAILED, "mmap: errno %d", errno);
#ifdef __x86_64__	/* clone(flags, stack, parent_tid, child_tid, tls) */
	pid = syscall(SYS_clone, CLONE_CHILD_SETTID | SIGCHLD, 0, NULL, word, 0);
#else			/* clone(flags, stack, parent_tid, tls, child_tid) */
	pid = syscall(SYS_clone, CLONE_CHILD_SETTID | SIGCHLD, 0, NULL, 0, word);
#endif
	if (pid == 0)
		_exit(*word == 0 ? 0 : 1);
	if (pid < 0) {
		EXPECT(errno == EFAULT, "clone: errno %d, not EFAULT", errno);
	} else {
		EXPECT(waitpid(pid, &status, 0) == pid && status == 0,
		       "the child's read-only word was written: status %#x", status);
	}
	EXPECT(*word == 0, "the parent's read-only word is %#x", *word);
	munmap(word, 4096);
}

/* The auxiliary vector execve() left this program, as the C library reads it: Linux's values. */
static void exec_auxv_as_linux(void)
{
	const ElfW(Phdr) *phdr = (const void *)getauxval(AT_PHDR);
	const unsigned char *random = (const void *)getauxval(AT_RANDOM);
	const char *execfn = (const char *)getauxval(AT_EXECFN);
	unsigned long loads = 0, nonzero = 0;

	EXPECT(getauxval(AT_PAGESZ) == 4096, "AT_PAGESZ %lu", getauxval(AT_PAGESZ));
	EXPECT(getauxval(AT_CLKTCK) == 100, "AT_CLKTCK %lu, not USER_HZ", getauxval(AT_CLKTCK));
	EXPECT(getauxval(AT_UID) == getuid() && getauxval(AT_EUID) == geteuid() &&
	       getauxval(AT_GID) == getgid() && getauxval(AT_EGID) == getegid(),
	       "AT_UID %lu AT_EUID %lu AT_GID %lu AT_EGID %lu", getauxval(AT_UID),
	       getauxval(AT_EUID), getauxval(AT_GID), getauxval(AT_EGID));
	EXPECT(getauxval(AT_SECURE) == 0, "AT_SECURE %lu", getauxval(AT_SECURE));
	EXPECT(getauxval(AT_PHENT) == sizeof(*phdr), "AT_PHENT %lu", getauxval(AT_PHENT));
	for (unsigned long i = 0; phdr && i < getauxval(AT_PHNUM); i++)
		loads += phdr[i].p_type == PT_LOAD;
	EXPECT(loads > 0, "no PT_LOAD among AT_PHNUM %lu headers at AT_PHDR", getauxval(AT_PHNUM));
	for (int i = 0; random && i < 16; i++)
		nonzero += random[i] != 0;
	EXPECT(nonzero > 0, "AT_RANDOM's 16 bytes are missing or all zero");
	EXPECT(execfn && access(execfn, X_OK) == 0, "AT_EXECFN %s is no program",
	       execfn ? execfn : "(none)");
}

static const struct ktap_case cases[] = {
	KTAP_CASE(fork_and_wait_exit_code),
	KTAP_CASE(child_sees_parent),
	KTAP_CASE(fork_copies_memory),
	KTAP_CASE(child_segfault_is_sigsegv),
	KTAP_CASE(exit_group_status),
	KTAP_CASE(wait_without_children_echild),
	KTAP_CASE(spawn_hello_each_libc),
	KTAP_CASE(execve_missing_enoent),
	KTAP_CASE(execve_not_executable),
	KTAP_CASE(execve_corrupt_elf_refused),
	KTAP_CASE(execve_bad_pointer_efault),
	KTAP_CASE(fork_loop_eagain),
	KTAP_CASE(clone_settid_respects_read_only),
	KTAP_CASE(exec_auxv_as_linux),
};
ktest_user_suite(user_proc, cases);
