/*
 * The loader's system calls, with Linux's numbers and meanings (its
 * kernel/module/main.c): what /sbin/insmod and /sbin/rmmod call, as
 * kmod's tools do.
 *
 *   init_module(image, len, args)   a .ko in the caller's memory
 *   finit_module(fd, args, flags)   a .ko the caller has open
 *   delete_module(name, flags)      remove a module by name
 *
 * Every pointer is the caller's: the image comes in with copy_from_user()
 * (once, and at most MODULE_IMAGE_MAX bytes, else -EFBIG),
 * the parameters and the name with strncpy_from_user(), so a bad pointer
 * is -EFAULT and never a kernel fault. The errors are load_module()'s and
 * delete_module()'s (include/kernel/module.h): -ENOEXEC with a one-line
 * reason in the log for a file that is not a module for this kernel,
 * -EEXIST for a name already loaded, -ENOENT for a name not loaded,
 * -EWOULDBLOCK while other modules use its exports.
 *
 * Who may: Linux asks for CAP_SYS_MODULE. Special K has no users or
 * capabilities (every process is, in effect, root), so every process may
 * load and remove modules; there is no modules_disabled switch either.
 *
 * finit_module()'s flags: MODULE_INIT_IGNORE_VERMAGIC skips the version
 * magic check, as in Linux; MODULE_INIT_IGNORE_MODVERSIONS has nothing to
 * skip (there are no symbol versions); MODULE_INIT_COMPRESSED_FILE is
 * -EOPNOTSUPP, as in a Linux built without module decompression; any
 * other bit is -EINVAL. delete_module()'s flags change nothing: removal
 * never waits (O_NONBLOCK is what Linux has always done since 3.13), and
 * O_TRUNC does not force it (as in a Linux without
 * CONFIG_MODULE_FORCE_UNLOAD, Debian's): a module in use stays in.
 */
#include <asm/page.h>
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/fs.h>
#include <kernel/module.h>
#include <kernel/slab.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>

#include "internal.h"

/* The longest parameter string a program may pass, its NUL included. */
#define MODULE_ARGS_MAX		PAGE_SIZE

/* Linux's strndup_user(): -EFAULT for a bad pointer, -EINVAL when no NUL comes in time. */
static char *strndup_user(const char __user *s, long n, int *err)
{
	char *copy = kmalloc(n);
	long len;

	*err = -ENOMEM;
	if (!copy)
		return NULL;
	len = strncpy_from_user(copy, s, n);
	*err = len < 0 ? (int)len : len == n ? -EINVAL : 0;
	if (*err) {
		kfree(copy);
		return NULL;
	}
	return copy;
}

/* The whole of a regular file, kmalloc()ed (Linux's kernel_read_file()); -EFBIG past the limit. */
static void *read_whole_file(struct inode *inode, size_t *len, int *err)
{
	void *image;
	long n;

	if (!S_ISREG(inode->i_mode)) {
		*err = S_ISDIR(inode->i_mode) ? -EISDIR : -EINVAL;
		return NULL;
	}
	image = module_image_alloc(inode->i_size, err);
	if (!image)
		return NULL;
	n = vfs_read(inode, image, inode->i_size, 0);
	if (n < 0) {
		kfree(image);
		*err = n;
		return NULL;
	}
	*len = n;
	return image;
}

/* The file's one copy goes to the loader, which frees it. */
static int load_file(struct inode *inode, const char *args, int flags)
{
	size_t len;
	int err = 0;
	void *image = read_whole_file(inode, &len, &err);

	if (image)
		do_load_module(image, len, args, flags, &err);
	return err;
}

struct module *load_module_file(const char *path, const char *args, int *err)
{
	struct dentry *d;
	size_t len;
	void *image;

	*err = kern_path(path, LOOKUP_FOLLOW, &d);
	if (*err)
		return NULL;
	image = read_whole_file(d->d_inode, &len, err);
	dput(d);
	return image ? do_load_module(image, len, args, 0, err) : NULL;
}

SYSCALL_DEFINE3(init_module, void __user *, umod, unsigned long, len, const char __user *, uargs)
{
	char *args;
	void *image;
	int err = 0;

	args = strndup_user(uargs, MODULE_ARGS_MAX, &err);
	if (!args)
		return err;
	/* Copied once, into what the loader takes (-EFBIG past MODULE_IMAGE_MAX). */
	image = module_image_alloc(len, &err);
	if (image && copy_from_user(image, umod, len)) {
		kfree(image);
		err = -EFAULT;
	} else if (image) {
		do_load_module(image, len, args, 0, &err);
	}
	kfree(args);
	return err;
}

static int do_finit_module(struct file *f, const char __user *uargs, int flags)
{
	char *args;
	int err;

	if (flags & ~(MODULE_INIT_IGNORE_MODVERSIONS | MODULE_INIT_IGNORE_VERMAGIC |
		      MODULE_INIT_COMPRESSED_FILE))
		return -EINVAL;
	if (!f || (f->f_flags & O_ACCMODE) == O_WRONLY)
		return -EBADF;
	/* Not the console, a pipe or a directory: Linux's kernel_read_file() wants a regular file. */
	if (!f->f_inode || !S_ISREG(f->f_inode->i_mode))
		return -EINVAL;
	if (flags & MODULE_INIT_COMPRESSED_FILE)
		return -EOPNOTSUPP;
	args = strndup_user(uargs, MODULE_ARGS_MAX, &err);
	if (!args)
		return err;
	err = load_file(f->f_inode, args, flags);
	kfree(args);
	return err;
}

SYSCALL_DEFINE3(finit_module, int, fd, const char __user *, uargs, int, flags)
{
	struct file *f = fget(fd);
	int err = do_finit_module(f, uargs, flags);

	if (f)
		fput(f);
	return err;
}

SYSCALL_DEFINE2(delete_module, const char __user *, name_user, unsigned int, flags)
{
	char name[MODULE_NAME_LEN];
	long len = strncpy_from_user(name, name_user, sizeof(name));

	(void)flags;
	if (len < 0)
		return len;
	/* Too long to be any module's name: none is loaded by it. */
	if (len == 0 || len == sizeof(name))
		return -ENOENT;
	return delete_module(name);
}
