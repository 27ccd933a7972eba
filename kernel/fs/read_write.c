/*
 * Reading and writing: vfs_read() and vfs_write() on a ramfs or /proc
 * inode, and open files' read, write, readv, writev, pread64, pwrite64,
 * lseek, sendfile (Linux's fs/read_write.c; a pipe's ends are
 * kernel/fs/pipe.c's). The console (fd 0, 1, 2 of
 * every program unless it closed them, /dev/console, /dev/tty) is a
 * terminal: its reads and writes go through the line discipline
 * (kernel/tty/). Another character device (kernel/fs/char_dev.c:
 * /dev/null, /dev/zero) goes to its driver instead of the file's pages. A file of
 * the root file system, or a device, is read and written through a kernel
 * buffer, a chunk at a time, so that a bad user pointer is an -EFAULT from
 * copy_{from,to}_user() (after the bytes before it were done, as Linux
 * counts them), never a fault inside the file system.
 */
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/fs.h>
#include <kernel/overflow.h>
#include <kernel/syscalls.h>
#include <kernel/tty.h>
#include <kernel/uaccess.h>
#include <generated/unistd.h>

#include "internal.h"

#define CHUNK	1024	/* bytes copied at a time, on the kernel stack */
#define MAX_RW_COUNT	0x7ffff000	/* the most one call moves, Linux's (INT_MAX, page-rounded down) */
#define SEEK_SET	0
#define SEEK_CUR	1
#define SEEK_END	2

struct iovec {
	void __user *iov_base;
	unsigned long iov_len;
};

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
	if (proc_inode(inode))
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
	if (proc_inode(inode))
		return -EIO;
	mutex_lock(&fs_lock);
	ret = ramfs_write(inode, buf, len, pos);
	mutex_unlock(&fs_lock);
	return ret;
}

/* n bytes of a kernel buffer to f at pos: a terminal's line discipline, a device's driver, or a file's pages. */
static long write_chunk(struct file *f, const char *chunk, size_t n, loff_t pos)
{
	struct tty_struct *tty = file_tty(f);

	if (tty) {
		n_tty_write(tty, chunk, n);
		return n;
	}
	if (S_ISCHR(f->f_inode->i_mode))
		return chrdev_write(f->f_inode, chunk, n);
	return vfs_write(f->f_inode, chunk, n, pos);
}

static long file_write(struct file *f, const char __user *buf, size_t count, loff_t *pos)
{
	char chunk[CHUNK];
	size_t done = 0;

	if ((f->f_flags & O_ACCMODE) == O_RDONLY)
		return -EBADF;
	if (f->f_pipe)
		return pipe_write(f, buf, count);
	if (f->f_inode && (f->f_flags & O_APPEND))
		*pos = f->f_inode->i_size;
	while (done < count) {
		size_t n = count - done < CHUNK ? count - done : CHUNK;
		size_t left = copy_from_user(chunk, buf + done, n);
		long w = n - left;

		if (w)
			w = write_chunk(f, chunk, w, *pos);
		if (w < 0)
			return done ? (long)done : w;
		done += w;
		*pos += w;
		if (left)
			return done ? (long)done : -EFAULT;
	}
	return done;
}

static long file_read(struct file *f, char __user *buf, size_t count, loff_t *pos)
{
	char chunk[CHUNK];
	size_t done = 0;

	if ((f->f_flags & O_ACCMODE) == O_WRONLY)
		return -EBADF;
	if (f->f_pipe)
		return pipe_read(f, buf, count);
	if (file_tty(f))
		return tty_read(f, buf, count);
	while (done < count) {
		size_t n = count - done < CHUNK ? count - done : CHUNK;
		long r = S_ISCHR(f->f_inode->i_mode) ? chrdev_read(f->f_inode, chunk, n) :
			 vfs_read(f->f_inode, chunk, n, *pos);

		if (r <= 0)
			return done ? (long)done : r;
		if (copy_to_user(buf + done, chunk, r))
			return done ? (long)done : -EFAULT;
		done += r;
		*pos += r;
		if ((size_t)r < n)
			break;
	}
	return done;
}

SYSCALL_DEFINE3(write, unsigned int, fd, const char __user *, buf, size_t, count)
{
	struct file *f = fget(fd);
	long ret;

	if (!f)
		return -EBADF;
	ret = file_write(f, buf, count, &f->f_pos);
	fput(f);
	return ret;
}

