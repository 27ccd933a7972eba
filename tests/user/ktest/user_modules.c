/*
 * user_modules: loadable modules from user space, through Linux's
 * interfaces only: init_module(2), finit_module(2) and delete_module(2)
 * (syscall(): the C libraries have no wrappers), /proc/modules, and the
 * programs /sbin/insmod, /sbin/rmmod and /sbin/lsmod (tests/user/kmod.c),
 * on the sample modules at /lib/modules/NAME.ko. Loads succeed once
 * (EEXIST the second time), removal of an unknown name is ENOENT and of a
 * module whose exports are used EWOULDBLOCK, a corrupt image is ENOEXEC
 * (the kernel logs why: tests/matrix looks for the line), one longer
 * than the kernel takes EFBIG, and a bad pointer anywhere is EFAULT. Every case removes what it loaded: the
 * kernel's runner counts free pages around the suite, so memory a load
 * or a removal kept makes the suite fail. (On Linux, ktest-user.h's check
 * of the suites, this one fails: these modules are Special K's.)
 */
#define _GNU_SOURCE	/* memmem() */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"

#define PAGE		4096UL
#define HELLO		"/lib/modules/hello.ko"
#define PROVIDER	"/lib/modules/export_provider.ko"
#define USER		"/lib/modules/export_user.ko"
#define SCRATCH		"/user_modules.ko"

/* Linux's uapi/linux/module.h */
#define MODULE_INIT_IGNORE_VERMAGIC	2
#define MODULE_INIT_COMPRESSED_FILE	4

#ifdef __x86_64__
#define KERNEL_ADDR	((void *)0xffffffff80100000UL)
#else
#define KERNEL_ADDR	((void *)0xf0100000UL)
#endif

extern char **environ;

static long init_module(const void *image, unsigned long len, const char *args)
{
	return syscall(SYS_init_module, image, len, args);
}

static long finit_module(int fd, const char *args, int flags)
{
	return syscall(SYS_finit_module, fd, args, flags);
}

static long delete_module(const char *name, unsigned int flags)
{
	return syscall(SYS_delete_module, name, flags);
}

/* The whole of a file, malloc()ed; NULL if it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
	char buf[1 << 16];	/* on the stack: ktest-user.h */
	int fd = open(path, O_RDONLY);
	ssize_t n;
	char *copy;

	*len = 0;
	while (fd >= 0 && *len < sizeof(buf) && (n = read(fd, buf + *len, sizeof(buf) - *len)) > 0)
		*len += n;
	if (fd >= 0)
		close(fd);
	copy = fd >= 0 ? malloc(*len + 1) : NULL;
	if (copy) {
		memcpy(copy, buf, *len);
		copy[*len] = '\0';
	}
	return copy;
}

/* The line /proc/modules has for name, its newline cut, in line; false when there is none. */
static bool proc_line(const char *name, char *line, size_t size)
{
	size_t len, n = strlen(name);
	char *text = slurp("/proc/modules", &len), *p;
	bool found = false;

	for (p = text; p && *p && !found; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p))
		if (!strncmp(p, name, n) && p[n] == ' ') {
			snprintf(line, size, "%.*s", (int)strcspn(p, "\n"), p);
			found = true;
		}
	free(text);
	return found;
}

static bool loaded(const char *name)
{
	char line[256];

	return proc_line(name, line, sizeof(line));
}

/*
 * Run the program argv[0] with its output (stdout and stderr) in out: its exit status, or -1.
 * vfork(), not fork(): the child, which only makes system calls, borrows this process's
 * memory until its execve(), where a fork would share every page and unmap them again.
 */
