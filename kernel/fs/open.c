/*
 * The system calls that name files by path or manage descriptors: openat
 * (and x86_64's open), close, dup, dup2, dup3, fcntl, faccessat, unlinkat,
 * rmdir, mkdirat (and x86_64's mkdir), symlinkat (and the older symlink),
 * chdir, fchdir, ioctl (Linux's fs/open.c,
 * fs/namei.c, fs/fcntl.c, fs/ioctl.c). What a process creates has its
 * umask (kernel/cred.c) taken off its mode; a link's is always 0777.
 *
 * A relative path is looked up from the working directory, as kern_path()
 * does, and a directory descriptor other than AT_FDCWD is refused for one
 * (-EINVAL) rather than misread. Files keep no
 * owner: every permission check passes but the executable bit execve()
 * needs (kernel/fs/exec.c).
 */
#include <asm/fcntl.h>
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/sched.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/tty.h>
#include <kernel/uaccess.h>
#include <generated/unistd.h>

#define F_DUPFD		0
#define F_GETFD		1
#define F_SETFD		2
#define F_GETFL		3
#define F_SETFL		4
#define F_DUPFD_CLOEXEC	1030
#define FD_CLOEXEC	1

#define R_OK		4
#define W_OK		2
#define X_OK		1

char *getname(const char __user *filename, int dfd, int *err)
{
	char *name = kmalloc(PATH_MAX);
	long n;

	*err = -ENOMEM;
	if (!name)
		return NULL;
	n = strncpy_from_user(name, filename, PATH_MAX);
	*err = n < 0 ? (int)n : n == PATH_MAX ? -ENAMETOOLONG : 0;
	if (!*err && name[0] != '/' && dfd != AT_FDCWD && name[0])
		*err = -EINVAL;
	if (*err) {
		kfree(name);
		return NULL;
	}
	return name;
}

/* The dentry a path (or, with AT_EMPTY_PATH and "", the descriptor dfd) names. */
int user_path_at(int dfd, const char __user *filename, unsigned int flags, struct dentry **res)
{
	int err;
	char *name = getname(filename, dfd, &err);

	if (!name)
		return err;
	if (!name[0] && (flags & AT_EMPTY_PATH)) {
		err = fd_dentry(dfd, res);
		if (!err && !*res)
			err = -ENODEV;
	} else {
		err = kern_path(name, flags & AT_SYMLINK_NOFOLLOW ? 0 : LOOKUP_FOLLOW, res);
	}
	kfree(name);
	return err;
}

static long do_open(int dfd, const char __user *filename, int flags, umode_t mode)
{
	struct dentry *d;
	struct file *f;
	int err, fd;
	char *name = getname(filename, dfd, &err);

	if (!name)
		return err;
	err = vfs_open(name, flags, mode & ~current->umask, &d);
	kfree(name);
	if (err)
		return err;
	f = alloc_file(d, flags);
	dput(d);	/* the file holds its own */
	if (!f)
		return -ENOMEM;
	fd = fd_install(f, 0, flags & O_CLOEXEC);
	if (fd < 0)
		fput(f);
	return fd;
}

SYSCALL_DEFINE4(openat, int, dfd, const char __user *, filename, int, flags, umode_t, mode)
{
	return do_open(dfd, filename, flags, mode);
}

#ifdef __NR_open
SYSCALL_DEFINE3(open, const char __user *, filename, int, flags, umode_t, mode)
{
	return do_open(AT_FDCWD, filename, flags, mode);
}
#endif

SYSCALL_DEFINE1(close, unsigned int, fd)
{
	return close_fd(fd);
}

static long dup_to(int oldfd, int newfd, bool cloexec)
{
	struct file *f = fget(oldfd);

	if (!f)
		return -EBADF;
	if (newfd < 0 || newfd >= NR_OPEN || oldfd == newfd) {
		fput(f);
		return oldfd == newfd ? newfd : -EBADF;
	}
	close_fd(newfd);
	return fd_install(f, newfd, cloexec);	/* the table keeps fget()'s count */
}

SYSCALL_DEFINE1(dup, unsigned int, fildes)
{
	struct file *f = fget(fildes);
	int fd;

	if (!f)
		return -EBADF;
	fd = fd_install(f, 0, false);	/* the table keeps fget()'s count */
	if (fd < 0)
		fput(f);
	return fd;
}

#ifdef __NR_dup2
SYSCALL_DEFINE2(dup2, unsigned int, oldfd, unsigned int, newfd)
{
	return dup_to(oldfd, newfd, false);
}
#endif

SYSCALL_DEFINE3(dup3, unsigned int, oldfd, unsigned int, newfd, int, flags)
{
	if (oldfd == newfd || (flags & ~O_CLOEXEC))
		return -EINVAL;
	return dup_to(oldfd, newfd, flags & O_CLOEXEC);
}

