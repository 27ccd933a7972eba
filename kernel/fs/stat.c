/*
 * What a program learns about files without reading them: the stat family
 * (each C library asks its own way: glibc on x86_64 newfstatat, on ARM
 * statx; musl fstat and newfstatat; ARM's older programs fstatat64), readlinkat and getdents64 (Linux's
 * fs/stat.c, fs/readdir.c). Every answer is built in kernel memory and
 * copied out whole, so a bad pointer gives -EFAULT and nothing half
 * written. Times are the inode's (ramfs keeps them: kernel/fs/ramfs.c);
 * the console's and a pipe's are 0.
 */
#include <asm/page.h>
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>
#include <generated/unistd.h>

#define STATX_BASIC_STATS	0x000007ffU
#define BLOCK_SIZE		4096

struct statx_timestamp {
	s64 tv_sec;
	u32 tv_nsec;
	s32 __reserved;
};

struct statx {
	u32 stx_mask, stx_blksize;
	u64 stx_attributes;
	u32 stx_nlink, stx_uid, stx_gid;
	u16 stx_mode, __spare0;
	u64 stx_ino, stx_size, stx_blocks, stx_attributes_mask;
	struct statx_timestamp stx_atime, stx_btime, stx_ctime, stx_mtime;
	u32 stx_rdev_major, stx_rdev_minor, stx_dev_major, stx_dev_minor;
	u64 __spare2[14];
};

/* What every form of stat says, from an inode (NULL: the console). */
struct kstat {
	unsigned long ino;
	umode_t mode;
	loff_t size;
	dev_t rdev;			/* a character device's number, the kernel's MKDEV() */
	unsigned int nlink;
	struct timespec64 atime, mtime, ctime;
};

static void fill_kstat(const struct inode *inode, struct kstat *st)
{
	memset(st, 0, sizeof(*st));
	if (!inode) {
		st->ino = 2;
		st->nlink = 1;
		st->mode = S_IFCHR | 0600;
		st->rdev = MKDEV(5, 1);	/* Linux's /dev/console */
		return;
	}
	st->ino = inode->i_ino;
	st->mode = inode->i_mode;
	st->size = inode->i_size;
	st->rdev = inode->i_rdev;
	/* A folder says 2 (its name and its "."), whatever it holds: simpler than Linux's count. */
	st->nlink = S_ISDIR(inode->i_mode) ? 2 : inode->i_nlink;
	st->atime = inode->i_atime;
	st->mtime = inode->i_mtime;
	st->ctime = inode->i_ctime;
}

static struct statx_timestamp statx_time(const struct timespec64 *ts)
{
	return (struct statx_timestamp){ .tv_sec = ts->tv_sec, .tv_nsec = ts->tv_nsec };
}

/* What an open file is: a file of the root file system, a pipe, the console. */
static void fill_kstat_file(const struct file *f, struct kstat *st)
{
	fill_kstat(f->f_inode, st);
	if (f->f_pipe)
		st->mode = S_IFIFO | 0600;
}

/* Path, or with AT_EMPTY_PATH and "" the descriptor dfd (the console included). */
static int vfs_statx(int dfd, const char __user *filename, int flags, struct kstat *st)
{
	char probe;
	struct dentry *d;
	int err;

	if (flags & AT_EMPTY_PATH) {
		if (get_user(probe, filename))
			return -EFAULT;
		if (!probe) {
			struct file *f = fget(dfd);

			if (!f)
				return -EBADF;
			fill_kstat_file(f, st);
			fput(f);
			return 0;
		}
	}
	err = user_path_at(dfd, filename, flags, &d);
	if (!err) {
		fill_kstat(d->d_inode, st);
		dput(d);
	}
	return err;
}

