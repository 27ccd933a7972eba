/*
 * Paths to dentries, and the operations that take a path (Linux's
 * fs/namei.c, much reduced): mkdir, mknod, create, symlink, unlink, rmdir,
 * plus readlink and getdents on what a lookup found (read and write:
 * kernel/fs/read_write.c). What /proc holds (i_fixed) is neither removed
 * (-EPERM) nor added to (-EACCES).
 *
 * A path is walked one component at a time, from the root, or for a
 * relative path from the process's working directory (chdir(),
 * kernel/fs/open.c; a kernel thread's is the root): "." stays, ".."
 * goes to the parent (the root's parent is the root), and a symbolic link
 * is replaced by a walk of its target, from the link's directory or from
 * the root when the target starts with '/'. Each lookup may follow
 * MAXSYMLINKS links in all; one more is -ELOOP, which also ends a loop of
 * links.
 */
#include <asm/fcntl.h>
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/sched.h>
#include <kernel/string.h>

#include "internal.h"

/* Where a relative path starts: the process's working directory, or the root. */
static struct dentry *start_dir(void)
{
	return current->cwd ? current->cwd : &root_dentry;
}

static bool is_dot_or_dotdot(const char *name, size_t len)
{
	return (len == 1 && name[0] == '.') || (len == 2 && name[0] == '.' && name[1] == '.');
}

/*
 * Walk the len bytes at path from dir. Links are followed in every
 * component but the last, and in the last too with follow_last or when a
 * slash comes after it. *links counts the links followed so far.
 */
static int walk(struct dentry *dir, const char *path, size_t len, bool follow_last,
		int *links, struct dentry **res)
{
	const char *end = path + len;

	if (path < end && *path == '/')
		dir = &root_dentry;
	for (;;) {
		const char *name;
		struct dentry *d;
		size_t n;
		bool slash_after;

		while (path < end && *path == '/')
			path++;
		if (path == end) {
			*res = dir;
			return 0;
		}
		if (!S_ISDIR(dir->d_inode->i_mode))
			return -ENOTDIR;
		for (name = path; path < end && *path != '/'; path++)
			;
		n = path - name;
		if (n > NAME_MAX)
			return -ENAMETOOLONG;
		if (n == 1 && name[0] == '.')
			continue;
		if (n == 2 && name[0] == '.' && name[1] == '.') {
			dir = dir->d_parent;
			continue;
		}
		proc_lookup_pid(dir, name, n);
		d = d_lookup(dir, name, n);
		if (!d)
			return -ENOENT;
		while (d->d_mounted)	/* a mounted tree covers the folder */
			d = d->d_mounted;
		slash_after = path < end;
		if (S_ISLNK(d->d_inode->i_mode) && (follow_last || slash_after)) {
			char self[PROC_SELF_LEN];
			const char *target = d->d_inode->i_link;
			size_t tlen = d->d_inode->i_size;
			int err;

			if (++*links > MAXSYMLINKS)
				return -ELOOP;
			if (d->d_inode->i_self) {
				tlen = proc_self_target(self);
				target = self;
			}
			err = walk(dir, target, tlen, true, links, &d);
			if (err)
				return err;
		}
		if (slash_after && !S_ISDIR(d->d_inode->i_mode))
			return -ENOTDIR;
		dir = d;
	}
}

static int path_walk(const char *path, size_t len, bool follow_last, struct dentry **res)
{
	int links = 0;

	if (!len)
		return -ENOENT;
	return walk(start_dir(), path, len, follow_last, &links, res);
}

int kern_path(const char *path, unsigned int flags, struct dentry **res)
{
	size_t len = strnlen(path, PATH_MAX);
	int err;

	if (len == PATH_MAX)
		return -ENAMETOOLONG;
	mutex_lock(&fs_lock);
	err = path_walk(path, len, flags & LOOKUP_FOLLOW, res);
	/* Taken under the lock: an unlink() right after cannot free it under the caller. */
	if (!err)
		dget(*res);
	mutex_unlock(&fs_lock);
	return err;
}

