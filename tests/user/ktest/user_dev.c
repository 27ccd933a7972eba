/*
 * user_dev: the character devices of /dev, by their effects, as a program
 * meets them on Linux: /dev/null swallows writes and reads as end of file,
 * and stays a device after a write (were it a plain file, the bytes would
 * be kept); /dev/zero reads zeros; /dev/console takes writes; /dev/tty, the
 * controlling terminal, is ENXIO for a process that has none (on Special K
 * no process has one; on Linux a process started from a shell does, so the
 * case only runs here). stat() gives each its type and Linux's numbers.
 * mknod() makes a device node that works as the archive's do, and refuses
 * what the file system cannot hold. Device numbers too big for the old
 * 8-bit encoding survive stat() and statx().
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "ktest-user.h"

#define NODE	"/user_dev.node"

/* path is a character device numbered major:minor. */
static void expect_chrdev(const char *path, unsigned int major, unsigned int minor)
{
	struct stat st;

	EXPECT(stat(path, &st) == 0, "stat %s: errno %d", path, errno);
	EXPECT(S_ISCHR(st.st_mode), "%s: mode %#o, not a character device", path, st.st_mode);
	EXPECT(major(st.st_rdev) == major && minor(st.st_rdev) == minor,
	       "%s: device %u:%u, not %u:%u", path, major(st.st_rdev), minor(st.st_rdev), major,
	       minor);
}

static void null_swallows_writes(void)
{
	char buf[64] = "bytes that must go nowhere";
	int fd = open("/dev/null", O_RDWR);

	EXPECT(fd >= 0, "open /dev/null: errno %d", errno);
	EXPECT(write(fd, buf, sizeof(buf)) == sizeof(buf), "write: errno %d", errno);
	EXPECT(read(fd, buf, sizeof(buf)) == 0, "read is not end of file");
	EXPECT(lseek(fd, 100, SEEK_SET) == 0, "lseek lands at 0 on Linux's null");
	close(fd);
	expect_chrdev("/dev/null", 1, 3);
	fd = open("/dev/null", O_RDONLY);
	EXPECT(read(fd, buf, sizeof(buf)) == 0, "the bytes written were kept");
	close(fd);
}

static void zero_reads_zeros(void)
{
	char buf[700];
	int fd = open("/dev/zero", O_RDONLY);

	memset(buf, 0xa5, sizeof(buf));
	EXPECT(fd >= 0, "open /dev/zero: errno %d", errno);
	EXPECT(read(fd, buf, sizeof(buf)) == sizeof(buf), "read: errno %d", errno);
	for (size_t i = 0; i < sizeof(buf); i++)
		if (buf[i]) {
			EXPECT(0, "byte %zu is %#x", i, buf[i] & 0xff);
			break;
		}
	close(fd);
	expect_chrdev("/dev/zero", 1, 5);
}

static void console_takes_writes(void)
{
	static const char line[] = "    # user_dev: written to /dev/console\n";
	int fd = open("/dev/console", O_WRONLY);

	EXPECT(fd >= 0, "open /dev/console: errno %d", errno);
	EXPECT(write(fd, line, sizeof(line) - 1) == sizeof(line) - 1, "write: errno %d", errno);
	EXPECT(lseek(fd, 0, SEEK_SET) == -1 && errno == ESPIPE, "lseek: errno %d", errno);
	close(fd);
	expect_chrdev("/dev/console", 5, 1);
	expect_chrdev("/dev/tty", 5, 0);
	if (on_special_k())
		EXPECT(open("/dev/tty", O_RDWR) == -1 && errno == ENXIO,
		       "open /dev/tty with no controlling terminal: errno %d", errno);
}

static void mknod_makes_devices(void)
{
	char buf[16] = "x";
	int fd;

	unlink(NODE);
	EXPECT(mknod(NODE, S_IFCHR | 0600, makedev(1, 5)) == 0, "mknod: errno %d", errno);
	expect_chrdev(NODE, 1, 5);
	fd = open(NODE, O_RDONLY);
	EXPECT(fd >= 0 && read(fd, buf, sizeof(buf)) == sizeof(buf) && !buf[0],
	       "a new zero device did not read zeros");
	close(fd);
	EXPECT(mknod(NODE, S_IFCHR | 0600, makedev(1, 5)) == -1 && errno == EEXIST,
	       "mknod over a name: errno %d", errno);
	EXPECT(unlink(NODE) == 0, "unlink: errno %d", errno);
	EXPECT(mknod(NODE, S_IFDIR | 0700, 0) == -1 && errno == EPERM, "a directory: errno %d",
	       errno);
	EXPECT(mknod(NODE, 0170000 | 0600, 0) == -1 && errno == EINVAL, "no type: errno %d", errno);
	if (on_special_k()) {
		/* A number no driver has: the node is made, opening it is ENXIO. */
		EXPECT(mknod(NODE, S_IFCHR | 0600, makedev(240, 0)) == 0, "errno %d", errno);
		EXPECT(open(NODE, O_RDONLY) == -1 && errno == ENXIO, "open: errno %d", errno);
		unlink(NODE);
	}
}

/*
 * A number with a major above 255 and a minor above 65535 comes back whole
 * from stat() and statx(), which encode it differently; and the console a
 * program starts with (no node of the file system) is 5:1 to fstat().
 */
static void device_numbers_round_trip(void)
{
	uint32_t stx[64];	/* struct statx, read raw: stx_rdev_major is word 32, stx_rdev_minor 33 */
	struct stat st;

	unlink(NODE);
	EXPECT(mknod(NODE, S_IFCHR | 0600, makedev(300, 70000)) == 0, "mknod: errno %d", errno);
	expect_chrdev(NODE, 300, 70000);
	EXPECT(syscall(SYS_statx, AT_FDCWD, NODE, 0, 0x7ff, stx) == 0, "statx: errno %d", errno);
	EXPECT(stx[32] == 300 && stx[33] == 70000, "statx: device %u:%u", stx[32], stx[33]);
	unlink(NODE);
	if (on_special_k()) {
		EXPECT(fstat(STDOUT_FILENO, &st) == 0, "fstat: errno %d", errno);
		EXPECT(S_ISCHR(st.st_mode) && major(st.st_rdev) == 5 && minor(st.st_rdev) == 1,
		       "the console: mode %#o, device %u:%u", st.st_mode, major(st.st_rdev),
		       minor(st.st_rdev));
	}
}

static const struct ktap_case cases[] = {
	KTAP_CASE(null_swallows_writes),
	KTAP_CASE(zero_reads_zeros),
	KTAP_CASE(console_takes_writes),
	KTAP_CASE(mknod_makes_devices),
	KTAP_CASE(device_numbers_round_trip),
};
ktest_user_suite(user_dev, cases);