SYSCALL_DEFINE3(fcntl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	struct file *f = fget(fd);
	u64 bit = 1ULL << (fd % NR_OPEN);
	long ret = 0;

	if (!f)
		return -EBADF;
	switch (cmd) {
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		if (arg >= NR_OPEN) {
			ret = -EINVAL;	/* Linux: at or past RLIMIT_NOFILE */
			break;
		}
		/* The new descriptor keeps fget()'s count. */
		ret = fd_install(f, arg, cmd == F_DUPFD_CLOEXEC);
		if (ret >= 0)
			return ret;
		break;
	case F_GETFD:
		ret = current->files->close_on_exec & bit ? FD_CLOEXEC : 0;
		break;
	case F_SETFD:
		if (arg & FD_CLOEXEC)
			current->files->close_on_exec |= bit;
		else
			current->files->close_on_exec &= ~bit;
		break;
	case F_GETFL:
		ret = f->f_flags & ~O_CLOEXEC;
		break;
	case F_SETFL:
		f->f_flags = (f->f_flags & ~(O_APPEND | O_NONBLOCK)) | (arg & (O_APPEND | O_NONBLOCK));
		break;
	default:
		ret = -EINVAL;
	}
	fput(f);
	return ret;
}

#ifdef __NR_fcntl64
SYSCALL_DEFINE3(fcntl64, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	return sys_fcntl(fd, cmd, arg);
}
#endif

static long do_faccessat(int dfd, const char __user *filename, int mode)
{
	struct dentry *d;
	int err = user_path_at(dfd, filename, 0, &d);

	if (err)
		return err;
	if ((mode & X_OK) && !S_ISDIR(d->d_inode->i_mode) && !(d->d_inode->i_mode & 0111))
		err = -EACCES;
	dput(d);
	return err;
}

SYSCALL_DEFINE3(faccessat, int, dfd, const char __user *, filename, int, mode)
{
	return do_faccessat(dfd, filename, mode);
}

#ifdef __NR_access
SYSCALL_DEFINE2(access, const char __user *, filename, int, mode)
{
	return do_faccessat(AT_FDCWD, filename, mode);
}
#endif

static long do_unlinkat(int dfd, const char __user *pathname, int flag)
{
	int err;
	char *name = getname(pathname, dfd, &err);

	if (!name)
		return err;
	err = flag & AT_REMOVEDIR ? vfs_rmdir(name) : vfs_unlink(name);
	kfree(name);
	return err;
}

SYSCALL_DEFINE3(unlinkat, int, dfd, const char __user *, pathname, int, flag)
{
	if (flag & ~AT_REMOVEDIR)
		return -EINVAL;
	return do_unlinkat(dfd, pathname, flag);
}

#ifdef __NR_unlink
SYSCALL_DEFINE1(unlink, const char __user *, pathname)
{
	return do_unlinkat(AT_FDCWD, pathname, 0);
}
#endif

#ifdef __NR_rmdir
SYSCALL_DEFINE1(rmdir, const char __user *, pathname)
{
	return do_unlinkat(AT_FDCWD, pathname, AT_REMOVEDIR);
}
#endif

static long do_mkdirat(int dfd, const char __user *pathname, umode_t mode)
{
	int err;
	char *name = getname(pathname, dfd, &err);

	if (!name)
		return err;
	err = vfs_mkdir(name, mode & ~current->umask);
	kfree(name);
	return err;
}

SYSCALL_DEFINE3(mkdirat, int, dfd, const char __user *, pathname, umode_t, mode)
{
	return do_mkdirat(dfd, pathname, mode);
}

#ifdef __NR_mkdir
SYSCALL_DEFINE2(mkdir, const char __user *, pathname, umode_t, mode)
{
	return do_mkdirat(AT_FDCWD, pathname, mode);
}
#endif

static long do_symlinkat(const char __user *oldname, int newdfd, const char __user *newname)
{
	int err;
	/* The target is kept as it is, not looked up: no directory descriptor applies to it. */
	char *target = getname(oldname, AT_FDCWD, &err), *name;

	if (!target)
		return err;
	name = getname(newname, newdfd, &err);
	if (name)
		err = vfs_symlink(target, strlen(target), name);
	kfree(name);
	kfree(target);
	return err;
}

SYSCALL_DEFINE3(symlinkat, const char __user *, oldname, int, newdfd,
		const char __user *, newname)
{
	return do_symlinkat(oldname, newdfd, newname);
}

#ifdef __NR_symlink
SYSCALL_DEFINE2(symlink, const char __user *, oldname, const char __user *, newname)
{
	return do_symlinkat(oldname, AT_FDCWD, newname);
}
#endif

/* The working directory becomes d (held by the caller, whose hold it takes), if d is one. */
static long set_cwd(struct dentry *d)
{
	struct dentry *old = current->cwd;

	if (!S_ISDIR(d->d_inode->i_mode)) {
		dput(d);
		return -ENOTDIR;
	}
	current->cwd = d;
	if (old)
		dput(old);
	return 0;
}

SYSCALL_DEFINE1(chdir, const char __user *, filename)
{
	struct dentry *d;
	int err = user_path_at(AT_FDCWD, filename, 0, &d);	/* links followed */

	return err ? err : set_cwd(d);
}

SYSCALL_DEFINE1(fchdir, unsigned int, fd)
{
	struct dentry *d;
	int err = fd_dentry(fd, &d);

	if (err)
		return err;
	return d ? set_cwd(d) : -ENOTDIR;	/* the console or a pipe */
}

/* Only a terminal (the console: kernel/tty/tty_ioctl.c) answers ioctls; anything else is ENOTTY. */
SYSCALL_DEFINE3(ioctl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	struct file *f = fget(fd);
	struct tty_struct *tty;
	long ret;

	if (!f)
		return -EBADF;
	tty = file_tty(f);
	ret = tty ? tty_ioctl(tty, f, cmd, arg) : -ENOTTY;
	fput(f);
	return ret;
}