SYSCALL_DEFINE3(read, unsigned int, fd, char __user *, buf, size_t, count)
{
	struct file *f = fget(fd);
	long ret;

	if (!f)
		return -EBADF;
	ret = file_read(f, buf, count, &f->f_pos);
	fput(f);
	return ret;
}

static long do_pread(unsigned int fd, char __user *buf, size_t count, loff_t pos, bool write)
{
	struct file *f = fget(fd);
	long ret;

	if (!f)
		return -EBADF;
	if (!f->f_inode || (S_ISCHR(f->f_inode->i_mode) && !chrdev_seekable(f->f_inode)))
		ret = -ESPIPE;
	else if (pos < 0)
		ret = -EINVAL;
	else
		ret = write ? file_write(f, buf, count, &pos) : file_read(f, buf, count, &pos);
	fput(f);
	return ret;
}

#if __SIZEOF_LONG__ == 8
SYSCALL_DEFINE4(pread64, unsigned int, fd, char __user *, buf, size_t, count, loff_t, pos)
{
	return do_pread(fd, buf, count, pos, false);
}

SYSCALL_DEFINE4(pwrite64, unsigned int, fd, const char __user *, buf, size_t, count, loff_t, pos)
{
	return do_pread(fd, (char __user *)buf, count, pos, true);
}
#else
/* 32-bit ARM's EABI passes the 64-bit offset in an even register pair: r4 and r5, r3 unused. */
SYSCALL_DEFINE6(pread64, unsigned int, fd, char __user *, buf, size_t, count, unsigned long, pad,
		unsigned long, lo, unsigned long, hi)
{
	(void)pad;
	return do_pread(fd, buf, count, (loff_t)(((u64)hi << 32) | lo), false);
}

SYSCALL_DEFINE6(pwrite64, unsigned int, fd, const char __user *, buf, size_t, count,
		unsigned long, pad, unsigned long, lo, unsigned long, hi)
{
	(void)pad;
	return do_pread(fd, (char __user *)buf, count, (loff_t)(((u64)hi << 32) | lo), true);
}
#endif

/* Each vector in turn, stopping at the first short one, as Linux's do_loop_readv_writev(). */
static long do_iov(unsigned long fd, const struct iovec __user *vec, unsigned long vlen, bool write)
{
	struct file *f;
	long total = 0, n = 0;

	if (vlen > 1024)
		return -EINVAL;
	f = fget(fd);
	if (!f)
		return -EBADF;
	for (unsigned long i = 0; i < vlen; i++) {
		struct iovec iov;

		if (copy_from_user(&iov, vec + i, sizeof(iov))) {
			n = -EFAULT;
			break;
		}
		n = write ? file_write(f, iov.iov_base, iov.iov_len, &f->f_pos) :
			    file_read(f, iov.iov_base, iov.iov_len, &f->f_pos);
		if (n < 0)
			break;
		total += n;
		if ((unsigned long)n < iov.iov_len)
			break;
	}
	fput(f);
	return total || n >= 0 ? total : n;
}

SYSCALL_DEFINE3(writev, unsigned long, fd, const struct iovec __user *, vec, unsigned long, vlen)
{
	return do_iov(fd, vec, vlen, true);
}

SYSCALL_DEFINE3(readv, unsigned long, fd, const struct iovec __user *, vec, unsigned long, vlen)
{
	return do_iov(fd, vec, vlen, false);
}

static long do_lseek(unsigned int fd, loff_t offset, unsigned int whence, loff_t *res)
{
	struct file *f = fget(fd);
	loff_t base = 0;
	long err = 0;

	if (!f)
		return -EBADF;
	switch (whence) {
	case SEEK_SET: base = 0; break;
	case SEEK_CUR: base = f->f_pos; break;
	case SEEK_END: base = f->f_inode ? f->f_inode->i_size : 0; break;
	default: err = -EINVAL;
	}
	if (!f->f_inode || (S_ISCHR(f->f_inode->i_mode) && !chrdev_seekable(f->f_inode)))
		err = -ESPIPE;
	else if (!err && S_ISCHR(f->f_inode->i_mode))
		*res = 0;	/* null and zero: every seek lands at 0 */
	else if (!err && (check_add_overflow(base, offset, res) || *res < 0))
		err = -EINVAL;
	if (!err)
		f->f_pos = *res;
	fput(f);
	return err;
}