SYSCALL_DEFINE5(statx, int, dfd, const char __user *, filename, unsigned int, flags,
		unsigned int, mask, struct statx __user *, buffer)
{
	struct statx tmp;
	struct kstat st;
	int err = vfs_statx(dfd, filename, flags, &st);

	(void)mask;
	if (err)
		return err;
	memset(&tmp, 0, sizeof(tmp));
	tmp.stx_mask = STATX_BASIC_STATS;
	tmp.stx_blksize = BLOCK_SIZE;
	tmp.stx_nlink = st.nlink;
	tmp.stx_mode = st.mode;
	tmp.stx_ino = st.ino;
	tmp.stx_size = st.size;
	tmp.stx_blocks = (st.size + 511) / 512;
	tmp.stx_rdev_major = MAJOR(st.rdev);
	tmp.stx_rdev_minor = MINOR(st.rdev);
	tmp.stx_atime = statx_time(&st.atime);
	tmp.stx_mtime = statx_time(&st.mtime);
	tmp.stx_ctime = statx_time(&st.ctime);
	return copy_to_user(buffer, &tmp, sizeof(tmp)) ? -EFAULT : 0;
}

#include <asm/stat.h>

/*
 * The struct the arch's stat calls fill: x86_64's struct stat (newfstatat,
 * fstat, stat, lstat), 32-bit ARM's struct stat64 (fstatat64, fstat64,
 * stat64, lstat64). The fields are the same; their sizes and places are not.
 */
#ifdef __NR_fstatat64
typedef struct stat64 arch_stat_t;
#else
typedef struct stat arch_stat_t;
#endif

static long cp_new_stat(const struct kstat *st, arch_stat_t __user *statbuf)
{
	arch_stat_t tmp;

	memset(&tmp, 0, sizeof(tmp));
	tmp.st_ino = st->ino;
#ifdef __NR_fstatat64
	tmp.__st_ino = st->ino;	/* ARM's older 32-bit field, which old programs read */
#endif
	tmp.st_mode = st->mode;
	tmp.st_nlink = st->nlink;
	tmp.st_rdev = new_encode_dev(st->rdev);
	tmp.st_size = st->size;
	tmp.st_blksize = BLOCK_SIZE;
	tmp.st_blocks = (st->size + 511) / 512;
	tmp.st_atime = st->atime.tv_sec;
	tmp.st_atime_nsec = st->atime.tv_nsec;
	tmp.st_mtime = st->mtime.tv_sec;
	tmp.st_mtime_nsec = st->mtime.tv_nsec;
	tmp.st_ctime = st->ctime.tv_sec;
	tmp.st_ctime_nsec = st->ctime.tv_nsec;
	return copy_to_user(statbuf, &tmp, sizeof(tmp)) ? -EFAULT : 0;
}

static long do_fstatat(int dfd, const char __user *filename, int flag,
		       arch_stat_t __user *statbuf)
{
	struct kstat st;
	int err = vfs_statx(dfd, filename, flag, &st);

	return err ? err : cp_new_stat(&st, statbuf);
}

static long do_fstat(unsigned int fd, arch_stat_t __user *statbuf)
{
	struct file *f = fget(fd);
	struct kstat st;

	if (!f)
		return -EBADF;
	fill_kstat_file(f, &st);
	fput(f);
	return cp_new_stat(&st, statbuf);
}

#ifdef __NR_newfstatat
SYSCALL_DEFINE4(newfstatat, int, dfd, const char __user *, filename, struct stat __user *, statbuf,
		int, flag)
{
	return do_fstatat(dfd, filename, flag, statbuf);
}

SYSCALL_DEFINE2(fstat, unsigned int, fd, struct stat __user *, statbuf)
{
	return do_fstat(fd, statbuf);
}

SYSCALL_DEFINE2(stat, const char __user *, filename, struct stat __user *, statbuf)
{
	return do_fstatat(AT_FDCWD, filename, 0, statbuf);
}

SYSCALL_DEFINE2(lstat, const char __user *, filename, struct stat __user *, statbuf)
{
	return do_fstatat(AT_FDCWD, filename, AT_SYMLINK_NOFOLLOW, statbuf);
}
#endif

