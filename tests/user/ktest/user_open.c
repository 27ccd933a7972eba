/*
 * user_open: open()'s flags where they meet links and other processes.
 * O_WRONLY|O_TRUNC through a link empties the link's target, O_NOFOLLOW
 * refuses the link (ELOOP), O_CREAT|O_EXCL refuses it (EEXIST), as on
 * Linux; tests/initramfs/ holds the link /user_open-link -> user_open.txt,
 * whose "data" the case changes and puts back.
 *
 * Two processes racing to create the same names: lookup and creation are
 * one step under the file system's lock, so each name has exactly one
 * O_CREAT|O_EXCL winner, and an O_CREAT without O_TRUNC by the loser
 * never empties what the winner wrote. A forked child runs on its
 * parent's CPU, so the two meet where a slice's end preempts one inside
 * open(), more often as the directory grows: 600 names (the matrix's
 * *-open-race lines, ktest.user_args=names=600) make that happen many
 * times a boot; every other boot races for 40, inside its budget of
 * instructions (the lookups grow as the square of the names).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"

#define TARGET	"/user_open.txt"
#define LINK	"/user_open-link"
#define MAX_NAMES	5000

static int names = 40;

static void link_opened_for_truncation(void)
{
	struct stat st;
	int fd;

	EXPECT(stat(TARGET, &st) == 0 && st.st_size == 4, "size %lld", (long long)st.st_size);
	fd = open(LINK, O_WRONLY | O_TRUNC);
	EXPECT(fd >= 0, "O_WRONLY|O_TRUNC through the link: errno %d", errno);
	EXPECT(stat(TARGET, &st) == 0 && st.st_size == 0, "target not emptied: size %lld",
	       (long long)st.st_size);
	EXPECT(fd < 0 || write(fd, "new", 3) == 3, "write: errno %d", errno);
	close(fd);
	EXPECT(stat(TARGET, &st) == 0 && st.st_size == 3, "size %lld", (long long)st.st_size);
	EXPECT(open(LINK, O_WRONLY | O_NOFOLLOW) == -1 && errno == ELOOP,
	       "O_NOFOLLOW: errno %d", errno);
	EXPECT(open(LINK, O_CREAT | O_EXCL | O_WRONLY, 0644) == -1 && errno == EEXIST,
	       "O_CREAT|O_EXCL: errno %d", errno);
	fd = open(LINK, O_CREAT | O_WRONLY, 0644);
	EXPECT(fd >= 0, "O_CREAT through the link: errno %d", errno);
	close(fd);
	EXPECT(stat(TARGET, &st) == 0 && st.st_size == 3, "O_CREAT emptied it: size %lld",
	       (long long)st.st_size);
	fd = open(TARGET, O_WRONLY | O_TRUNC);
	EXPECT(fd >= 0 && write(fd, "data", 4) == 4, "put back: errno %d", errno);
	close(fd);
}

static void race_name(char *buf, size_t size, int i)
{
	snprintf(buf, size, "/user_open.race%d", i);
}

/*
 * Create names 0..names-1 in turn, each with O_CREAT|O_EXCL; the winner
 * writes its mark, the loser opens the name again with plain O_CREAT
 * (which must find the winner's file and leave it whole). Both processes
 * chase the first name not yet made, so they meet at it. Returns the wins.
 */
static int race(char mark)
{
	char name[32];
	int wins = 0;

	for (int i = 0; i < names; i++) {
		int fd;

		race_name(name, sizeof(name), i);
		fd = open(name, O_CREAT | O_EXCL | O_WRONLY, 0644);
		if (fd >= 0) {
			wins++;
			(void)!write(fd, &mark, 1);	/* a short file is counted below */
		} else {
			fd = open(name, O_CREAT | O_WRONLY, 0644);
		}
		close(fd);
	}
	return wins;
}

/* ktest.user_args: names=N, the names to race for; other suites' words are theirs. */
static bool parse_args(void)
{
	for (int i = 0; i < ktest_argc; i++) {
		char *end;

		if (strncmp(ktest_argv[i], "names=", 6))
			continue;
		names = strtol(ktest_argv[i] + 6, &end, 0);
		if (*end || names < 1 || names > MAX_NAMES) {
			EXPECT(0, "\"%s\": 1 to %d names", ktest_argv[i], MAX_NAMES);
			return false;
		}
	}
	return true;
}

static void racing_creates_are_exclusive(void)
{
	char name[32];
	int status = 0, child_wins = 0, wins, emptied = 0, both = 0, go[2];
	pid_t pid;
	char c;

	if (!parse_args())
		return;
	EXPECT(pipe(go) == 0, "pipe: errno %d", errno);
	pid = fork();
	EXPECT(pid >= 0, "fork: errno %d", errno);
	if (pid < 0)
		return;
	if (pid == 0) {
		/* Running: the parent starts as this starts, so that the two meet. */
		if (write(go[1], "g", 1) == 1)
			child_wins = race('c');
		_exit(write(go[1], &child_wins, sizeof(child_wins)) == sizeof(child_wins) ? 0 : 1);
	}
	EXPECT(read(go[0], &c, 1) == 1, "child never started: errno %d", errno);
	wins = race('p');
	EXPECT(waitpid(pid, &status, 0) == pid && status == 0, "child: status %#x", status);
	EXPECT(read(go[0], &child_wins, sizeof(child_wins)) == sizeof(child_wins),
	       "child's count: errno %d", errno);
	close(go[0]);
	close(go[1]);
	for (int i = 0; i < names; i++) {
		struct stat st;

		race_name(name, sizeof(name), i);
		if (stat(name, &st) == 0 && st.st_size != 1)
			emptied++;
		EXPECT(unlink(name) == 0, "unlink %s: errno %d", name, errno);
	}
	both = wins + child_wins - names;
	EXPECT(both == 0, "%d names won by both (parent %d, child %d of %d)", both, wins,
	       child_wins, names);
	EXPECT(!emptied, "%d files emptied by a racing O_CREAT", emptied);
	printf("    # user_open: parent won %d, child %d of %d names\n", wins, child_wins, names);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(link_opened_for_truncation),
	KTAP_CASE(racing_creates_are_exclusive),
};
ktest_user_suite(user_open, cases);
