/*
 * user_sys: the small system calls every C library uses (ids, credentials
 * and umask among them), and what the
 * kernel answers to a call it does not have (ENOSYS) and to bad pointers
 * (EFAULT: NULL, a kernel address, an unmapped page, a buffer running off
 * the end of a mapping, a read-only page written to). The kernel's runner
 * prints how many uaccess fixups the suite made it take.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ktest-user.h"

#define PAGE	4096UL

/*
 * The kernel starts this program itself (call_usermodehelper()), so it has
 * no parent process: getppid() is 0. A child's is this program's pid.
 */
static void ids(void)
{
	pid_t self = getpid(), child;
	int status = -1;

	EXPECT(self > 0, "getpid %d", self);
	EXPECT(syscall(SYS_gettid) == self, "gettid %ld, pid %d", syscall(SYS_gettid), self);
	EXPECT(getppid() == 0, "getppid %d of a program the kernel started", getppid());
	child = fork();
	if (child == 0)
		_exit(getppid() == self ? 0 : 1);
	EXPECT(child > 0 && waitpid(child, &status, 0) == child, "fork/waitpid: errno %d", errno);
	EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	       "the child's getppid() is not %d (status %#x)", self, status);
}

/* In a child: root sets another uid and gid, and then is no longer root. */
static void drop_root(void)
{
	gid_t groups[4] = { 7, 7, 7, 7 };

	if (getgroups(0, NULL) != 1 || getgroups(4, groups) != 1 || groups[0] != 0)
		_exit(1);
	if (setgid(0) || setgid(100) || getgid() != 100 || getegid() != 100)
		_exit(2);
	if (setuid(1000) || getuid() != 1000 || geteuid() != 1000)
		_exit(3);
	if (setuid(1000) || setuid(0) != -1 || errno != EPERM || setgid(0) != -1 || errno != EPERM)
		_exit(4);
	_exit(getuid() == 1000 && getgid() == 100 ? 0 : 5);
}

/* A root-only world: uid 0, gid 0, in group 0, as Linux's root may change. */
static void credentials(void)
{
	int status = run_in_child(drop_root);

	EXPECT(getuid() == 0 && geteuid() == 0 && getgid() == 0 && getegid() == 0,
	       "ids %d %d %d %d", getuid(), geteuid(), getgid(), getegid());
	EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0, "dropping root: status %#x "
	       "(exit 1 groups, 2 setgid, 3 setuid, 4 back to root, 5 ids after)", status);
	EXPECT(getuid() == 0, "the child's setuid() changed the parent");
}

/* umask comes off the mode of what open(O_CREAT) and mkdir() make; it is per process. */
static void umask_masks_new_files(void)
{
	mode_t old = umask(077);
	struct stat st;
	int fd;

	EXPECT(umask(027) == 077, "umask did not keep 077");
	fd = open("/user_sys_umask.tmp", O_CREAT | O_WRONLY | O_EXCL, 0666);
	EXPECT(fd >= 0 && fstat(fd, &st) == 0 && (st.st_mode & 0777) == 0640,
	       "open 0666 under 027: mode %o errno %d", st.st_mode & 0777, errno);
	close(fd);
	unlink("/user_sys_umask.tmp");
	EXPECT(mkdir("/user_sys_umask.d", 0777) == 0 && stat("/user_sys_umask.d", &st) == 0 &&
	       (st.st_mode & 0777) == 0750, "mkdir 0777 under 027: mode %o errno %d",
	       st.st_mode & 0777, errno);
	rmdir("/user_sys_umask.d");
	umask(old);
}

static void uname_fields(void)
{
	struct utsname u;

	EXPECT(uname(&u) == 0, "errno %d", errno);
	EXPECT(!strcmp(u.sysname, "Linux"), "sysname %s", u.sysname);
#ifdef __x86_64__
	EXPECT(!strcmp(u.machine, "x86_64"), "machine %s", u.machine);
#else
	EXPECT(!strncmp(u.machine, "armv7", 5), "machine %s", u.machine);
#endif
}

static long long ns(const struct timespec *t)
{
	return t->tv_sec * 1000000000LL + t->tv_nsec;
}

/*
 * 100 us, a tenth of a jiffy: the kernel's timer fires at a sleep's
 * deadline, not at the next tick, so no longer a sleep is needed to see
 * that one never ends early.
 */
