/*
 * Character devices: the ones a Linux user space expects in /dev, by
 * Linux's numbers (its Documentation/admin-guide/devices.txt): /dev/null
 * 1:3, /dev/zero 1:5, /dev/tty 5:0 and /dev/console 5:1. A device node is
 * a ramfs inode with S_IFCHR and i_rdev, made by the initramfs from the
 * archive's entries or by mknod(); its reads and writes go to the driver
 * that its number names, never to the file's pages. Linux keeps a table
 * of majors that drivers fill with register_chrdev(); three fixed drivers
 * need only this array, searched by number.
 *
 * /dev/console is the serial console as fds 0, 1 and 2 are: writes print,
 * a read is end of file (the serial line's input is the monitor's). /dev/tty
 * is the opener's controlling terminal: with no sessions, no process has
 * one, and opening it is ENXIO, Linux's answer then; so is a number that
 * has no driver here. mknod(2) is here too: it makes the nodes.
 */
#include <kernel/console.h>
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/fs.h>
#include <kernel/sched.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <generated/unistd.h>

#include "internal.h"

struct chrdev {
	dev_t dev;
	/* Into or out of a kernel buffer: the bytes done, or -errno. */
	long (*read)(char *buf, size_t count);
	long (*write)(const char *buf, size_t count);
	bool seekable;		/* lseek() succeeds and does nothing, as on Linux's null and zero */
};

static long read_nothing(char *buf, size_t count)
{
	(void)buf;
	(void)count;
	return 0;
}

static long read_zeros(char *buf, size_t count)
{
	memset(buf, 0, count);
	return count;
}

static long write_away(const char *buf, size_t count)
{
	(void)buf;
	return count;
}

static long write_console(const char *buf, size_t count)
{
	console_write(buf, count);
	return count;
}

static const struct chrdev chrdevs[] = {
	{ MKDEV(1, 3), read_nothing, write_away, true },	/* null */
	{ MKDEV(1, 5), read_zeros, write_away, true },		/* zero */
	{ MKDEV(5, 1), read_nothing, write_console, false },	/* console */
};

static const struct chrdev *chrdev_find(const struct inode *inode)
{
	for (size_t i = 0; i < ARRAY_SIZE(chrdevs); i++)
		if (chrdevs[i].dev == inode->i_rdev)
			return &chrdevs[i];
	return NULL;
}

int chrdev_open(const struct inode *inode)
{
	return chrdev_find(inode) ? 0 : -ENXIO;
}

long chrdev_read(const struct inode *inode, char *buf, size_t count)
{
	return chrdev_find(inode)->read(buf, count);
}

long chrdev_write(const struct inode *inode, const char *buf, size_t count)
{
	return chrdev_find(inode)->write(buf, count);
}

bool chrdev_seekable(const struct inode *inode)
{
	return chrdev_find(inode)->seekable;
}

/*
 * A regular file (type 0 is one) or a character device, which only root
 * may make (Linux's CAP_MKNOD). The file system has no FIFOs, sockets or
 * block devices: EPERM for them, as Linux says for a type a file system
 * does not support (and for a directory); EINVAL for no type at all.
 */
static long do_mknodat(int dfd, const char __user *filename, umode_t mode, unsigned int dev)
{
	char *name;
	int err;

	switch (mode & S_IFMT) {
	case 0:
		mode |= S_IFREG;
		break;
	case S_IFREG:
		break;
	case S_IFCHR:
		if (current->uid != 0)
			return -EPERM;
		break;
	case S_IFBLK: case S_IFIFO: case S_IFSOCK: case S_IFDIR:
		return -EPERM;
	default:
		return -EINVAL;
	}
	name = getname(filename, dfd, &err);
	if (!name)
		return err;
	err = vfs_mknod(name, (mode & S_IFMT) | (mode & S_IALLUGO & ~current->umask),
			new_decode_dev(dev));
	kfree(name);
	return err;
}

SYSCALL_DEFINE4(mknodat, int, dfd, const char __user *, filename, umode_t, mode, unsigned int, dev)
{
	return do_mknodat(dfd, filename, mode, dev);
}

#ifdef __NR_mknod
SYSCALL_DEFINE3(mknod, const char __user *, filename, umode_t, mode, unsigned int, dev)
{
	return do_mknodat(AT_FDCWD, filename, mode, dev);
}
#endif
