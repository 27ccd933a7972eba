/*
 * mount() and umount2() of a second ramfs (Linux's fs/namespace.c, much
 * reduced): "ramfs" or "tmpfs" (here the same thing: files in the page
 * cache) mounted on a folder gives a new, empty tree there. The folder's
 * dentry points at the tree's root (d_mounted), which a lookup goes on
 * into (kernel/fs/namei.c); the root takes the folder's name and parent,
 * so that ".." and getcwd() go through the folder. What the folder held is
 * hidden until the tree is unmounted, as on Linux.
 *
 * umount2() takes the tree away, with its files, when nothing uses it: an
 * open file, a working directory, a mount on one of its folders is
 * -EBUSY. A dentry is in use when it is held more than its entries and its
 * directory hold it (kernel/fs/ramfs.c counts those). A process's pages
 * mapped from a file of the tree stay until unmapped, as an unlinked
 * file's do.
 *
 * Flags that change how files behave (MS_NOSUID, MS_NODEV, MS_NOEXEC,
 * MS_NOATIME...) are taken and not kept; MS_REMOUNT, MS_BIND, MS_MOVE and
 * the propagation flags are -EINVAL; umount2()'s MNT_FORCE, MNT_DETACH and
 * MNT_EXPIRE too. The mounts are listed in /proc/mounts.
 */
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/list.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/sprintf.h>
#include <kernel/uaccess.h>
#include <generated/unistd.h>

#include "internal.h"

#define MS_REMOUNT	0x20
#define MS_BIND		0x1000
#define MS_MOVE		0x2000
#define MS_PROPAGATION	0x1f0000	/* MS_UNBINDABLE, MS_PRIVATE, MS_SLAVE, MS_SHARED */
#define UMOUNT_NOFOLLOW	0x8
#define NAME_LEN	64		/* a source's or a type's name, NUL included */

struct vfsmount {
	struct list_head list;		/* in mounts, oldest first */
	struct dentry *root;		/* the tree's root, held by the mount */
	char source[NAME_LEN], type[NAME_LEN];
};

static struct list_head mounts = LIST_HEAD_INIT(mounts);

/* A string argument of at most NAME_LEN - 1 bytes into buf: 0, -EFAULT or -ENAMETOOLONG. */
static int get_name(char *buf, const char __user *s, const char *none)
{
	long n;

	if (!s) {
		strscpy(buf, none, NAME_LEN);
		return 0;
	}
	n = strncpy_from_user(buf, s, NAME_LEN);
	return n < 0 ? (int)n : n == NAME_LEN ? -ENAMETOOLONG : 0;
}

static long do_mount(const char *source, const char *target, const char *type)
{
	struct vfsmount *mnt;
	struct dentry *at, *root;
	int err = kern_path(target, LOOKUP_FOLLOW, &at);

	if (err)
		return err;
	mnt = kzalloc(sizeof(*mnt));
	mutex_lock(&fs_lock);
	if (!S_ISDIR(at->d_inode->i_mode))
		err = -ENOTDIR;
	else if (at == &root_dentry)
		err = -EBUSY;	/* lookups start at the root: nothing would go into a tree on it */
	else if (d_unlinked(at) || at->d_inode->i_fixed)
		err = d_unlinked(at) ? -ENOENT : -EPERM;
	else if (!mnt)
		err = -ENOMEM;
	/* The root is made as an entry of the folder's parent, then taken out of its list. */
	root = err ? NULL : ramfs_mknod(at->d_parent, at->d_name, strlen(at->d_name),
					S_IFDIR | 0755);
	if (!err && !root)
		err = -ENOMEM;
	if (!err) {
		list_del_init(&root->d_child);
		root->d_mountpoint = at;	/* kern_path()'s hold on it is the mount's now */
		at->d_mounted = root;
		mnt->root = root;
		strscpy(mnt->source, source, NAME_LEN);
		strscpy(mnt->type, type, NAME_LEN);
		list_add_tail(&mnt->list, &mounts);
	}
	mutex_unlock(&fs_lock);
	if (err) {
		kfree(mnt);
		dput(at);
	}
	return err;
}

