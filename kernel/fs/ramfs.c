/*
 * ramfs: the objects of the in-memory file system (include/kernel/fs.h).
 * Inodes and dentries are kmalloc()ed, each inode with the wall clock's
 * times of its last change (mtime, ctime), as Linux's ramfs keeps them; a
 * regular file's bytes are its pages in the page cache
 * (kernel/mm/filemap.c), which mmap() and execve() map as they are, and a
 * link's target is one kmalloc()ed string. Nothing is kept anywhere else:
 * the initrd it came from can be freed.
 *
 * This file knows nothing of paths: kernel/fs/namei.c walks them and calls
 * these under fs_lock.
 */
#include <asm/page.h>
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/pagemap.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/time.h>

#include "internal.h"

DEFINE_MUTEX(fs_lock);

static struct inode root_inode = { .i_ino = 1, .i_mode = S_IFDIR | 0755, .i_count = 1,
				   .i_nlink = 1 };
static char root_name[] = "";
static unsigned long last_ino = 1;

/* The root names itself as its parent, so ".." at the top stays there. */
struct dentry root_dentry = {
	.d_parent = &root_dentry,
	.d_child = LIST_HEAD_INIT(root_dentry.d_child),
	.d_subdirs = LIST_HEAD_INIT(root_dentry.d_subdirs),
	.d_inode = &root_inode,
	.d_count = ATOMIC_INIT(1),	/* never removed: never freed */
	.d_name = root_name,
};

/*
 * A directory's entries are a list, looked through one by one: each entry keeps a hash of
 * its name (as Linux's dentries do, in their struct qstr), so that a lookup compares the
 * names themselves only where the hashes agree, not for every entry it passes.
 */
static unsigned int name_hash(const char *name, size_t len)
{
	unsigned int hash = len;

	for (size_t i = 0; i < len; i++)
		hash = hash * 31 + (unsigned char)name[i];
	return hash;
}

struct dentry *d_lookup(struct dentry *dir, const char *name, size_t len)
{
	unsigned int hash = name_hash(name, len);
	struct list_head *p;

	list_for_each(p, &dir->d_subdirs) {
		struct dentry *d = list_entry(p, struct dentry, d_child);

		if (d->d_hash == hash && !strncmp(d->d_name, name, len) && !d->d_name[len])
			return d;
	}
	return NULL;
}

/* A copy of the len bytes at name, NUL-terminated; NULL without memory. */
static char *copy_name(const char *name, size_t len)
{
	char *s = kmalloc(len + 1);

	if (s) {
		memcpy(s, name, len);
		s[len] = '\0';
	}
	return s;
}

/*
 * Now, as a file's times take it: the wall clock read at most once a tick
 * (cycles_per_jiffy of the counter) and kept (fs_lock serialises the
 * callers), as Linux stamps files with its coarse clock, which moves each
 * tick. A loop of small writes then costs no clock conversion each.
 */
static void fs_time(struct timespec64 *ts)
{
	static u64 read_at;
	static struct timespec64 now;
	u64 cycles = get_cycles();

	if (!read_at || cycles - read_at >= cycles_per_jiffy) {
		ktime_get_real_ts64(&now);
		read_at = cycles;
	}
	*ts = now;
}

void inode_set_ctime_current(struct inode *inode)
{
	fs_time(&inode->i_ctime);
}

void file_modified(struct inode *inode)
{
	fs_time(&inode->i_mtime);
	inode->i_ctime = inode->i_mtime;
}

/* A new entry, last in dir, for inode (whose holds the caller counts); NULL without memory. */
static struct dentry *d_alloc(struct dentry *dir, const char *name, size_t len,
			      struct inode *inode)
{
	struct dentry *d = kmalloc(sizeof(*d));
	char *copy = copy_name(name, len);

	if (!d || !copy) {
		kfree(d);
		kfree(copy);
		return NULL;
	}
	file_modified(dir->d_inode);
	*d = (struct dentry){ .d_parent = dir, .d_inode = inode };
	atomic_set(&d->d_count, 1);
	dget(dir);
	INIT_LIST_HEAD(&d->d_subdirs);
	d->d_name = copy;
	d->d_hash = name_hash(name, len);
	list_add_tail(&d->d_child, &dir->d_subdirs);
	return d;
}

struct dentry *ramfs_mknod(struct dentry *dir, const char *name, size_t len, umode_t mode)
{
	struct inode *inode = kzalloc(sizeof(*inode));
	struct dentry *d = inode ? d_alloc(dir, name, len, inode) : NULL;

	if (!d) {
		kfree(inode);
		return NULL;
	}
	inode->i_ino = ++last_ino;
	inode->i_mode = mode;
	inode->i_count = inode->i_nlink = 1;
	file_modified(inode);
	inode->i_atime = inode->i_mtime;
	return d;
}

