/*
 * The calls the initramfs unpacker makes (include/kernel/initramfs.h),
 * named after Linux's fs/init.c: each makes one file by its path from the
 * root, first clearing the way as Linux's clean_path() does. An archive
 * appended after ours can so replace our /init with its own, or a
 * directory with a link.
 */
#include <kernel/errno.h>
#include <kernel/fs.h>
#include <kernel/initramfs.h>

/* Remove what is at name unless it is already of the type wanted; a full directory stays. */
static void clean_path(const char *name, umode_t mode)
{
	struct dentry *d;

	if (kern_path(name, 0, &d))
		return;
	if ((d->d_inode->i_mode ^ mode) & S_IFMT) {
		if (S_ISDIR(d->d_inode->i_mode))
			vfs_rmdir(name);
		else
			vfs_unlink(name);
	}
	dput(d);
}

int init_mkdir(const char *name, umode_t mode)
{
	struct dentry *d;
	int err;

	clean_path(name, S_IFDIR);
	err = vfs_mkdir(name, mode);
	/* A directory already there takes the archive's permissions. */
	if (err == -EEXIST && !kern_path(name, 0, &d)) {
		if (S_ISDIR(d->d_inode->i_mode)) {
			d->d_inode->i_mode = S_IFDIR | (mode & S_IALLUGO);
			err = 0;
		}
		dput(d);
	}
	return err;
}

int init_symlink(const char *target, size_t len, const char *name)
{
	/* A link replaces a link: clean_path() keeps those, so remove it here. */
	vfs_unlink(name);
	clean_path(name, S_IFLNK);
	return vfs_symlink(target, len, name);
}

int init_mknod(const char *name, umode_t mode, unsigned long major, unsigned long minor)
{
	if (major >= 1u << (32 - MINORBITS) || minor >= 1u << MINORBITS)
		return -EINVAL;	/* a number no device of Linux's can have */
	clean_path(name, S_IFCHR);
	return vfs_mknod(name, S_IFCHR | (mode & S_IALLUGO), MKDEV(major, minor));
}

int init_create_file(const char *name, umode_t mode, const void *data, size_t len)
{
	struct dentry *d;
	long n;
	int err;

	clean_path(name, S_IFREG);
	err = vfs_create(name, mode, &d);
	if (err)
		return err;
	d->d_inode->i_mode = S_IFREG | (mode & S_IALLUGO);
	n = len ? vfs_write(d->d_inode, data, len, 0) : 0;
	dput(d);
	return n < 0 ? (int)n : 0;
}