SYSCALL_DEFINE3(lseek, unsigned int, fd, long, offset, unsigned int, whence)
{
	loff_t res;
	long err = do_lseek(fd, offset, whence, &res);

	return err ? err : (long)res;
}

#ifdef __NR__llseek
/* 32-bit: the offset in two halves, the result through a pointer. */
SYSCALL_DEFINE5(_llseek, unsigned int, fd, unsigned long, high, unsigned long, low,
		loff_t __user *, result, unsigned int, whence)
{
	loff_t res;
	long err = do_lseek(fd, (loff_t)(((u64)high << 32) | low), whence, &res);

	if (!err && copy_to_user(result, &res, sizeof(res)))
		err = -EFAULT;
	return err;
}
#endif

/*
 * sendfile(): count bytes of in_fd, a regular file (as Linux asks of it),
 * to out_fd through a kernel buffer, from *uoff (which moves; in_fd's
 * position stays) or from in_fd's position (which moves). out_fd may be a
 * file, a device or the console; a pipe is EINVAL here, where Linux takes
 * one (cp then copies with read() and write()), and so is O_APPEND, as on
 * Linux. What was copied before an error counts.
 */
static long do_sendfile(int out_fd, int in_fd, void __user *uoff, size_t count, bool off64)
{
	struct file *in = fget(in_fd), *out = fget(out_fd);
	loff_t pos = 0, opos;
	char chunk[CHUNK];
	size_t done = 0;
	long ret = 0, off32;

	if (!in || !out || (in->f_flags & O_ACCMODE) == O_WRONLY ||
	    (out->f_flags & O_ACCMODE) == O_RDONLY)
		ret = -EBADF;
	else if (!in->f_inode || !S_ISREG(in->f_inode->i_mode) || out->f_pipe ||
		 (out->f_flags & O_APPEND))
		ret = -EINVAL;
	else if (uoff && off64)
		ret = copy_from_user(&pos, uoff, sizeof(pos)) ? -EFAULT : 0;
	else if (uoff && !copy_from_user(&off32, uoff, sizeof(off32)))
		pos = off32;
	else if (uoff)
		ret = -EFAULT;
	else
		pos = in->f_pos;
	if (!ret && pos < 0)
		ret = -EINVAL;
	if (count > MAX_RW_COUNT)
		count = MAX_RW_COUNT;
	opos = out ? out->f_pos : 0;
	while (!ret && done < count) {
		size_t n = count - done < CHUNK ? count - done : CHUNK;
		long r = vfs_read(in->f_inode, chunk, n, pos), w;

		if (r <= 0) {
			ret = done ? 0 : r;
			break;
		}
		w = write_chunk(out, chunk, r, opos);
		if (w <= 0) {
			ret = done ? 0 : w;
			break;
		}
		done += w;
		pos += w;
		opos += w;
		if (w < r)
			break;
	}
	if (done) {
		out->f_pos = opos;
		off32 = pos;
		if (!uoff)
			in->f_pos = pos;
		else if (off64 ? copy_to_user(uoff, &pos, sizeof(pos)) :
			 copy_to_user(uoff, &off32, sizeof(off32)))
			ret = -EFAULT;
	}
	if (in)
		fput(in);
	if (out)
		fput(out);
	return ret ? ret : (long)done;
}

#if __SIZEOF_LONG__ == 8
SYSCALL_DEFINE4(sendfile, int, out_fd, int, in_fd, loff_t __user *, offset, size_t, count)
{
	return do_sendfile(out_fd, in_fd, offset, count, true);
}
#else
/* 32-bit ARM: sendfile's offset is a long, sendfile64's a 64-bit loff_t. */
SYSCALL_DEFINE4(sendfile, int, out_fd, int, in_fd, long __user *, offset, size_t, count)
{
	return do_sendfile(out_fd, in_fd, offset, count, false);
}

SYSCALL_DEFINE4(sendfile64, int, out_fd, int, in_fd, loff_t __user *, offset, size_t, count)
{
	return do_sendfile(out_fd, in_fd, offset, count, true);
}
#endif