#ifdef __NR_fstatat64
SYSCALL_DEFINE4(fstatat64, int, dfd, const char __user *, filename,
		struct stat64 __user *, statbuf, int, flag)
{
	return do_fstatat(dfd, filename, flag, statbuf);
}

SYSCALL_DEFINE2(fstat64, unsigned long, fd, struct stat64 __user *, statbuf)
{
	return do_fstat(fd, statbuf);
}

SYSCALL_DEFINE2(stat64, const char __user *, filename, struct stat64 __user *, statbuf)
{
	return do_fstatat(AT_FDCWD, filename, 0, statbuf);
}

SYSCALL_DEFINE2(lstat64, const char __user *, filename, struct stat64 __user *, statbuf)
{
	return do_fstatat(AT_FDCWD, filename, AT_SYMLINK_NOFOLLOW, statbuf);
}
#endif

static long do_readlinkat(int dfd, const char __user *pathname, char __user *buf, int bufsiz)
{
	struct dentry *d;
	char *target;
	int err = bufsiz <= 0 ? -EINVAL : user_path_at(dfd, pathname, AT_SYMLINK_NOFOLLOW, &d);

	if (err)
		return err;
	target = kmalloc(PATH_MAX);
	if (!target) {
		dput(d);
		return -ENOMEM;
	}
	err = vfs_readlink(d, target, PATH_MAX);
	dput(d);
	if (err > bufsiz)
		err = bufsiz;
	if (err > 0 && copy_to_user(buf, target, err))
		err = -EFAULT;
	kfree(target);
	return err;
}

SYSCALL_DEFINE4(readlinkat, int, dfd, const char __user *, pathname, char __user *, buf,
		int, bufsiz)
{
	return do_readlinkat(dfd, pathname, buf, bufsiz);
}

#ifdef __NR_readlink
SYSCALL_DEFINE3(readlink, const char __user *, path, char __user *, buf, int, bufsiz)
{
	return do_readlinkat(AT_FDCWD, path, buf, bufsiz);
}
#endif

struct linux_dirent64 {
	u64 d_ino;
	s64 d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

struct getdents_ctx {
	struct dir_context ctx;
	char *buf;
	size_t used, size;
	bool full;		/* an entry did not fit */
};

static bool filldir64(struct dir_context *ctx, const char *name, int len, loff_t pos,
		      unsigned long ino, unsigned int d_type)
{
	struct getdents_ctx *g = (struct getdents_ctx *)ctx;
	size_t reclen = ALIGN(sizeof(struct linux_dirent64) + len + 1, sizeof(u64));
	struct linux_dirent64 *de = (struct linux_dirent64 *)(g->buf + g->used);

	if (g->used + reclen > g->size) {
		g->full = true;
		return false;
	}
	de->d_ino = ino;
	de->d_off = pos + 1;
	de->d_reclen = reclen;
	de->d_type = d_type;
	memcpy(de->d_name, name, len);
	de->d_name[len] = '\0';
	g->used += reclen;
	return true;
}

SYSCALL_DEFINE3(getdents64, unsigned int, fd, void __user *, dirent, unsigned int, count)
{
	struct file *f = fget(fd);
	struct getdents_ctx g = { .ctx.actor = filldir64 };
	int err;

	if (!f)
		return -EBADF;
	g.size = count < PAGE_SIZE ? count : PAGE_SIZE;
	g.buf = f->f_dentry ? kmalloc(g.size ? g.size : 1) : NULL;
	if (!g.buf) {
		err = f->f_dentry ? -ENOMEM : -ENOTDIR;
		fput(f);
		return err;
	}
	g.ctx.pos = f->f_pos;
	err = iterate_dir(f->f_dentry, &g.ctx);
	if (!err && !g.used && g.full)
		err = -EINVAL;	/* not even one entry fits */
	if (!err && g.used && copy_to_user(dirent, g.buf, g.used))
		err = -EFAULT;
	if (!err)
		f->f_pos = g.ctx.pos;
	kfree(g.buf);
	fput(f);
	return err ? err : (long)g.used;
}
