/*
 * user_procfs: /proc as ps, free, df and a student read it. meminfo in
 * Linux's layout, whose MemFree drops when a mapping's pages are touched
 * and comes back when it is unmapped, and whose Cached counts a file's
 * pages (the page cache) until the file is removed; mounts; /proc/self, a
 * link to the reader's own pid; /proc/PID/{stat,status,cmdline,wchan}: the
 * fields ps reads, cmdline equal to argv, and wchan naming the function a
 * sleeping child blocks in (the article's .sched.text skip), "0" for a
 * running one; a listing of /proc that shows a child while it lives and
 * not after.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ktest-user.h"

#define PAGE	4096UL
#define SLURP_SIZE	8192

/* The whole file, NUL-terminated (it may hold NULs: its length in *len); NULL if unreadable. */
static char *slurp(const char *path, size_t *len)
{
	static char *buf;	/* malloc()ed, not static: ktest-user.h */
	int fd = open(path, O_RDONLY);
	ssize_t n, total = 0;

	if (!buf)
		buf = malloc(SLURP_SIZE);
	if (fd < 0 || !buf) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	/* Small reads: the text must come right across several read() calls. */
	while (total < SLURP_SIZE - 1 && (n = read(fd, buf + total, 100)) > 0)
		total += n;
	close(fd);
	buf[total] = '\0';
	if (len)
		*len = total;
	return buf;
}

/* The value of "Name:" in /proc/meminfo, checking the line's layout; -1 if absent or malformed. */
static long meminfo_in(const char *text, const char *name)
{
	const char *line;
	size_t n = strlen(name);

	for (line = text; line && *line; line = strchr(line, '\n') + 1) {
		char *end = strchr(line, '\n');
		unsigned long kb;

		if (!end)
			return -1;
		if (strncmp(line, name, n) || line[n] != ':')
			continue;
		/* "Name:" padded to 16 columns, 8 for the number, " kB". */
		if (end - line != 16 + 8 + 3 || strncmp(end - 3, " kB", 3) ||
		    sscanf(line + 16, "%8lu", &kb) != 1)
			return -1;
		return kb;
	}
	return -1;
}

/* The same, read now: a file read (in small reads) for each value asked. */
static long meminfo(const char *name)
{
	return meminfo_in(slurp("/proc/meminfo", NULL), name);
}

static void meminfo_layout(void)
{
	static const char *const names[] = { "MemTotal", "MemFree", "MemAvailable", "Buffers",
					     "Cached", "SwapTotal", "SwapFree", "Shmem",
					     "SReclaimable" };
	/* One read: every value of the same moment. */
	const char *text = slurp("/proc/meminfo", NULL);
	long total = meminfo_in(text, "MemTotal"), free = meminfo_in(text, "MemFree");

	EXPECT(text && !strncmp(text, "MemTotal:", 9), "meminfo starts: %.30s", text ? text : "?");
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		EXPECT(meminfo_in(text, names[i]) >= 0, "%s: missing or not \"%s:%%8lu kB\"", names[i],
		       names[i]);
	EXPECT(free <= total && total > 1024, "MemTotal %ld, MemFree %ld", total, free);
}

/* 64 pages (256 kB) touched: MemFree falls by about that much, and comes back on munmap. */
static void meminfo_free_follows_pages(void)
{
	const size_t len = 64 * PAGE, kb = len / 1024;
	long before, touched, after;
	char *p;

	if (!on_special_k())
		return;	/* Linux's free count moves with everything else */
	before = meminfo("MemFree");
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	EXPECT(p != MAP_FAILED, "mmap: errno %d", errno);
	if (p == MAP_FAILED)
		return;
	for (size_t i = 0; i < len; i += PAGE)
		p[i] = 1;
	touched = meminfo("MemFree");
	munmap(p, len);
	after = meminfo("MemFree");
	EXPECT(before - touched >= (long)kb && before - touched < (long)kb * 2,
	       "MemFree %ld kB -> %ld kB after touching %zu kB", before, touched, kb);
	EXPECT(after - touched >= (long)kb, "MemFree %ld kB -> %ld kB after munmap of %zu kB",
	       touched, after, kb);
}

