/*
 * rename(), renameat() and renameat2() (Linux's do_renameat2() in
 * fs/namei.c): an entry moves to another name, in its directory or
 * another, in one step under fs_lock, so that no lookup sees it in both
 * places or in neither. What is at the new name already goes, as unlink()
 * or rmdir() would take it (an empty directory only, for a directory);
 * RENAME_NOREPLACE refuses it instead (-EEXIST), and RENAME_EXCHANGE
 * swaps the two entries. An open file of the entry keeps working: it
 * holds the entry, not its name.
 *
 * The checks come in Linux's order, so each bad call gets Linux's errno:
 * "." and ".." cannot move (-EBUSY), a directory cannot go inside itself
 * (-EINVAL), a directory replaces only an empty directory (-ENOTDIR,
 * -ENOTEMPTY) and a file no directory (-EISDIR), and /proc's entries stay
 * where the kernel put them (-EPERM).
 */
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/slab.h>
#include <kernel/syscalls.h>
#include <generated/unistd.h>

#include "internal.h"

/* Is d dir, or one of the directories above it? */
static bool is_within(struct dentry *d, struct dentry *dir)
{
	for (;; d = d->d_parent) {
		if (d == dir)
			return true;
		if (d == &root_dentry)
			return false;
	}
}

static int check_rename(const struct last *from, const struct last *to, unsigned int flags)
{
	bool is_dir;

	if (from->dots)
		return -EBUSY;
	if (to->dots)
		return flags & RENAME_NOREPLACE ? -EEXIST : -EBUSY;
	if (!from->d)
		return -ENOENT;
	if (from->d->d_inode->i_fixed || from->dir->d_inode->i_fixed || to->dir->d_inode->i_fixed)
		return -EPERM;
	if (from->d->d_mounted || (to->d && to->d->d_mounted))
		return -EBUSY;	/* a mount point stays where it is */
	if (d_unlinked(to->dir))
		return -ENOENT;	/* a removed directory (someone's working directory) */
	if ((flags & RENAME_EXCHANGE) && !to->d)
		return -ENOENT;
	if ((flags & RENAME_NOREPLACE) && to->d)
		return -EEXIST;
	if (to->d && from->d->d_inode == to->d->d_inode)
		return 0;	/* two names of one file: rename() does nothing, as on Linux */
	is_dir = S_ISDIR(from->d->d_inode->i_mode);
	if (!(flags & RENAME_EXCHANGE) && !is_dir && (from->slash || to->slash))
		return -ENOTDIR;
	/* Neither may go inside itself: with an exchange, each takes the other's place. */
	if (is_within(to->dir, from->d) ||
	    ((flags & RENAME_EXCHANGE) && is_within(from->dir, to->d)))
		return -EINVAL;
	if (!to->d || (flags & RENAME_EXCHANGE))
		return 0;
	if (is_dir && !S_ISDIR(to->d->d_inode->i_mode))
		return -ENOTDIR;
	if (!is_dir && S_ISDIR(to->d->d_inode->i_mode))
		return -EISDIR;
	if (is_dir && !list_empty(&to->d->d_subdirs))
		return -ENOTEMPTY;
	return 0;
}

int vfs_rename(const char *oldpath, const char *newpath, unsigned int flags)
{
	struct last from, to;
	int err;

	if ((flags & ~(RENAME_NOREPLACE | RENAME_EXCHANGE)) ||
	    ((flags & RENAME_NOREPLACE) && (flags & RENAME_EXCHANGE)))
		return -EINVAL;
	mutex_lock(&fs_lock);
	err = lookup_last(oldpath, &from);
	if (!err)
		err = lookup_last(newpath, &to);
	if (!err)
		err = check_rename(&from, &to, flags);
	if (!err && !(to.d && from.d->d_inode == to.d->d_inode)) {
		if (flags & RENAME_EXCHANGE) {
			ramfs_exchange(from.d, to.d);
		} else {
			struct dentry *replaced = to.d;

			err = ramfs_rename(from.d, to.dir, to.name, to.len);
			if (!err && replaced)
				ramfs_delete(replaced);
		}
	}
	mutex_unlock(&fs_lock);
	return err;
}

static long do_renameat2(int olddfd, const char __user *oldname, int newdfd,
			 const char __user *newname, unsigned int flags)
{
	int err;
	char *from = getname(oldname, olddfd, &err), *to;

	if (!from)
		return err;
	to = getname(newname, newdfd, &err);
	if (to)
		err = vfs_rename(from, to, flags);
	kfree(to);
	kfree(from);
	return err;
}

SYSCALL_DEFINE5(renameat2, int, olddfd, const char __user *, oldname, int, newdfd,
		const char __user *, newname, unsigned int, flags)
{
	return do_renameat2(olddfd, oldname, newdfd, newname, flags);
}

SYSCALL_DEFINE4(renameat, int, olddfd, const char __user *, oldname, int, newdfd,
		const char __user *, newname)
{
	return do_renameat2(olddfd, oldname, newdfd, newname, 0);
}

#ifdef __NR_rename
SYSCALL_DEFINE2(rename, const char __user *, oldname, const char __user *, newname)
{
	return do_renameat2(AT_FDCWD, oldname, AT_FDCWD, newname, 0);
}
#endif
