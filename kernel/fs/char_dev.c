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
 * The terminal's numbers, /dev/console, /dev/tty (the opener's controlling
 * terminal: ENXIO without one) and the console line's own, are
 * kernel/tty/tty_io.c's: a file open on one reads and writes through the
 * line discipline. A number that has no driver here is ENXIO, Linux's
 * answer. mknod(2) is here too: it makes the nodes.
 */
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/fs.h>
#include <kernel/sched.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/tty.h>
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

static const struct chrdev chrdevs[] = {
	{ MKDEV(1, 3), read_nothing, write_away, true },	/* null */
	{ MKDEV(1, 5), read_zeros, write_away, true },		/* zero */
};

static const struct chrdev *chrdev_find(const struct inode *inode)
{
	for (size_t i = 0; i < ARRAY_SIZE(chrdevs); i++)
		if (chrdevs[i].dev == inode->i_rdev)
			return &chrdevs[i];
	return NULL;
}

int chrdev_open(const struct inode *inode, unsigned int flags)
{
	if (tty_device(inode->i_rdev))
		return tty_open(inode->i_rdev, flags);
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
	const struct chrdev *c = chrdev_find(inode);

	return c && c->seekable;	/* a terminal is not */
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
