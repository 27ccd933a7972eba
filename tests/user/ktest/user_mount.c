/*
 * user_mount: mount() of a tmpfs on a folder and umount2() of it, as
 * `mount -t tmpfs none DIR` and `umount DIR` make them. The folder then
 * shows a new, empty tree (what it held is hidden, and back after the
 * umount); /proc/mounts lists it; ".." and getcwd() go through the folder;
 * the mount point cannot be removed or renamed (EBUSY), nor the tree
 * unmounted while a file of it is open or a process works in it (EBUSY).
 * The errors are Linux's. On a Linux host, as root, it mounts for real.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ktest-user.h"

#define DIR	"/user_mount.dir"

static bool exists(const char *path)
{
	return access(path, F_OK) == 0;
}

/* Is there a /proc/mounts line for DIR of type tmpfs? */
static bool listed(void)
{
	char text[8192];	/* on the stack: ktest-user.h */
	int fd = open("/proc/mounts", O_RDONLY);
	ssize_t n, len = 0;

	while (fd >= 0 && len < (ssize_t)sizeof(text) - 1 &&
	       (n = read(fd, text + len, sizeof(text) - 1 - len)) > 0)
		len += n;
	close(fd);
	text[len] = '\0';
	return strstr(text, "none " DIR " tmpfs rw") != NULL;
}

static void tmpfs_on_a_folder(void)
{
	char cwd[PATH_MAX] = "";
	int fd;

	EXPECT(!mkdir(DIR, 0755) && close(open(DIR "/under", O_WRONLY | O_CREAT, 0644)) == 0,
	       "the folder: errno %d", errno);
	EXPECT(!mount("none", DIR, "tmpfs", 0, NULL), "mount: errno %d", errno);
	EXPECT(!exists(DIR "/under") && listed(), "after mount: under %d, listed %d",
	       exists(DIR "/under"), listed());
	EXPECT(!mkdir(DIR "/d", 0755) && close(open(DIR "/d/f", O_WRONLY | O_CREAT, 0644)) == 0 &&
	       exists(DIR "/d/f"), "a file in the tree: errno %d", errno);
	EXPECT(!chdir(DIR "/d") && getcwd(cwd, sizeof(cwd)) && !strcmp(cwd, DIR "/d") &&
	       exists("../d/f") && exists("../../user_mount.dir/d"), "getcwd %s, errno %d", cwd,
	       errno);
	EXPECT(umount(DIR) == -1 && errno == EBUSY, "umount with a working directory in it: "
	       "errno %d", errno);
	EXPECT(!chdir("/"), "chdir /: errno %d", errno);
	EXPECT(rmdir(DIR) == -1 && errno == EBUSY, "rmdir of the mount point: errno %d", errno);
	EXPECT(rename(DIR, DIR ".x") == -1 && errno == EBUSY, "rename of it: errno %d", errno);
	fd = open(DIR "/d/f", O_RDONLY);
	EXPECT(umount(DIR) == -1 && errno == EBUSY, "umount with an open file: errno %d", errno);
	close(fd);
	EXPECT(!umount(DIR), "umount: errno %d", errno);
	EXPECT(exists(DIR "/under") && !exists(DIR "/d") && !listed(),
	       "after umount: under %d, d %d, listed %d", exists(DIR "/under"), exists(DIR "/d"),
	       listed());
	unlink(DIR "/under");
	rmdir(DIR);
}

static void mount_errors(void)
{
	EXPECT(!mkdir(DIR, 0755) && close(open(DIR "/f", O_WRONLY | O_CREAT, 0644)) == 0,
	       "the folder: errno %d", errno);
	EXPECT(mount("none", DIR, "no-such-fs", 0, NULL) == -1 && errno == ENODEV,
	       "an unknown type: errno %d", errno);
	EXPECT(mount("none", DIR "/none", "tmpfs", 0, NULL) == -1 && errno == ENOENT,
	       "no folder: errno %d", errno);
	EXPECT(mount("none", DIR "/f", "tmpfs", 0, NULL) == -1 && errno == ENOTDIR,
	       "a file: errno %d", errno);
	EXPECT(mount("none", DIR, "tmpfs", MS_REMOUNT, NULL) == -1 && errno == EINVAL,
	       "MS_REMOUNT of what is no mount: errno %d", errno);
	EXPECT(umount(DIR) == -1 && errno == EINVAL, "umount of a plain folder: errno %d", errno);
	EXPECT(umount(DIR "/none") == -1 && errno == ENOENT, "umount of nothing: errno %d",
	       errno);
	unlink(DIR "/f");
	rmdir(DIR);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(tmpfs_on_a_folder),
	KTAP_CASE(mount_errors),
};
ktest_user_suite(user_mount, cases);