static void clocks_advance_and_sleep(void)
{
	struct timespec a, b, nap = { 0, 100 * 1000 };

	EXPECT(clock_gettime(CLOCK_MONOTONIC, &a) == 0, "errno %d", errno);
	EXPECT(nanosleep(&nap, NULL) == 0, "nanosleep: errno %d", errno);
	EXPECT(clock_gettime(CLOCK_MONOTONIC, &b) == 0, "errno %d", errno);
	EXPECT(ns(&b) - ns(&a) >= 100 * 1000, "slept %lld ns", ns(&b) - ns(&a));
	EXPECT(clock_nanosleep(CLOCK_MONOTONIC, 0, &nap, NULL) == 0, "clock_nanosleep");
	EXPECT(clock_gettime(CLOCK_REALTIME, &a) == 0, "realtime: errno %d", errno);
	EXPECT(clock_gettime(12345, &a) == -1 && errno == EINVAL, "bad clock: errno %d", errno);
	EXPECT(sched_yield() == 0, "sched_yield: errno %d", errno);
}

/* A deadline 100 us ahead (TIMER_ABSTIME): on return the clock has reached it. */
static void absolute_sleep_reaches_deadline(void)
{
	struct timespec now, deadline;

	EXPECT(clock_gettime(CLOCK_MONOTONIC, &deadline) == 0, "errno %d", errno);
	deadline.tv_nsec += 100 * 1000;
	if (deadline.tv_nsec >= 1000 * 1000 * 1000) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000 * 1000 * 1000;
	}
	EXPECT(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == 0,
	       "clock_nanosleep: errno %d", errno);
	EXPECT(clock_gettime(CLOCK_MONOTONIC, &now) == 0, "errno %d", errno);
	EXPECT(ns(&now) >= ns(&deadline), "woke %lld ns early", ns(&deadline) - ns(&now));
}

/*
 * The kernel's gettimeofday (the system call: a C library may ask
 * clock_gettime instead) is the same clock in microseconds, read between
 * two clock_gettime() reads; clock_getres() is one cycle, under a second.
 */
/*
 * The wall clock starts at the battery clock's date (QEMU's: the host's UTC
 * at its start): 2024 or later, ahead of the monotonic clock by the years
 * since 1970, and gettimeofday() tells the same second.
 */
static void wall_clock_is_today(void)
{
	struct timespec real, mono;
	struct timeval tv;

	EXPECT(!clock_gettime(CLOCK_REALTIME, &real) && !clock_gettime(CLOCK_MONOTONIC, &mono) &&
	       !gettimeofday(&tv, NULL), "errno %d", errno);
	EXPECT(real.tv_sec >= 1704067200, "CLOCK_REALTIME %lld s: before 2024",
	       (long long)real.tv_sec);
	EXPECT(real.tv_sec - mono.tv_sec > 1704067200 - 86400 * 365,
	       "CLOCK_REALTIME %lld s, CLOCK_MONOTONIC %lld s", (long long)real.tv_sec,
	       (long long)mono.tv_sec);
	EXPECT(tv.tv_sec - real.tv_sec >= 0 && tv.tv_sec - real.tv_sec <= 2,
	       "gettimeofday %lld s, CLOCK_REALTIME %lld s", (long long)tv.tv_sec,
	       (long long)real.tv_sec);
}

#ifdef SYS_time
/* x86_64's time(): the wall clock's seconds, returned and stored (busybox's date asks it). */
static void time_is_the_wall_clock(void)
{
	struct timespec before, after;
	long t = 0, r;

	clock_gettime(CLOCK_REALTIME, &before);
	r = syscall(SYS_time, &t);
	clock_gettime(CLOCK_REALTIME, &after);
	EXPECT(r == t && r >= before.tv_sec && r <= after.tv_sec,
	       "time() %ld, stored %ld, CLOCK_REALTIME %lld..%lld", r, t,
	       (long long)before.tv_sec, (long long)after.tv_sec);
	EXPECT(syscall(SYS_time, NULL) >= r, "time(NULL) went back");
	EXPECT(syscall(SYS_time, (long *)8) == -1 && errno == EFAULT, "time(8): errno %d", errno);
}
#endif

/* prctl(PR_SET_NAME): the name PR_GET_NAME and /proc/self/stat show, cut to 15 bytes. */
static void prctl_names_the_thread(void)
{
	char name[16] = "", stat[128] = "", old[16] = "";
	int fd;
	ssize_t n;

	EXPECT(!prctl(PR_GET_NAME, old) && !prctl(PR_SET_NAME, "a-name-longer-than-15") &&
	       !prctl(PR_GET_NAME, name) && !strcmp(name, "a-name-longer-t"),
	       "PR_GET_NAME after PR_SET_NAME: \"%s\", errno %d", name, errno);
	fd = open("/proc/self/stat", O_RDONLY);
	n = fd < 0 ? -1 : read(fd, stat, sizeof(stat) - 1);
	close(fd);
	EXPECT(n > 0 && strstr(stat, " (a-name-longer-t) "), "/proc/self/stat: %s", stat);
	EXPECT(prctl(PR_SET_NAME, (char *)8) == -1 && errno == EFAULT, "bad name: errno %d", errno);
	EXPECT(prctl(-1, 0) == -1 && errno == EINVAL, "option -1: errno %d", errno);
	prctl(PR_SET_NAME, old);
}