/* Does anything but the tree's own entries hold d or a dentry below it? fs_lock held. */
static bool busy(struct dentry *d, int expected)
{
	struct list_head *p;
	int children = 0;

	if (d->d_mounted)
		return true;
	list_for_each(p, &d->d_subdirs) {
		if (busy(list_entry(p, struct dentry, d_child), 1))
			return true;
		children++;
	}
	return atomic_read(&d->d_count) != expected + children;
}

/* Remove every entry below d, deepest first. fs_lock held. */
static void remove_tree(struct dentry *d)
{
	while (!list_empty(&d->d_subdirs)) {
		struct dentry *child = list_entry(d->d_subdirs.next, struct dentry, d_child);

		remove_tree(child);
		ramfs_delete(child);
	}
}

static long do_umount(const char *target, int flags)
{
	struct dentry *root, *at = NULL;
	struct vfsmount *mnt = NULL;
	struct list_head *p;
	int err;

	if (flags & ~UMOUNT_NOFOLLOW)
		return -EINVAL;
	err = kern_path(target, flags & UMOUNT_NOFOLLOW ? 0 : LOOKUP_FOLLOW, &root);
	if (err)
		return err;
	mutex_lock(&fs_lock);
	list_for_each(p, &mounts)
		if (list_entry(p, struct vfsmount, list)->root == root)
			mnt = list_entry(p, struct vfsmount, list);
	/* Held by the mount and by this lookup. */
	if (!mnt)
		err = -EINVAL;	/* not a mount's root */
	else if (busy(root, 2))
		err = -EBUSY;
	if (!err) {
		remove_tree(root);
		at = root->d_mountpoint;
		at->d_mounted = NULL;
		root->d_mountpoint = NULL;
		list_del(&mnt->list);
		dput(root);	/* the mount's hold */
	}
	mutex_unlock(&fs_lock);
	dput(root);		/* the lookup's: the last, the root goes */
	if (!err) {
		dput(at);	/* the mount's hold on the folder */
		kfree(mnt);
	}
	return err;
}

SYSCALL_DEFINE5(mount, const char __user *, dev_name, const char __user *, dir_name,
		const char __user *, type, unsigned long, flags, void __user *, data)
{
	char source[NAME_LEN], fstype[NAME_LEN], *target;
	int err;

	(void)data;	/* ramfs takes no options that are kept */
	if (flags & (MS_REMOUNT | MS_BIND | MS_MOVE | MS_PROPAGATION))
		return -EINVAL;
	err = get_name(source, dev_name, "none");
	if (!err)
		err = type ? get_name(fstype, type, "") : -EINVAL;
	if (!err && strcmp(fstype, "ramfs") && strcmp(fstype, "tmpfs"))
		err = -ENODEV;
	if (err)
		return err;
	target = getname(dir_name, AT_FDCWD, &err);
	if (!target)
		return err;
	err = do_mount(source, target, fstype);
	kfree(target);
	return err;
}

SYSCALL_DEFINE2(umount2, const char __user *, name, int, flags)
{
	int err;
	char *target = getname(name, AT_FDCWD, &err);

	if (!target)
		return err;
	err = do_umount(target, flags);
	kfree(target);
	return err;
}

size_t mounts_show_mounted(char *buf, size_t size)
{
	char *path = kmalloc(PATH_MAX), *p;
	struct list_head *l;
	size_t n = 0;

	if (!path)
		return 0;
	mutex_lock(&fs_lock);
	list_for_each(l, &mounts) {
		struct vfsmount *mnt = list_entry(l, struct vfsmount, list);

		p = d_path(mnt->root, path, PATH_MAX);
		n += snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
			      "%s %s %s rw 0 0\n", mnt->source, p ? p : "?", mnt->type);
	}
	mutex_unlock(&fs_lock);
	kfree(path);
	return n;
}
