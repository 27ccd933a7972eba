/*
 * /proc, as small as it can be and still be Linux's interface: a directory
 * of read-only files whose text the kernel makes when a program reads
 * them, so that a C library's fopen() and read() see what Linux's would
 * (kmod's lsmod reads /proc/modules). Each file is an inode of the
 * in-memory file system with a show() function instead of bytes
 * (include/kernel/fs.h): every read() makes the text anew and returns the
 * part at the file's position, as Linux's single_open() files do; its size
 * is 0, as there. The kernel adds the files (proc_create_single()); a
 * program can neither remove them nor add its own (i_fixed).
 *
 * There is no mount: /proc is a directory of the root file system made by
 * the first proc_create_single() (or the first look into it). A directory
 * per thread, /proc/PID, and the link /proc/self are kernel/fs/proc_base.c's;
 * their files' text is made the same way, from the thread i_pid names.
 */
#include <kernel/errno.h>
#include <kernel/slab.h>
#include <kernel/string.h>

#include "../sched_internal.h"
#include "internal.h"

#define PROC_NAME	"proc"

/* The directory /proc, made on first use; fs_lock is held. */
int proc_root(struct dentry **dir)
{
	struct dentry *d = d_lookup(&root_dentry, PROC_NAME, strlen(PROC_NAME));

	if (!d)
		d = ramfs_mknod(&root_dentry, PROC_NAME, strlen(PROC_NAME), S_IFDIR | 0555);
	if (!d)
		return -ENOMEM;
	if (!S_ISDIR(d->d_inode->i_mode))
		return -ENOTDIR;
	/* Also when the initramfs brought an empty /proc of its own. */
	if (!d->d_inode->i_fixed)
		proc_self_add(d);
	d->d_inode->i_fixed = true;
	*dir = d;
	return 0;
}

int proc_create_single(const char *name, size_t (*show)(char *buf, size_t size))
{
	struct dentry *dir, *d;
	int err;

	mutex_lock(&fs_lock);
	err = proc_root(&dir);
	if (!err && d_lookup(dir, name, strlen(name)))
		err = -EEXIST;
	if (!err) {
		d = ramfs_mknod(dir, name, strlen(name), S_IFREG | 0444);
		if (d) {
			d->d_inode->i_show = show;
			d->d_inode->i_fixed = true;
		}
		err = d ? 0 : -ENOMEM;
	}
	mutex_unlock(&fs_lock);
	return err;
}

/* A /proc/PID file's thread: gone (-ESRCH) once its slot was freed or taken by another. */
static size_t proc_show(struct inode *inode, char *buf, size_t size, bool *gone)
{
	struct thread *t;

	if (inode->i_show)
		return inode->i_show(buf, size);
	for (int i = 0; i < NR_THREADS; i++) {
		t = &thread_table[i];
		if (READ_ONCE(t->state) != THREAD_UNUSED && t->id == inode->i_pid)
			return inode->i_pid_show(t, buf, size);
	}
	*gone = true;
	return 0;
}

long proc_read(struct inode *inode, void *buf, size_t len, loff_t pos)
{
	bool gone = false;
	size_t size, n;
	char *text;

	if (pos < 0)
		return -EINVAL;
	/* The text may grow between two calls (a module loaded): until it fits. */
	for (size = 1024;; size = n + 1) {
		text = kmalloc(size);
		if (!text)
			return -ENOMEM;
		n = proc_show(inode, text, size, &gone);
		if (n < size)
			break;
		kfree(text);
	}
	if (gone) {
		kfree(text);
		return -ESRCH;
	}
	if (pos >= (loff_t)n)
		len = 0;
	else if ((loff_t)len > (loff_t)n - pos)
		len = n - pos;
	memcpy(buf, text + pos, len);
	kfree(text);
	return len;
}