/* A file of 16 pages adds 64 kB to Cached (the page cache); its unlink takes them back. */
static void meminfo_cached_follows_files(void)
{
	char page[PAGE] = "";	/* on the stack: ktest-user.h */
	long before, written, removed;
	int fd;

	if (!on_special_k())
		return;	/* Linux's page cache moves with everything else */
	before = meminfo("Cached");
	fd = open("/user_procfs.cached", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	for (int i = 0; i < 16 && fd >= 0; i++)
		EXPECT(write(fd, page, PAGE) == PAGE, "write: errno %d", errno);
	close(fd);
	written = meminfo("Cached");
	unlink("/user_procfs.cached");
	removed = meminfo("Cached");
	EXPECT(fd >= 0 && written - before == 64, "Cached %ld kB -> %ld kB after a 64 kB file",
	       before, written);
	EXPECT(removed == before, "Cached %ld kB -> %ld kB after its unlink", written, removed);
}

static void mounts_root(void)
{
	char *text = slurp("/proc/mounts", NULL), *line;
	int lines = 0;

	EXPECT(text && strstr(text, "rootfs / rootfs rw"), "no root line: %s", text ? text : "?");
	for (line = text; line && *line; line = strchr(line, '\n') + 1) {
		char dev[64], dir[64], type[64], opts[128];
		int freq = -1, pass = -1;

		EXPECT(sscanf(line, "%63s %63s %63s %127s %d %d", dev, dir, type, opts, &freq,
			      &pass) == 6 && !freq && !pass && !strncmp(opts, "rw", 2),
		       "line %d: %.60s", lines, line);
		lines++;
		if (!strchr(line, '\n'))
			break;
	}
	EXPECT(lines >= 1, "%d lines", lines);
}

static void self_is_own_pid(void)
{
	char target[32] = "", want[32];
	int status;
	pid_t pid;

	snprintf(want, sizeof(want), "%d", getpid());
	EXPECT(readlink("/proc/self", target, sizeof(target) - 1) > 0 && !strcmp(target, want),
	       "/proc/self -> \"%s\", not %s", target, want);
	pid = fork();
	if (pid == 0) {
		memset(target, 0, sizeof(target));
		snprintf(want, sizeof(want), "%d", getpid());
		_exit(readlink("/proc/self", target, sizeof(target) - 1) > 0 &&
		      !strcmp(target, want) && !access("/proc/self/stat", R_OK) ? 0 : 1);
	}
	EXPECT(waitpid(pid, &status, 0) == pid && status == 0, "the child's /proc/self: %#x",
	       status);
}

static void cmdline_is_argv(void)
{
	char want[4096];
	size_t len, wlen = 0;
	char *text = slurp("/proc/self/cmdline", &len);
	char **argv = ktest_argv - 1;

	for (int i = 0; i <= ktest_argc && argv[i]; i++) {
		size_t n = strlen(argv[i]) + 1;

		if (wlen + n > sizeof(want))
			break;
		memcpy(want + wlen, argv[i], n);
		wlen += n;
	}
	EXPECT(text && len == wlen && !memcmp(text, want, len),
	       "cmdline %zu bytes \"%s\", argv %zu bytes \"%s\"", len, text ? text : "?", wlen,
	       want);
}

static void stat_and_status_self(void)
{
	char *text = slurp("/proc/self/stat", NULL), comm[64] = "", state = '?', *p;
	int pid = -1, ppid = -1, fields = 0;

	EXPECT(text && sscanf(text, "%d (%63[^)]) %c %d", &pid, comm, &state, &ppid) == 4,
	       "stat: %.60s", text ? text : "?");
	EXPECT(pid == getpid() && state == 'R' && ppid == getppid(),
	       "stat: pid %d state %c ppid %d (getpid %d, getppid %d)", pid, state, ppid,
	       getpid(), getppid());
	EXPECT(!strcmp(comm, "user_procfs"), "comm \"%s\"", comm);
	for (p = text ? strrchr(text, ')') : NULL; p && *p; p++)
		if (*p == ' ')
			fields++;
	EXPECT(fields + 2 == 52, "stat has %d fields, not 52", fields + 2);

	text = slurp("/proc/self/status", NULL);
	snprintf(comm, sizeof(comm), "\nPid:\t%d\nPPid:\t%d\n", getpid(), getppid());
	EXPECT(text && !strncmp(text, "Name:\tuser_procfs\n", 18) &&
	       strstr(text, "\nState:\tR (running)\n") && strstr(text, comm) &&
	       strstr(text, "\nUid:\t0\t0\t0\t0\n") && strstr(text, "\nGid:\t0\t0\t0\t0\n"),
	       "status: %s", text ? text : "?");
	text = slurp("/proc/self/wchan", NULL);
	EXPECT(text && !strcmp(text, "0"), "a running task's wchan \"%s\", not \"0\"",
	       text ? text : "?");
}

static bool listed(pid_t pid)
{
	DIR *dir = opendir("/proc");
	char want[32];
	struct dirent *e;
	bool found = false;

	snprintf(want, sizeof(want), "%d", pid);
	while (dir && (e = readdir(dir)))
		found |= !strcmp(e->d_name, want) && e->d_type == DT_DIR;
	if (dir)
		closedir(dir);
	return found;
}

/* The state letter of /proc/PID/stat, '?' when unreadable. */
static char state_of(pid_t pid)
{
	char path[64], state = '?', *text;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	text = slurp(path, NULL);
	if (text && strrchr(text, ')'))
		sscanf(strrchr(text, ')') + 1, " %c", &state);
	return state;
}

/* The wchan of child pid once it sleeps ("" if it never does), in buf. */
static void wchan_when_asleep(pid_t pid, char *buf, size_t size)
{
	char path[64], *text;
	int tries;

	/*
	 * Yields, not naps: the child runs on this CPU, so a yield lets it run
	 * until it sleeps, where under -icount a nap's every microsecond counts
	 * as instructions. A child preempted between set_current_state() and
	 * schedule() shows S with a wchan of "0" (it never got to sleep; Linux
	 * has the same window): that is not asleep yet either.
	 */
	snprintf(path, sizeof(path), "/proc/%d/wchan", pid);
	buf[0] = '\0';
	for (tries = 0; tries < 20000; tries++, sched_yield()) {
		if (state_of(pid) != 'S')
			continue;
		text = slurp(path, NULL);	/* slurp()'s buffer: copied before the next */
		snprintf(buf, size, "%s", text ? text : "");
		if (text && strcmp(buf, "0"))
			break;
	}
	EXPECT(state_of(pid) == 'S', "child's state %c, not S", state_of(pid));
}

/* Not a function of .sched.text: the primitives a sleeper calls on its way to sleep. */
static void not_sched_text(const char *wchan)
{
	static const char *const sched_text[] = { "schedule", "__schedule", "schedule_timeout",
						  "schedule_hrtimeout", "wait_for_completion",
						  "mutex_lock", "msleep" };

	for (size_t i = 0; i < sizeof(sched_text) / sizeof(sched_text[0]); i++)
		EXPECT(strcmp(wchan, sched_text[i]), "wchan names %s, a .sched.text function",
		       wchan);
}

/*
 * A child blocked reading an empty pipe sleeps in the pipe's read (which
 * calls schedule() itself); its wchan names that function. Then its end:
 * reaped, gone from /proc.
 */
static void wchan_of_pipe_reader(void)
{
	char path[64], wchan[128], c;
	int fds[2], status;
	pid_t pid;

	EXPECT(!pipe(fds), "pipe: errno %d", errno);
	pid = fork();
	if (pid == 0) {
		close(fds[1]);
		_exit(read(fds[0], &c, 1) == 1 ? 0 : 1);
	}
	close(fds[0]);
	EXPECT(listed(pid), "child %d is not in the listing of /proc", pid);
	wchan_when_asleep(pid, wchan, sizeof(wchan));
	EXPECT(strstr(wchan, "pipe_read") != NULL, "the pipe reader's wchan is \"%s\"", wchan);
	not_sched_text(wchan);
	EXPECT(write(fds[1], "x", 1) == 1, "write: errno %d", errno);
	close(fds[1]);
	EXPECT(waitpid(pid, &status, 0) == pid && status == 0, "child status %#x", status);
	EXPECT(!listed(pid), "reaped child %d still in /proc", pid);
	snprintf(path, sizeof(path), "/proc/%d/wchan", pid);
	EXPECT(access(path, F_OK) == -1 && errno == ENOENT, "%s after the reap: errno %d", path,
	       errno);
}

/*
 * A child in nanosleep() sleeps in schedule_hrtimeout(), a .sched.text
 * primitive: its wchan skips that and names the nanosleep code that called it.
 */
static void wchan_of_sleeper_skips_sched_text(void)
{
	struct timespec ts = { 30, 0 };
	char wchan[128];
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		nanosleep(&ts, NULL);
		_exit(1);
	}
	wchan_when_asleep(pid, wchan, sizeof(wchan));
	EXPECT(strstr(wchan, "nanosleep") != NULL, "the sleeper's wchan is \"%s\"", wchan);
	not_sched_text(wchan);
	kill(pid, SIGKILL);
	EXPECT(waitpid(pid, &status, 0) == pid && WIFSIGNALED(status), "child status %#x",
	       status);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(meminfo_layout),
	KTAP_CASE(meminfo_free_follows_pages),
	KTAP_CASE(meminfo_cached_follows_files),
	KTAP_CASE(mounts_root),
	KTAP_CASE(self_is_own_pid),
	KTAP_CASE(cmdline_is_argv),
	KTAP_CASE(stat_and_status_self),
	KTAP_CASE(wchan_of_pipe_reader),
	KTAP_CASE(wchan_of_sleeper_skips_sched_text),
};
ktest_user_suite(user_procfs, cases);