static int run(const char *const *argv, char *out, size_t size)
{
	int p[2], status;
	pid_t pid;
	ssize_t n;

	if (pipe(p))
		return -1;
	pid = vfork();
	if (pid == 0) {
		dup2(p[1], 1);
		dup2(p[1], 2);
		close(p[0]);
		close(p[1]);
		execve(argv[0], (char **)argv, environ);
		_exit(127);
	}
	close(p[1]);
	size_t len = 0;	/* not before vfork(): a register the child may clobber */
	while ((n = read(p[0], out + len, size - 1 - len)) > 0)
		len += n;
	out[len] = '\0';
	close(p[0]);
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* A line of /proc/modules in Linux's format, "NAME SIZE REFS USERS Live 0xADDR". */
static void check_proc_format(const char *line, const char *name, int refs, const char *users)
{
	char n[64], u[128], state[16];
	unsigned long size, addr;
	int r, end = 0;

	EXPECT(sscanf(line, "%63s %lu %d %127s %15s 0x%lx%n", n, &size, &r, u, state, &addr,
		      &end) == 6 && !line[end], "/proc/modules: \"%s\"", line);
	EXPECT(!strcmp(n, name) && r == refs && !strcmp(u, users) && !strcmp(state, "Live"),
	       "/proc/modules: \"%s\", not %s with %d user(s) %s", line, name, refs, users);
	EXPECT(size && size % PAGE == 0 && addr, "size %lu, address %#lx", size, addr);
}

static void proc_modules_file(void)
{
	struct stat st;
	DIR *d = opendir("/proc");
	struct dirent *e;
	int fd, seen = 0;

	EXPECT(stat("/proc/modules", &st) == 0 && S_ISREG(st.st_mode), "stat: errno %d", errno);
	EXPECT((st.st_mode & 0777) == 0444 && st.st_size == 0, "mode %o size %lld", st.st_mode,
	       (long long)st.st_size);
	while (d && (e = readdir(d)))
		seen |= !strcmp(e->d_name, "modules");
	EXPECT(seen, "readdir(/proc) lists no modules");
	if (d)
		closedir(d);
	fd = open("/proc/modules", O_WRONLY);
	EXPECT(fd >= 0 && write(fd, "x", 1) == -1 && errno == EIO, "write: errno %d", errno);
	close(fd);
	EXPECT(unlink("/proc/modules") == -1 && errno == EPERM, "unlink: errno %d", errno);
	EXPECT(unlinkat(AT_FDCWD, "/proc", AT_REMOVEDIR) == -1 && errno == EPERM,
	       "rmdir: errno %d", errno);
	EXPECT(open("/proc/mine", O_CREAT | O_WRONLY, 0644) == -1 && errno == EACCES,
	       "create: errno %d", errno);
	EXPECT(mkdirat(AT_FDCWD, "/proc/mine", 0755) == -1 && errno == EACCES,
	       "mkdir: errno %d", errno);
}

/* The kmod programs: insmod, lsmod's table, the errors in kmod's words, rmmod by path. */
static void insmod_lsmod_rmmod(void)
{
	const char *insmod[] = { "/sbin/insmod", HELLO, "whom=insmod", "times=2", NULL };
	const char *lsmod[] = { "/sbin/lsmod", NULL };
	const char *rmmod[] = { "/sbin/rmmod", HELLO, NULL };
	char out[2048], line[256], want[128];
	unsigned long size;

	EXPECT(run(insmod, out, sizeof(out)) == 0 && !out[0], "insmod: \"%s\"", out);
	EXPECT(proc_line("hello", line, sizeof(line)), "hello is not in /proc/modules");
	check_proc_format(line, "hello", 0, "-");
	sscanf(line, "%*s %lu", &size);
	EXPECT(run(lsmod, out, sizeof(out)) == 0, "lsmod: \"%s\"", out);
	EXPECT(!strncmp(out, "Module                  Size  Used by\n", 38), "lsmod: \"%s\"", out);
	snprintf(want, sizeof(want), "\n%-19s %8lu  0\n", "hello", size);
	EXPECT(strstr(out, want), "lsmod: \"%s\" has no \"%s\"", out, want + 1);
	EXPECT(run(insmod, out, sizeof(out)) == 1 && !strcmp(out, "insmod: ERROR: could not "
	       "insert module " HELLO ": File exists\n"), "insmod twice: \"%s\"", out);
	EXPECT(run(rmmod, out, sizeof(out)) == 0 && !out[0], "rmmod: \"%s\"", out);
	EXPECT(!loaded("hello"), "hello is still in /proc/modules");
	EXPECT(run(rmmod, out, sizeof(out)) == 1 && !strcmp(out, "rmmod: ERROR: Module hello is "
	       "not currently loaded\n"), "rmmod twice: \"%s\"", out);
	EXPECT(run(lsmod, out, sizeof(out)) == 0 && !strstr(out, "\nhello "), "lsmod: \"%s\"", out);
	/* An int parameter with no value: the monitor's insmod says the same (insmod_error.h). */
	insmod[2] = "times";
	insmod[3] = NULL;
	EXPECT(run(insmod, out, sizeof(out)) == 1 && !strcmp(out, "insmod: ERROR: could not "
	       "insert module " HELLO ": Invalid parameters\n"), "insmod times: \"%s\"", out);
}

/* Read a byte at a time, a /proc file is the same text as read at once. */
static void expect_same_bytewise(const char *path)
{
	int fd = open(path, O_RDONLY);
	char text[2048], *whole;
	size_t n = 0, len;

	while (fd >= 0 && n + 1 < sizeof(text) && read(fd, text + n, 1) == 1)
		n++;
	text[n] = '\0';
	close(fd);
	whole = slurp(path, &len);
	EXPECT(n && whole && !strcmp(whole, text), "bytewise \"%s\", at once \"%s\"", text, whole);
	free(whole);
}

static void finit_module_with_params(void)
{
	int fd = open(HELLO, O_RDONLY), wr = open(HELLO, O_WRONLY), dir = open("/", O_RDONLY);
	int p[2] = { -1, -1 };

	EXPECT(fd >= 0 && wr >= 0 && dir >= 0 && !pipe(p), "open: errno %d", errno);
	EXPECT(finit_module(fd, "times=2 whom=finit_module", 0) == 0, "errno %d", errno);
	EXPECT(loaded("hello"), "hello is not in /proc/modules");
	expect_same_bytewise("/proc/modules");
	EXPECT(finit_module(fd, "", 0) == -1 && errno == EEXIST, "twice: errno %d", errno);
	EXPECT(delete_module("hello", O_NONBLOCK) == 0, "delete: errno %d", errno);
	/* A value its type refuses: the parameters did reach the module. */
	EXPECT(finit_module(fd, "times=many", 0) == -1 && errno == EINVAL, "errno %d", errno);
	EXPECT(!loaded("hello"), "a refused load is listed");
	EXPECT(finit_module(fd, "", 8) == -1 && errno == EINVAL, "flag 8: errno %d", errno);
	EXPECT(finit_module(fd, "", MODULE_INIT_COMPRESSED_FILE) == -1 && errno == EOPNOTSUPP,
	       "compressed: errno %d", errno);
	EXPECT(finit_module(99, "", 0) == -1 && errno == EBADF, "fd 99: errno %d", errno);
	EXPECT(finit_module(wr, "", 0) == -1 && errno == EBADF, "write-only: errno %d", errno);
	EXPECT(finit_module(dir, "", 0) == -1 && errno == EINVAL, "directory: errno %d", errno);
	EXPECT(finit_module(p[0], "", 0) == -1 && errno == EINVAL, "pipe: errno %d", errno);
	close(fd);
	close(wr);
	close(dir);
	close(p[0]);
	close(p[1]);
}

static void init_module_from_memory(void)
{
	size_t len;
	char *image = slurp(HELLO, &len), name[100];

	EXPECT(image && len > 64, "read " HELLO);
	EXPECT(init_module(image, len, "whom=init_module") == 0, "errno %d", errno);
	EXPECT(loaded("hello"), "hello is not in /proc/modules");
	EXPECT(init_module(image, len, "") == -1 && errno == EEXIST, "twice: errno %d", errno);
	EXPECT(delete_module("hello", O_NONBLOCK) == 0, "delete: errno %d", errno);
	EXPECT(delete_module("hello", O_NONBLOCK) == -1 && errno == ENOENT, "again: errno %d",
	       errno);
	EXPECT(delete_module("no_such_module", 0) == -1 && errno == ENOENT, "errno %d", errno);
	EXPECT(delete_module("", 0) == -1 && errno == ENOENT, "empty name: errno %d", errno);
	memset(name, 'a', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	EXPECT(delete_module(name, 0) == -1 && errno == ENOENT, "long name: errno %d", errno);
	free(image);
}

static void exports_in_use_ewouldblock(void)
{
	const char *rmmod[] = { "/sbin/rmmod", "export_provider", NULL };
	const char *lsmod[] = { "/sbin/lsmod", NULL };
	int prov = open(PROVIDER, O_RDONLY), user = open(USER, O_RDONLY);
	char line[256], out[2048];

	EXPECT(finit_module(prov, "", 0) == 0, "provider: errno %d", errno);
	EXPECT(finit_module(user, "", 0) == 0, "user: errno %d", errno);
	EXPECT(proc_line("export_provider", line, sizeof(line)), "export_provider not listed");
	check_proc_format(line, "export_provider", 1, "export_user,");
	EXPECT(delete_module("export_provider", O_NONBLOCK) == -1 && errno == EWOULDBLOCK,
	       "errno %d", errno);
	/* O_TRUNC does not force it (no CONFIG_MODULE_FORCE_UNLOAD). */
	EXPECT(delete_module("export_provider", O_NONBLOCK | O_TRUNC) == -1 &&
	       errno == EWOULDBLOCK, "O_TRUNC: errno %d", errno);
	EXPECT(run(rmmod, out, sizeof(out)) == 1 && !strcmp(out, "rmmod: ERROR: Module "
	       "export_provider is in use by: export_user\n"), "rmmod: \"%s\"", out);
	EXPECT(run(lsmod, out, sizeof(out)) == 0 && strstr(out, "  1 export_user\n"),
	       "lsmod: \"%s\"", out);
	EXPECT(delete_module("export_user", O_NONBLOCK) == 0, "user: errno %d", errno);
	EXPECT(delete_module("export_provider", O_NONBLOCK) == 0, "provider: errno %d", errno);
	EXPECT(!loaded("export_provider") && !loaded("export_user"), "still listed");
	close(prov);
	close(user);
}

/* The copy of hello.ko in SCRATCH, with its vermagic changed; 0 if that went wrong. */
static int write_bad_vermagic(char *image, size_t len)
{
	char *magic = memmem(image, len, "vermagic=", 9);
	int fd = open(SCRATCH, O_CREAT | O_TRUNC | O_WRONLY, 0644);

	if (!magic || fd < 0)
		return 0;
	magic[9] ^= 1;
	if (write(fd, image, len) != (ssize_t)len)
		return 0;
	magic[9] ^= 1;
	close(fd);
	return 1;
}

static void corrupt_image_enoexec(void)
{
	size_t len;
	char *image = slurp(HELLO, &len);
	int fd;

	EXPECT(image && len > 64, "read " HELLO);
	image[0] ^= 0xff;	/* "not an ELF file", in the log */
	EXPECT(init_module(image, len, "") == -1 && errno == ENOEXEC, "magic: errno %d", errno);
	image[0] ^= 0xff;
	EXPECT(init_module(image, len / 2, "") == -1 && errno == ENOEXEC, "half: errno %d", errno);
	EXPECT(init_module(image, 10, "") == -1 && errno == ENOEXEC, "10 bytes: errno %d", errno);
	EXPECT(init_module(image, 0, "") == -1 && errno == ENOEXEC, "empty: errno %d", errno);
	EXPECT(write_bad_vermagic(image, len), "writing " SCRATCH ": errno %d", errno);
	fd = open(SCRATCH, O_RDONLY);
	EXPECT(finit_module(fd, "", 0) == -1 && errno == ENOEXEC, "vermagic: errno %d", errno);
	EXPECT(finit_module(fd, "", MODULE_INIT_IGNORE_VERMAGIC) == 0,
	       "MODULE_INIT_IGNORE_VERMAGIC: errno %d", errno);
	EXPECT(delete_module("hello", 0) == 0, "delete: errno %d", errno);
	close(fd);
	unlink(SCRATCH);
	EXPECT(!loaded("hello"), "hello is listed");
	free(image);
}

/*
 * Longer than the kernel's limit for a module file (2 MiB): EFBIG, before
 * anything is allocated or copied, so whatever the pointer.
 */
static void huge_image_efbig(void)
{
	EXPECT(init_module(NULL, (2UL << 20) + 1, "") == -1 && errno == EFBIG,
	       "2 MiB + 1: errno %d", errno);
	EXPECT(init_module(NULL, -1UL, "") == -1 && errno == EFBIG, "ULONG_MAX: errno %d", errno);
	EXPECT(!loaded("hello"), "hello is listed");
}

static void bad_pointers_efault(void)
{
	char *map = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0);
	void *bad[2] = { NULL, KERNEL_ADDR };
	int fd = open(HELLO, O_RDONLY);
	size_t len;
	char *image = slurp(HELLO, &len), *end;

	EXPECT(map != MAP_FAILED && image && fd >= 0, "mmap: errno %d", errno);
	munmap(map + PAGE, PAGE);
	end = map + PAGE;	/* unmapped from here */
	for (int i = 0; i < 2; i++) {
		EXPECT(init_module(bad[i], len, "") == -1 && errno == EFAULT, "image %p", bad[i]);
		EXPECT(init_module(image, len, bad[i]) == -1 && errno == EFAULT, "args %p", bad[i]);
		EXPECT(finit_module(fd, bad[i], 0) == -1 && errno == EFAULT, "finit args %p",
		       bad[i]);
		EXPECT(delete_module(bad[i], 0) == -1 && errno == EFAULT, "name %p", bad[i]);
	}
	/* Running off the end of a mapping: the image, the parameters, the name. */
	memcpy(end - 100, image, 100);
	EXPECT(init_module(end - 100, len, "") == -1 && errno == EFAULT, "image straddling");
	memcpy(end - 4, "a=bc", 4);
	EXPECT(init_module(image, len, end - 4) == -1 && errno == EFAULT, "args straddling");
	memcpy(end - 5, "hello", 5);
	EXPECT(delete_module(end - 5, 0) == -1 && errno == EFAULT, "name straddling");
	EXPECT(!loaded("hello"), "hello is listed");
	munmap(map, PAGE);
	close(fd);
	free(image);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(proc_modules_file),
	KTAP_CASE(insmod_lsmod_rmmod),
	KTAP_CASE(finit_module_with_params),
	KTAP_CASE(init_module_from_memory),
	KTAP_CASE(exports_in_use_ewouldblock),
	KTAP_CASE(corrupt_image_enoexec),
	KTAP_CASE(huge_image_efbig),
	KTAP_CASE(bad_pointers_efault),
};
ktest_user_suite(user_modules, cases);