/*
 * The directory the last component of path goes in, and that component
 * (name, len; empty for "/"). *slash says a slash followed it.
 */
static int lookup_parent(const char *path, struct dentry **dir, const char **name, size_t *len,
			 bool *slash)
{
	size_t end = strnlen(path, PATH_MAX), start;
	int links = 0, err;

	if (end == PATH_MAX)
		return -ENAMETOOLONG;
	if (!end)
		return -ENOENT;
	*slash = path[end - 1] == '/';
	while (end && path[end - 1] == '/')
		end--;
	for (start = end; start && path[start - 1] != '/'; start--)
		;
	*name = path + start;
	*len = end - start;
	if (*len > NAME_MAX)
		return -ENAMETOOLONG;
	err = walk(start_dir(), path, start, true, &links, dir);
	if (!err && !S_ISDIR((*dir)->d_inode->i_mode))
		err = -ENOTDIR;
	return err;
}

int lookup_last(const char *path, struct last *l)
{
	int err = lookup_parent(path, &l->dir, &l->name, &l->len, &l->slash);

	if (err)
		return err;
	l->dots = !l->len || is_dot_or_dotdot(l->name, l->len);
	l->d = l->dots ? NULL : d_lookup(l->dir, l->name, l->len);
	return 0;
}

/* A new entry for the last component of path: -EEXIST if something is there already. */
static int new_entry(const char *path, umode_t mode, struct dentry **res)
{
	struct last l;
	int err = lookup_last(path, &l);

	if (err)
		return err;
	if (l.dots || l.d)
		return -EEXIST;
	if (l.dir->d_inode->i_fixed)
		return -EACCES;
	if (d_unlinked(l.dir))
		return -ENOENT;	/* a removed directory (someone's working directory) */
	if (l.slash && !S_ISDIR(mode))
		return S_ISREG(mode) ? -EISDIR : -ENOENT;
	*res = ramfs_mknod(l.dir, l.name, l.len, mode);
	return *res ? 0 : -ENOMEM;
}

int vfs_mknod(const char *path, umode_t mode, dev_t dev)
{
	struct dentry *d;
	int err;

	mutex_lock(&fs_lock);
	err = new_entry(path, mode, &d);
	if (!err)
		d->d_inode->i_rdev = dev;
	mutex_unlock(&fs_lock);
	return err;
}

int vfs_mkdir(const char *path, umode_t mode)
{
	return vfs_mknod(path, S_IFDIR | (mode & S_IALLUGO), 0);
}

/* What the open flags refuse of the file found (Linux's do_open() and may_open()). */
static int may_open(struct inode *inode, unsigned int flags)
{
	if (S_ISLNK(inode->i_mode))
		return -ELOOP;	/* O_NOFOLLOW, and the link is the last component */
	if ((flags & O_DIRECTORY) && !S_ISDIR(inode->i_mode))
		return -ENOTDIR;
	if (S_ISDIR(inode->i_mode) && ((flags & O_ACCMODE) != O_RDONLY || (flags & O_CREAT)))
		return -EISDIR;
	if (S_ISCHR(inode->i_mode))
		return chrdev_open(inode, flags);
	return 0;
}

/*
 * Lookup, creation and truncation in one hold of fs_lock, so that two
 * opens racing for one name see each other whole: one O_CREAT|O_EXCL
 * wins, and O_CREAT without O_TRUNC never empties a file another just
 * made. A link in the last component is followed, except under O_NOFOLLOW
 * (then -ELOOP) and O_CREAT|O_EXCL (then -EEXIST, as Linux: the link
 * itself is there). O_CREAT through a link whose target is missing is
 * -ENOENT here (Linux creates the target): shorter, and said.
 */
