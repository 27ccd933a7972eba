/*
 * chmod(), fchmodat() and fchmod(), and utimensat() (Linux's fs/open.c,
 * fs/attr.c, fs/utimes.c): a program changes a file's permission bits, or
 * its last-read and last-change times (touch), the attributes of an inode
 * here that one may set; either sets its ctime to now. The type bits stay.
 * Files have no owner, so every caller may, as root may on Linux, /proc's
 * files too (a /proc/PID file's mode and times last until the directory is
 * made again). A link's own mode is never changed:
 * chmod() follows it, as on Linux.
 */
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/syscalls.h>
#include <kernel/time64.h>
#include <generated/unistd.h>

#include "internal.h"

int vfs_chmod(struct dentry *d, umode_t mode)
{
	struct inode *inode = d->d_inode;

	mutex_lock(&fs_lock);
	inode->i_mode = (inode->i_mode & S_IFMT) | (mode & S_IALLUGO);
	inode_set_ctime_current(inode);
	mutex_unlock(&fs_lock);
	return 0;
}

static long do_fchmodat(int dfd, const char __user *filename, umode_t mode)
{
	struct dentry *d;
	int err = user_path_at(dfd, filename, 0, &d);	/* links followed */

	if (err)
		return err;
	err = vfs_chmod(d, mode);
	dput(d);
	return err;
}

SYSCALL_DEFINE3(fchmodat, int, dfd, const char __user *, filename, umode_t, mode)
{
	return do_fchmodat(dfd, filename, mode);
}

#ifdef __NR_chmod
SYSCALL_DEFINE2(chmod, const char __user *, filename, umode_t, mode)
{
	return do_fchmodat(AT_FDCWD, filename, mode);
}
#endif

/* The console and a pipe have no inode here whose mode could change: 0, as Linux answers. */
SYSCALL_DEFINE2(fchmod, unsigned int, fd, umode_t, mode)
{
	struct file *f = fget(fd);
	int err;

	if (!f)
		return -EBADF;
	err = f->f_dentry ? vfs_chmod(f->f_dentry, mode) : 0;
	fput(f);
	return err;
}

#define UTIME_NOW	((1L << 30) - 1)	/* this time: now */
#define UTIME_OMIT	((1L << 30) - 2)	/* this time: as it is */

static bool utime_valid(long nsec)
{
	return nsec == UTIME_NOW || nsec == UTIME_OMIT || (nsec >= 0 && nsec < 1000000000L);
}

/* times[0] the last read, times[1] the last change, each now or kept as its tv_nsec says. */
static void set_times(struct inode *inode, const struct timespec64 times[2])
{
	struct timespec64 now;

	ktime_get_real_ts64(&now);
	mutex_lock(&fs_lock);
	if (times[0].tv_nsec != UTIME_OMIT)
		inode->i_atime = times[0].tv_nsec == UTIME_NOW ? now : times[0];
	if (times[1].tv_nsec != UTIME_OMIT)
		inode->i_mtime = times[1].tv_nsec == UTIME_NOW ? now : times[1];
	inode->i_ctime = now;
	mutex_unlock(&fs_lock);
}

/*
 * The file: the path (a link followed, but not with AT_SYMLINK_NOFOLLOW),
 * or with a NULL path the descriptor dfd itself (futimens()). times NULL:
 * both now. A pipe or the console, which keep no times, take it as done.
 */
static long do_utimensat(int dfd, const char __user *filename, const void __user *utimes,
			 int flags, bool time64)
{
	struct timespec64 times[2] = { { 0, UTIME_NOW }, { 0, UTIME_NOW } };
	struct dentry *d = NULL;
	int err = 0;

	if (flags & ~AT_SYMLINK_NOFOLLOW)
		return -EINVAL;
	if (utimes) {
		size_t one = time64 ? 16 : 2 * sizeof(long);

		err = get_timespec64(&times[0], utimes, time64);
		if (!err)
			err = get_timespec64(&times[1], (const char __user *)utimes + one, time64);
		if (err)
			return err;
		if (!utime_valid(times[0].tv_nsec) || !utime_valid(times[1].tv_nsec))
			return -EINVAL;
	}
	if (filename)
		err = user_path_at(dfd, filename, flags, &d);
	else
		err = fd_dentry(dfd, &d);
	if (err || !d)
		return err;
	set_times(d->d_inode, times);
	dput(d);
	return 0;
}

SYSCALL_DEFINE4(utimensat, int, dfd, const char __user *, filename,
		const void __user *, utimes, int, flags)
{
	return do_utimensat(dfd, filename, utimes, flags, false);
}

#ifdef __NR_utimensat_time64
/* 32-bit ARM: the same with 64-bit seconds (glibc asks this one first). */
SYSCALL_DEFINE4(utimensat_time64, int, dfd, const char __user *, filename,
		const void __user *, utimes, int, flags)
{
	return do_utimensat(dfd, filename, utimes, flags, true);
}
#endif
