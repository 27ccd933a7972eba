/*
 * Paths to dentries, and the operations that take a path (Linux's
 * fs/namei.c, much reduced): mkdir, create, symlink, unlink, rmdir, plus
 * read, write, readlink and getdents on what a lookup found. What /proc
 * holds (i_fixed) is neither removed (-EPERM) nor added to (-EACCES).
 *
 * A path is walked from the root one component at a time: "." stays, ".."
 * goes to the parent (the root's parent is the root), and a symbolic link
 * is replaced by a walk of its target, from the link's directory or from
 * the root when the target starts with '/'. Each lookup may follow
 * MAXSYMLINKS links in all; one more is -ELOOP, which also ends a loop of
 * links. There is no current directory yet: a relative path starts at the
 * root too.
 */
#include <kernel/errno.h>
#include <kernel/string.h>

#include "internal.h"

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
		d = d_lookup(dir, name, n);
		if (!d)
			return -ENOENT;
		slash_after = path < end;
		if (S_ISLNK(d->d_inode->i_mode) && (follow_last || slash_after)) {
			int err;

			if (++*links > MAXSYMLINKS)
				return -ELOOP;
			err = walk(dir, d->d_inode->i_data, d->d_inode->i_size, true, links, &d);
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
	return walk(&root_dentry, path, len, follow_last, &links, res);
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
	err = walk(&root_dentry, path, start, true, &links, dir);
	if (!err && !S_ISDIR((*dir)->d_inode->i_mode))
		err = -ENOTDIR;
	return err;
}

/* A new entry for the last component of path: -EEXIST if something is there already. */
static int new_entry(const char *path, umode_t mode, struct dentry **res)
{
	struct dentry *dir;
	const char *name;
	size_t len;
	bool slash;
	int err = lookup_parent(path, &dir, &name, &len, &slash);

	if (err)
		return err;
	if (!len || is_dot_or_dotdot(name, len) || d_lookup(dir, name, len))
		return -EEXIST;
	if (dir->d_inode->i_fixed)
		return -EACCES;
	if (slash && !S_ISDIR(mode))
		return S_ISREG(mode) ? -EISDIR : -ENOENT;
	*res = ramfs_mknod(dir, name, len, mode);
	return *res ? 0 : -ENOMEM;
}

int vfs_mkdir(const char *path, umode_t mode)
{
	struct dentry *d;
	int err;

	mutex_lock(&fs_lock);
	err = new_entry(path, S_IFDIR | (mode & S_IALLUGO), &d);
	mutex_unlock(&fs_lock);
	return err;
}

int vfs_create(const char *path, umode_t mode, struct dentry **res)
{
	int err;

	mutex_lock(&fs_lock);
	err = new_entry(path, S_IFREG | (mode & S_IALLUGO), res);
	if (err == -EEXIST && path_walk(path, strlen(path), false, res) == 0) {
		/* O_CREAT|O_TRUNC on a file that is there: empty it. A link is not followed. */
		if (S_ISREG((*res)->d_inode->i_mode)) {
			ramfs_truncate((*res)->d_inode);
			err = 0;
		} else if (S_ISDIR((*res)->d_inode->i_mode)) {
			err = -EISDIR;
		}
	}
	if (!err)
		dget(*res);
	mutex_unlock(&fs_lock);
	return err;
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
	if (!err && ramfs_write(d->d_inode, target, len, 0) < 0) {
		ramfs_delete(d);
		err = -ENOMEM;
	}
	mutex_unlock(&fs_lock);
	return err;
}

/* The entry path names itself (a link not followed), for removal. */
static int lookup_last(const char *path, struct dentry **res)
{
	struct dentry *dir;
	const char *name;
	size_t len;
	bool slash;
	int err = lookup_parent(path, &dir, &name, &len, &slash);

	if (err)
		return err;
	if (!len || is_dot_or_dotdot(name, len))
		return len == 1 ? -EINVAL : -ENOTEMPTY;
	*res = d_lookup(dir, name, len);
	if (*res && (*res)->d_inode->i_fixed)
		return -EPERM;
	return *res ? 0 : -ENOENT;
}

int vfs_unlink(const char *path)
{
	struct dentry *d;
	int err;

	mutex_lock(&fs_lock);
	err = lookup_last(path, &d);
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
	err = lookup_last(path, &d);
	if (!err && !S_ISDIR(d->d_inode->i_mode))
		err = -ENOTDIR;
	if (!err && !list_empty(&d->d_subdirs))
		err = -ENOTEMPTY;
	if (!err)
		ramfs_delete(d);
	mutex_unlock(&fs_lock);
	return err;
}

/* What read and write refuse: directories, and links (whose bytes are their target). */
static int check_regular(struct inode *inode)
{
	if (S_ISDIR(inode->i_mode))
		return -EISDIR;
	return S_ISREG(inode->i_mode) ? 0 : -EINVAL;
}

long vfs_read(struct inode *inode, void *buf, size_t len, loff_t pos)
{
	long ret = check_regular(inode);

	if (ret)
		return ret;
	/* Made without fs_lock: the text may take other locks (the module list's). */
	if (inode->i_show)
		return proc_read(inode, buf, len, pos);
	mutex_lock(&fs_lock);
	ret = ramfs_read(inode, buf, len, pos);
	mutex_unlock(&fs_lock);
	return ret;
}

long vfs_write(struct inode *inode, const void *buf, size_t len, loff_t pos)
{
	long ret = check_regular(inode);

	if (ret)
		return ret;
	if (inode->i_show)
		return -EIO;
	mutex_lock(&fs_lock);
	ret = ramfs_write(inode, buf, len, pos);
	mutex_unlock(&fs_lock);
	return ret;
}

int vfs_readlink(struct dentry *dentry, char *buf, size_t size)
{
	struct inode *inode = dentry->d_inode;
	size_t len;

	if (!S_ISLNK(inode->i_mode) || !size)
		return -EINVAL;
	mutex_lock(&fs_lock);
	len = inode->i_size < (loff_t)size ? (size_t)inode->i_size : size - 1;
	memcpy(buf, inode->i_data, len);
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
	err = ramfs_iterate(dir, ctx);
	mutex_unlock(&fs_lock);
	return err;
}
