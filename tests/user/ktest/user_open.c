/*
 * user_open: open()'s flags where they meet links and other processes.
 * O_WRONLY|O_TRUNC through a link empties the link's target, O_NOFOLLOW
 * refuses the link (ELOOP), O_CREAT|O_EXCL refuses it (EEXIST), as on
 * Linux; tests/initramfs/ holds the link /user_open-link -> user_open.tmp.
 *
 * Two processes racing to create the same names: lookup and creation are
 * one step under the file system's lock, so each name has exactly one
 * O_CREAT|O_EXCL winner, and an O_CREAT without O_TRUNC by the loser
 * never empties what the winner wrote. A forked child runs on its
 * parent's CPU, so the two meet where a tick preempts one of them inside
 * open(); 600 names make that happen many times a boot.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"

#define TARGET	"/user_open.tmp"
#define LINK	"/user_open-link"
#define NAMES	600

static void link_opened_for_truncation(void)
{
	struct stat st;
	int fd = open(TARGET, O_CREAT | O_EXCL | O_WRONLY, 0644);

	EXPECT(fd >= 0 && write(fd, "data", 4) == 4, "create: errno %d", errno);
	close(fd);
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
	EXPECT(unlink(TARGET) == 0, "unlink: errno %d", errno);
}

static void race_name(char *buf, size_t size, int i)
{
	snprintf(buf, size, "/user_open.race%d", i);
}

/*
 * Create names 0..NAMES-1 in turn, each with O_CREAT|O_EXCL; the winner
 * writes its mark, the loser opens the name again with plain O_CREAT
 * (which must find the winner's file and leave it whole). Both processes
 * chase the first name not yet made, so they meet at it. Returns the wins.
 */
static int race(char mark)
{
	char name[32];
	int wins = 0;

	for (int i = 0; i < NAMES; i++) {
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

static void racing_creates_are_exclusive(void)
{
	char name[32];
	int status = 0, child_wins = 0, wins, emptied = 0, both = 0, go[2];
	pid_t pid;
	char c;

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
	for (int i = 0; i < NAMES; i++) {
		struct stat st;

		race_name(name, sizeof(name), i);
		if (stat(name, &st) == 0 && st.st_size != 1)
			emptied++;
		EXPECT(unlink(name) == 0, "unlink %s: errno %d", name, errno);
	}
	both = wins + child_wins - NAMES;
	EXPECT(both == 0, "%d names won by both (parent %d, child %d of %d)", both, wins,
	       child_wins, NAMES);
	EXPECT(!emptied, "%d files emptied by a racing O_CREAT", emptied);
	printf("    # user_open: parent won %d, child %d of %d names\n", wins, child_wins, NAMES);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(link_opened_for_truncation),
	KTAP_CASE(racing_creates_are_exclusive),
};
ktest_user_suite(user_open, cases);
