/*
 * Hard links: link() and linkat() (Linux's fs/namei.c). A second name for
 * a file is a second dentry holding the same inode (ramfs_link()); the
 * inode lives while any dentry holds it, and its i_nlink counts the names,
 * which stat() reports. Removing one name leaves the others. A folder
 * cannot get one (-EPERM, as Linux says), nor can /proc's files; the new
 * name must be free (-EEXIST). linkat() does not follow a link at the old
 * name unless AT_SYMLINK_FOLLOW says so, as Linux; AT_EMPTY_PATH is not
 * taken (-EINVAL).
 */
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/slab.h>
#include <kernel/syscalls.h>
#include <generated/unistd.h>

#include "internal.h"

#define AT_SYMLINK_FOLLOW	0x400

int vfs_link(const char *oldpath, const char *newpath, bool follow)
{
	struct dentry *old;
	struct last to;
	int err = kern_path(oldpath, follow ? LOOKUP_FOLLOW : 0, &old);

	if (err)
		return err;
	if (S_ISDIR(old->d_inode->i_mode) || old->d_inode->i_fixed) {
		dput(old);
		return -EPERM;
	}
	mutex_lock(&fs_lock);
	err = lookup_last(newpath, &to);
	if (!err && (to.dots || to.d))
		err = -EEXIST;
	else if (!err && to.dir->d_inode->i_fixed)
		err = -EACCES;
	else if (!err && (d_unlinked(to.dir) || d_unlinked(old)))
		err = -ENOENT;	/* a removed folder, or a file removed since it was found */
	if (!err && !ramfs_link(to.dir, to.name, to.len, old->d_inode))
		err = -ENOMEM;
	mutex_unlock(&fs_lock);
	dput(old);
	return err;
}

static long do_linkat(int olddfd, const char __user *oldname, int newdfd,
		      const char __user *newname, int flags)
{
	int err;
	char *from, *to;

	if (flags & ~AT_SYMLINK_FOLLOW)
		return -EINVAL;
	from = getname(oldname, olddfd, &err);
	if (!from)
		return err;
	to = getname(newname, newdfd, &err);
	if (to)
		err = vfs_link(from, to, flags & AT_SYMLINK_FOLLOW);
	kfree(to);
	kfree(from);
	return err;
}

SYSCALL_DEFINE5(linkat, int, olddfd, const char __user *, oldname, int, newdfd,
		const char __user *, newname, int, flags)
{
	return do_linkat(olddfd, oldname, newdfd, newname, flags);
}

#ifdef __NR_link
SYSCALL_DEFINE2(link, const char __user *, oldname, const char __user *, newname)
{
	return do_linkat(AT_FDCWD, oldname, AT_FDCWD, newname, 0);
}
#endif
