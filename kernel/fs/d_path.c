/*
 * getcwd(): the working directory's path, made by walking from it up to
 * the root through d_parent, each name put in front of the ones after it
 * (Linux's fs/d_path.c). Under fs_lock, so that no rename or removal moves
 * a name while it is copied. A working directory that was removed has no
 * path: -ENOENT, as on Linux.
 */
#include <kernel/errno.h>
#include <kernel/mutex.h>
#include <kernel/sched.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>

#include "internal.h"

char *d_path(const struct dentry *d, char *buf, size_t size)
{
	char *p = buf + size - 1;

	*p = '\0';
	if (d == &root_dentry)
		*--p = '/';
	for (; d != &root_dentry; d = d->d_parent) {
		size_t len = strlen(d->d_name);

		if ((size_t)(p - buf) < len + 1)
			return NULL;
		p -= len;
		memcpy(p, d->d_name, len);
		*--p = '/';
	}
	return p;
}

SYSCALL_DEFINE2(getcwd, char __user *, buf, unsigned long, size)
{
	struct dentry *cwd = current->cwd ? current->cwd : &root_dentry;
	char *page = kmalloc(PATH_MAX), *path;
	long len;

	if (!page)
		return -ENOMEM;
	mutex_lock(&fs_lock);
	path = d_unlinked(cwd) ? NULL : d_path(cwd, page, PATH_MAX);
	len = path ? page + PATH_MAX - path : 0;	/* with its NUL */
	mutex_unlock(&fs_lock);
	if (!path)
		len = d_unlinked(cwd) ? -ENOENT : -ENAMETOOLONG;
	else if ((unsigned long)len > size)
		len = -ERANGE;
	else if (copy_to_user(buf, path, len))
		len = -EFAULT;
	kfree(page);
	return len;
}