/*
 * syslog(2), what dmesg reads: the kernel's messages as "<level>[time] text"
 * lines. On Special K a refused execve() logs a line, which must be the
 * log's last; after SYSLOG_ACTION_CLEAR it is no longer read (on a Linux
 * host the log is only read: clearing it is not this test's to do).
 */
#define WHAT	"execve(\"/bin/not-elf\"): bad magic"

static void syslog_reads_the_kernel_log(void)
{
	char log[16384 + 1];	/* on the stack: ktest-user.h */
	char *argv[] = { "/bin/not-elf", NULL }, *line = NULL;
	int size = klogctl(10, NULL, 0), n, status;

	EXPECT(size > 0, "SYSLOG_ACTION_SIZE_BUFFER: %d, errno %d", size, errno);
	EXPECT(klogctl(3, NULL, 10) == -1 && errno == EINVAL, "READ_ALL into NULL: errno %d",
	       errno);
	EXPECT(klogctl(3, log, -1) == -1 && errno == EINVAL, "length -1: errno %d", errno);
	EXPECT(klogctl(99, NULL, 0) == -1 && errno == EINVAL, "action 99: errno %d", errno);
	if (!on_special_k())
		return;
	status = run_program(argv);
	EXPECT(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == ENOEXEC,
	       "execve(/bin/not-elf): status %#x", status);
	n = klogctl(3, log, sizeof(log) - 1);
	log[n > 0 ? n : 0] = '\0';
	/* The last such line: the fuzzer's execve()s of it may have logged earlier ones. */
	for (char *p = strstr(log, WHAT); p; p = strstr(p + 1, WHAT))
		line = p;
	EXPECT(n > 0 && n <= size && line && !strchr(line, '\n')[1],
	       "READ_ALL (%d bytes) does not end with the execve line: ...%s", n,
	       n > 80 ? log + n - 80 : log);
	while (line && line > log && line[-1] != '\n')
		line--;
	EXPECT(line && !strncmp(line, "<6>[", 4) && strstr(line, "] "), "the line's form: %.40s",
	       line ? line : "");
	EXPECT(klogctl(5, NULL, 0) == 0 && klogctl(3, log, sizeof(log) - 1) >= 0,
	       "CLEAR, READ_ALL: errno %d", errno);
	n = klogctl(3, log, sizeof(log) - 1);
	log[n > 0 ? n : 0] = '\0';
	EXPECT(n >= 0 && !strstr(log, "/bin/not-elf"), "READ_ALL after CLEAR: %d bytes: %s", n,
	       log);
}

static void gettimeofday_and_getres(void)
{
	struct timespec a, b, res;
	struct { long sec, usec; } tv;
	long long us;

	EXPECT(clock_gettime(CLOCK_REALTIME, &a) == 0, "errno %d", errno);
	EXPECT(syscall(SYS_gettimeofday, &tv, NULL) == 0, "gettimeofday: errno %d", errno);
	EXPECT(clock_gettime(CLOCK_REALTIME, &b) == 0, "errno %d", errno);
	us = tv.sec * 1000000LL + tv.usec;
	EXPECT(tv.usec >= 0 && tv.usec < 1000000, "%ld us", tv.usec);
	EXPECT(ns(&a) / 1000 <= us && us <= ns(&b) / 1000, "%lld us, not between %lld and %lld ns",
	       us, ns(&a), ns(&b));
	EXPECT(clock_getres(CLOCK_MONOTONIC, &res) == 0, "clock_getres: errno %d", errno);
	EXPECT(res.tv_sec == 0 && res.tv_nsec >= 1 && res.tv_nsec < 1000 * 1000 * 1000,
	       "resolution %lld.%09ld s", (long long)res.tv_sec, res.tv_nsec);
}

static void getrandom_fills(void)
{
	unsigned char a[32] = { 0 }, b[32] = { 0 };

	EXPECT(getrandom(a, sizeof(a), 0) == sizeof(a), "errno %d", errno);
	EXPECT(getrandom(b, sizeof(b), 0) == sizeof(b), "errno %d", errno);
	EXPECT(memcmp(a, b, sizeof(a)), "two draws are equal");
}

/* A number no kernel gives (past every table): ENOSYS, and the kernel says so once. */
static void unknown_call_enosys(void)
{
	EXPECT(syscall(4000) == -1 && errno == ENOSYS, "errno %d", errno);
	EXPECT(syscall(4000) == -1 && errno == ENOSYS, "again: errno %d", errno);
}

#ifdef __x86_64__
#define KERNEL_ADDR	((void *)0xffffffff80100000UL)
#else
#define KERNEL_ADDR	((void *)0xf0100000UL)
#endif

