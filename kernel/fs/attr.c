/*
 * chmod(), fchmodat() and fchmod() (Linux's fs/open.c and fs/attr.c): a
 * program changes a file's permission bits, the only attribute of an
 * inode here that one may set. The type bits stay. Files have no owner,
 * so every caller may, as root may on Linux, /proc's files too (a
 * /proc/PID file's mode lasts until the directory is made again). A link's own mode is never changed:
 * chmod() follows it, as on Linux.
 */
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/syscalls.h>
#include <generated/unistd.h>

#include "internal.h"

int vfs_chmod(struct dentry *d, umode_t mode)
{
	struct inode *inode = d->d_inode;

	mutex_lock(&fs_lock);
	inode->i_mode = (inode->i_mode & S_IFMT) | (mode & S_IALLUGO);
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