int vfs_open(const char *path, unsigned int flags, umode_t mode, struct dentry **res)
{
	bool excl = (flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL);
	size_t len = strnlen(path, PATH_MAX);
	struct dentry *d;
	int err;

	if (len == PATH_MAX)
		return -ENAMETOOLONG;
	mutex_lock(&fs_lock);
	err = path_walk(path, len, !(flags & O_NOFOLLOW) && !excl, &d);
	if (!err && excl)
		err = -EEXIST;
	else if (err == -ENOENT && (flags & O_CREAT))
		err = new_entry(path, S_IFREG | (mode & S_IALLUGO), &d);
	if (err == -EEXIST && !excl)
		err = -ENOENT;	/* the link above, its target missing */
	if (!err)
		err = may_open(d->d_inode, flags);
	/* Linux empties the file under O_RDONLY too; a /proc file has nothing to empty. */
	if (!err && (flags & O_TRUNC) && S_ISREG(d->d_inode->i_mode) && !proc_inode(d->d_inode))
		ramfs_truncate(d->d_inode);
	if (!err) {
		dget(d);
		*res = d;
	}
	mutex_unlock(&fs_lock);
	return err;
}

int vfs_create(const char *path, umode_t mode, struct dentry **res)
{
	return vfs_open(path, O_CREAT | O_TRUNC | O_WRONLY, mode, res);
}

int vfs_symlink(const char *target, size_t len, const char *path)
{
	struct dentry *d;
	int err;

	if (!len)
		return -ENOENT;
	if (len >= PATH_MAX)
		return -ENAMETOOLONG;
	mutex_lock(&fs_lock);
	err = new_entry(path, S_IFLNK | 0777, &d);
	if (!err && ramfs_set_link(d->d_inode, target, len)) {
		ramfs_delete(d);
		err = -ENOMEM;
	}
	mutex_unlock(&fs_lock);
	return err;
}

/* The entry path names itself (a link not followed), for removal. */
static int lookup_removable(const char *path, struct dentry **res)
{
	struct last l;
	int err = lookup_last(path, &l);

	if (err)
		return err;
	if (l.dots)
		return l.len == 1 ? -EINVAL : -ENOTEMPTY;
	*res = l.d;
	if (l.d && l.d->d_inode->i_fixed)
		return -EPERM;
	if (l.d && l.d->d_mounted)
		return -EBUSY;	/* a mount point */
	return l.d ? 0 : -ENOENT;
}

int vfs_unlink(const char *path)
{
	struct dentry *d;
	int err;

	mutex_lock(&fs_lock);
	err = lookup_removable(path, &d);
	if (!err && S_ISDIR(d->d_inode->i_mode))
		err = -EISDIR;
	if (!err)
		ramfs_delete(d);
	mutex_unlock(&fs_lock);
	return err;
}

int vfs_rmdir(const char *path)
{
	struct dentry *d;
	int err;

	mutex_lock(&fs_lock);
	err = lookup_removable(path, &d);
	if (!err && !S_ISDIR(d->d_inode->i_mode))
		err = -ENOTDIR;
	if (!err && !list_empty(&d->d_subdirs))
		err = -ENOTEMPTY;
	if (!err)
		ramfs_delete(d);
	mutex_unlock(&fs_lock);
	return err;
}

int vfs_readlink(struct dentry *dentry, char *buf, size_t size)
{
	struct inode *inode = dentry->d_inode;
	const char *target = inode->i_link;
	loff_t tlen = inode->i_size;
	char self[PROC_SELF_LEN];
	size_t len;

	if (!S_ISLNK(inode->i_mode) || !size)
		return -EINVAL;
	mutex_lock(&fs_lock);
	if (inode->i_self) {
		tlen = proc_self_target(self);
		target = self;
	}
	len = tlen < (loff_t)size ? (size_t)tlen : size - 1;
	memcpy(buf, target, len);
	buf[len] = '\0';
	mutex_unlock(&fs_lock);
	return len;
}

int iterate_dir(struct dentry *dir, struct dir_context *ctx)
{
	int err;

	if (!S_ISDIR(dir->d_inode->i_mode))
		return -ENOTDIR;
	mutex_lock(&fs_lock);
	err = proc_iterate(dir, ctx);
	mutex_unlock(&fs_lock);
	return err;
}