struct dentry *ramfs_link(struct dentry *dir, const char *name, size_t len, struct inode *inode)
{
	struct dentry *d = d_alloc(dir, name, len, inode);

	if (d) {
		inode->i_count++;
		inode->i_nlink++;
		inode_set_ctime_current(inode);
	}
	return d;
}

int ramfs_rename(struct dentry *d, struct dentry *dir, const char *name, size_t len)
{
	struct dentry *old_dir = d->d_parent;
	char *copy = copy_name(name, len);

	if (!copy)
		return -ENOMEM;
	kfree(d->d_name);
	d->d_name = copy;
	d->d_hash = name_hash(name, len);
	dget(dir);
	d->d_parent = dir;
	list_del(&d->d_child);
	list_add_tail(&d->d_child, &dir->d_subdirs);	/* last, as a new entry goes */
	file_modified(old_dir->d_inode);
	file_modified(dir->d_inode);
	inode_set_ctime_current(d->d_inode);
	dput(old_dir);
	return 0;
}

void ramfs_exchange(struct dentry *a, struct dentry *b)
{
	struct dentry *parent = a->d_parent;
	char *name = a->d_name;
	unsigned int hash = a->d_hash;

	a->d_parent = b->d_parent;
	a->d_name = b->d_name;
	a->d_hash = b->d_hash;
	b->d_parent = parent;
	b->d_name = name;
	b->d_hash = hash;
	/* Each goes last in its new directory, whose hold the other had: the counts stay. */
	list_del(&a->d_child);
	list_del(&b->d_child);
	list_add_tail(&a->d_child, &a->d_parent->d_subdirs);
	list_add_tail(&b->d_child, &b->d_parent->d_subdirs);
	file_modified(a->d_parent->d_inode);
	file_modified(b->d_parent->d_inode);
	inode_set_ctime_current(a->d_inode);
	inode_set_ctime_current(b->d_inode);
}

void dget(struct dentry *d)
{
	atomic_add(1, &d->d_count);
}

void dput(struct dentry *d)
{
	while (!atomic_add_return(-1, &d->d_count)) {
		struct dentry *parent = d->d_parent;

		if (!--d->d_inode->i_count) {
			truncate_inode_pages(&d->d_inode->i_data, 0);
			kfree(d->d_inode->i_link);
			kfree(d->d_inode);
		}
		kfree(d->d_name);
		kfree(d);
		d = parent;
	}
}

void ramfs_delete(struct dentry *d)
{
	d->d_inode->i_nlink--;
	inode_set_ctime_current(d->d_inode);
	file_modified(d->d_parent->d_inode);
	list_del_init(&d->d_child);
	dput(d);
}

bool d_unlinked(const struct dentry *d)
{
	return d != &root_dentry && !d->d_mountpoint && list_empty(&d->d_child);
}

void ramfs_truncate(struct inode *inode)
{
	truncate_inode_pages(&inode->i_data, 0);
	inode->i_size = 0;
	file_modified(inode);
}

long ramfs_write(struct inode *inode, const void *buf, size_t len, loff_t pos)
{
	/* A write past the end leaves a hole, which reads as zeros. */
	long n = filemap_write(&inode->i_data, buf, len, pos);

	if (n > 0 && pos + n > inode->i_size)
		inode->i_size = pos + n;
	if (n > 0)
		file_modified(inode);
	return n;
}

long ramfs_read(struct inode *inode, void *buf, size_t len, loff_t pos)
{
	if (pos < 0)
		return -EINVAL;
	if (pos >= inode->i_size)
		return 0;
	if ((loff_t)len > inode->i_size - pos)
		len = inode->i_size - pos;
	filemap_read(&inode->i_data, buf, len, pos);
	return len;
}

int ramfs_set_link(struct inode *inode, const char *target, size_t len)
{
	inode->i_link = kmalloc(len ? len : 1);
	if (!inode->i_link)
		return -ENOMEM;
	memcpy(inode->i_link, target, len);
	inode->i_size = len;
	return 0;
}

/* The one call here that takes fs_lock itself: the mm code has no business with it. */
unsigned long get_file_pages(struct inode *inode, unsigned long index, unsigned long n,
			     void **pages)
{
	unsigned long got = 0;

	mutex_lock(&fs_lock);
	while (got < n && (loff_t)(index + got) < (inode->i_size + PAGE_SIZE - 1) >> PAGE_SHIFT &&
	       (pages[got] = filemap_get_page(&inode->i_data, index + got)))
		got++;
	mutex_unlock(&fs_lock);
	return got;
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
