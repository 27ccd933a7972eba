/*
 * ramfs: the objects of the in-memory file system (include/kernel/fs.h).
 * Inodes and dentries are kmalloc()ed; a file's bytes (or a link's target)
 * are one kmalloc()ed buffer that doubles when a write needs more (or grows
 * to just the size when doubling fails), and nothing is kept anywhere else:
 * the initrd it came from can be freed. One buffer means a file holds at
 * most what the largest kmalloc() block does (4 MiB less its header); a
 * list of pages, as Linux's page cache keeps, would lift that.
 *
 * This file knows nothing of paths: kernel/fs/namei.c walks them and calls
 * these under fs_lock.
 */
#include <kernel/errno.h>
#include <kernel/overflow.h>
#include <kernel/slab.h>
#include <kernel/string.h>

#include "internal.h"

DEFINE_MUTEX(fs_lock);

static struct inode root_inode = { .i_ino = 1, .i_mode = S_IFDIR | 0755 };
static unsigned long last_ino = 1;

/* The root names itself as its parent, so ".." at the top stays there. */
struct dentry root_dentry = {
	.d_parent = &root_dentry,
	.d_child = LIST_HEAD_INIT(root_dentry.d_child),
	.d_subdirs = LIST_HEAD_INIT(root_dentry.d_subdirs),
	.d_inode = &root_inode,
	.d_count = ATOMIC_INIT(1),	/* never removed: never freed */
};

struct dentry *d_lookup(struct dentry *dir, const char *name, size_t len)
{
	struct list_head *p;

	list_for_each(p, &dir->d_subdirs) {
		struct dentry *d = list_entry(p, struct dentry, d_child);

		if (!strncmp(d->d_name, name, len) && !d->d_name[len])
			return d;
	}
	return NULL;
}

struct dentry *ramfs_mknod(struct dentry *dir, const char *name, size_t len, umode_t mode)
{
	struct dentry *d = kmalloc(sizeof(*d) + len + 1);
	struct inode *inode = kzalloc(sizeof(*inode));

	if (!d || !inode) {
		kfree(d);
		kfree(inode);
		return NULL;
	}
	inode->i_ino = ++last_ino;
	inode->i_mode = mode;
	d->d_parent = dir;
	d->d_inode = inode;
	atomic_set(&d->d_count, 1);
	dget(dir);
	INIT_LIST_HEAD(&d->d_subdirs);
	memcpy(d->d_name, name, len);
	d->d_name[len] = '\0';
	list_add_tail(&d->d_child, &dir->d_subdirs);
	return d;
}

void dget(struct dentry *d)
{
	atomic_add(1, &d->d_count);
}

void dput(struct dentry *d)
{
	while (!atomic_add_return(-1, &d->d_count)) {
		struct dentry *parent = d->d_parent;

		kfree(d->d_inode->i_data);
		kfree(d->d_inode);
		kfree(d);
		d = parent;
	}
}

void ramfs_delete(struct dentry *d)
{
	list_del_init(&d->d_child);
	dput(d);
}

void ramfs_truncate(struct inode *inode)
{
	kfree(inode->i_data);
	inode->i_data = NULL;
	inode->i_alloc = 0;
	inode->i_size = 0;
}

long ramfs_write(struct inode *inode, const void *buf, size_t len, loff_t pos)
{
	loff_t end;

	if (pos < 0 || check_add_overflow(pos, len, &end))
		return -EINVAL;
	if ((unsigned long long)end > inode->i_alloc) {
		/* Twice the room, so that small writes copy little; just enough if that fails. */
		size_t want = inode->i_alloc * 2;
		char *data = NULL;

		if ((unsigned long long)end > (size_t)-1)
			return -EFBIG;
		if (want > (size_t)end)
			data = kmalloc(want);
		if (!data)
			data = kmalloc(end);
		if (!data)
			return -ENOMEM;
		memcpy(data, inode->i_data, inode->i_size);
		kfree(inode->i_data);
		inode->i_data = data;
		inode->i_alloc = ksize(data);
	}
	/* A write past the end leaves a hole, which reads as zeros. */
	if (pos > inode->i_size)
		memset(inode->i_data + inode->i_size, 0, pos - inode->i_size);
	memcpy(inode->i_data + pos, buf, len);
	if (end > inode->i_size)
		inode->i_size = end;
	return len;
}

long ramfs_read(struct inode *inode, void *buf, size_t len, loff_t pos)
{
	if (pos < 0)
		return -EINVAL;
	if (pos >= inode->i_size)
		return 0;
	if ((loff_t)len > inode->i_size - pos)
		len = inode->i_size - pos;
	memcpy(buf, inode->i_data + pos, len);
	return len;
}

int ramfs_iterate(struct dentry *dir, struct dir_context *ctx)
{
	loff_t n = 2;
	struct list_head *p;

	if (ctx->pos == 0) {
		if (!ctx->actor(ctx, ".", 1, 0, dir->d_inode->i_ino, DT_DIR))
			return 0;
		ctx->pos = 1;
	}
	if (ctx->pos == 1) {
		if (!ctx->actor(ctx, "..", 2, 1, dir->d_parent->d_inode->i_ino, DT_DIR))
			return 0;
		ctx->pos = 2;
	}
	/* Position n is the (n - 2)th entry, oldest first. */
	list_for_each(p, &dir->d_subdirs) {
		struct dentry *d = list_entry(p, struct dentry, d_child);

		if (n++ < ctx->pos)
			continue;
		if (!ctx->actor(ctx, d->d_name, strlen(d->d_name), ctx->pos, d->d_inode->i_ino,
				S_DT(d->d_inode->i_mode)))
			return 0;
		ctx->pos++;
	}
	return 0;
}