/* The calls themselves, not the C library's wrappers that copy the result. */
#ifdef SYS_newfstatat
#define SYS_STAT	SYS_newfstatat
#else
#define SYS_STAT	SYS_fstatat64
#endif

/* The system call itself: Linux's C libraries read the clock in the vDSO, in user space. */
static long sys_clock_gettime(void *ts)
{
	return syscall(SYS_clock_gettime, CLOCK_MONOTONIC, ts);
}

static void bad_pointers_efault(void)
{
	char *map = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0);
	char *end, *ro;
	void *bad[3] = { NULL, KERNEL_ADDR, NULL };
	int fd = open("/hello.txt", O_RDONLY), dir = open("/", O_RDONLY | O_DIRECTORY);

	EXPECT(map != MAP_FAILED, "mmap: errno %d", errno);
	munmap(map + PAGE, PAGE);
	end = map + PAGE;		/* unmapped from here */
	bad[2] = end;
	for (int i = 0; i < 3; i++) {
		EXPECT(write(1, bad[i], 4) == -1 && errno == EFAULT, "write from %p", bad[i]);
		EXPECT(sys_clock_gettime(bad[i]) == -1 && errno == EFAULT, "clock_gettime to %p",
		       bad[i]);
		EXPECT(uname(bad[i]) == -1 && errno == EFAULT, "uname to %p", bad[i]);
		EXPECT(syscall(SYS_openat, AT_FDCWD, bad[i], 0) == -1 && errno == EFAULT,
		       "open of %p", bad[i]);
		EXPECT(syscall(SYS_STAT, AT_FDCWD, "/hello.txt", bad[i], 0) == -1 &&
		       errno == EFAULT, "stat to %p", bad[i]);
		EXPECT(getrandom(bad[i], 8, 0) == -1 && errno == EFAULT, "getrandom to %p", bad[i]);
		EXPECT(read(fd, bad[i], 4) == -1 && errno == EFAULT, "read to %p", bad[i]);
		EXPECT(syscall(SYS_getdents64, dir, bad[i], 512) == -1 && errno == EFAULT,
		       "getdents64 to %p", bad[i]);
		EXPECT(readlink("/hello-link", bad[i], 16) == -1 && errno == EFAULT,
		       "readlink to %p", bad[i]);
		EXPECT(syscall(SYS_statx, AT_FDCWD, "/", 0, 0x7ff, bad[i]) == -1 && errno == EFAULT,
		       "statx to %p", bad[i]);
		EXPECT(syscall(SYS_pipe2, bad[i], 0) == -1 && errno == EFAULT, "pipe2 to %p", bad[i]);
		EXPECT(syscall(SYS_writev, 1, bad[i], 1) == -1 && errno == EFAULT,
		       "writev of %p", bad[i]);
	}
	/* Straddling the end of the mapping: the part that is there is not enough. */
	EXPECT(sys_clock_gettime(end - 4) == -1 && errno == EFAULT,
	       "timespec straddling the end: errno %d", errno);
	EXPECT(uname((void *)(end - 100)) == -1 && errno == EFAULT, "uname straddling");
	EXPECT(syscall(SYS_openat, AT_FDCWD, memcpy(end - 4, "/etc", 4), 0) == -1 &&
	       errno == EFAULT, "a path with no NUL before the end: errno %d", errno);
	/* A read-only page, written by the kernel. */
	ro = map;
	EXPECT(mprotect(ro, PAGE, PROT_READ) == 0, "mprotect: errno %d", errno);
	EXPECT(sys_clock_gettime(ro) == -1 && errno == EFAULT,
	       "clock_gettime into a read-only page: errno %d", errno);
	EXPECT(getrandom(ro, 8, 0) == -1 && errno == EFAULT, "getrandom into read-only");
	EXPECT(read(fd, ro, 4) == -1 && errno == EFAULT, "read into read-only");
	munmap(map, PAGE);
	close(fd);
	close(dir);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(ids),
	KTAP_CASE(credentials),
	KTAP_CASE(umask_masks_new_files),
	KTAP_CASE(uname_fields),
	KTAP_CASE(clocks_advance_and_sleep),
	KTAP_CASE(absolute_sleep_reaches_deadline),
	KTAP_CASE(gettimeofday_and_getres),
	KTAP_CASE(wall_clock_is_today),
	KTAP_CASE(prctl_names_the_thread),
	KTAP_CASE(syslog_reads_the_kernel_log),
#ifdef SYS_time
	KTAP_CASE(time_is_the_wall_clock),
#endif
	KTAP_CASE(getrandom_fills),
	KTAP_CASE(unknown_call_enosys),
	KTAP_CASE(bad_pointers_efault),
};
ktest_user_suite(user_sys, cases);
