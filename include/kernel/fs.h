/*
 * The in-memory file system (kernel/fs/): directories, regular files and
 * symbolic links kept in memory, like Linux's ramfs, which is what Linux's
 * rootfs is. There is no disk behind it: a regular file's pages in the page
 * cache (include/kernel/pagemap.h) are the file, and a link's target is
 * one kmalloc()ed string.
 *
 * A struct dentry is a name in a directory and points at its struct inode,
 * the file itself (as in Linux, the two are kept apart; here each inode has
 * exactly one name, as there are no hard links). Paths are looked up from
 * the root, or relative ones from the process's working directory (a
 * kernel thread's is the root): "." and ".." and repeated slashes work as
 * usual, and symbolic links are followed, at most MAXSYMLINKS of them per
 * lookup (-ELOOP).
 * Errors are Linux's negative errno values.
 *
 * One mutex guards the whole tree, so any thread may use it; the functions
 * here take it themselves. A dentry is counted (d_count): its place in its
 * directory, each open file on it and each entry in it hold one, so a file
 * unlinked while open (or a directory removed) goes on being readable
 * through its file, as on Linux, and is freed with its inode when the
 * last file closes. A dentry a lookup returns is held by nobody: it stays
 * valid until something removes it.
 */
#ifndef _KERNEL_FS_H
#define _KERNEL_FS_H

#include <kernel/atomic.h>
#include <kernel/list.h>
#include <kernel/stat.h>
#include <kernel/time64.h>
#include <kernel/types.h>

#define NAME_MAX	255	/* bytes in one path component */
#define PATH_MAX	4096	/* bytes in a path, its NUL included */
#define MAXSYMLINKS	40	/* links one lookup may follow */

typedef long long loff_t;

struct thread;

/* A file's pages (Linux's name for a file's page cache; kernel/mm/filemap.c). */
struct address_space {
	void **pages;		/* pages[i]: the file's i-th page, or NULL (a hole) */
	unsigned long nr_pages;	/* entries at pages (kmalloc()ed, grown by doubling) */
	/* Pages [start, end) were mapped executable, not written since (kernel/mm/filemap.c). */
	unsigned long exec_clean_start, exec_clean_end, writes;
};

/*
 * A device number inside the kernel, as Linux keeps it: a 12-bit major
 * (which driver) above a 20-bit minor (which of its devices).
 */
typedef u32 dev_t;
#define MINORBITS	20
#define MKDEV(ma, mi)	(((dev_t)(ma) << MINORBITS) | (dev_t)(mi))
#define MAJOR(dev)	((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev)	((unsigned int)((dev) & ((1U << MINORBITS) - 1)))

/*
 * The number user space sees (stat's st_rdev, mknod's dev): the minor's low
 * byte, then the 12-bit major, then the minor's upper 12 bits, so that a
 * number below 65536 reads as the old 8-bit major and minor did.
 */
static inline u32 new_encode_dev(dev_t dev)
{
	return (MINOR(dev) & 0xff) | (MAJOR(dev) << 8) | ((MINOR(dev) & ~0xffu) << 12);
}

static inline dev_t new_decode_dev(u32 dev)
{
	return MKDEV((dev & 0xfff00) >> 8, (dev & 0xff) | ((dev >> 12) & 0xfff00));
}

struct inode {
	unsigned long i_ino;
	umode_t i_mode;
	loff_t i_size;
	struct address_space i_data;	/* a regular file's bytes, i_size of them */
	char *i_link;			/* a link's target, i_size bytes, no NUL */
	dev_t i_rdev;			/* a character device's number (kernel/fs/char_dev.c) */
	/*
	 * Last read (set only by utimensat(): reads leave it, as Linux's
	 * noatime does), last change of the bytes or the entries, last change
	 * of anything, the mode and the name included.
	 */
	struct timespec64 i_atime, i_mtime, i_ctime;
	/*
	 * The dentries that hold it (its names, and removed ones still open):
	 * freed with the last; i_nlink counts the names alone (stat's st_nlink).
	 */
	unsigned int i_count, i_nlink;
	/*
	 * /proc's (kernel/fs/proc.c): i_show makes a file's text when it is
	 * read (snprintf()'s contract: the length the whole text needs);
	 * i_fixed keeps an entry and its directory as the kernel made them.
	 */
	size_t (*i_show)(char *buf, size_t size);
	bool i_fixed;
	/*
	 * /proc/PID's files (kernel/fs/proc_base.c): i_pid_show makes the text
	 * of the thread whose id is i_pid; i_self marks /proc/self, a link
	 * whose target is the reader's own pid.
	 */
	size_t (*i_pid_show)(struct thread *t, char *buf, size_t size);
	int i_pid;
	bool i_self;
};

struct dentry {
	struct dentry *d_parent;	/* the root's parent is the root */
	struct list_head d_child;	/* in the parent's d_subdirs */
	struct list_head d_subdirs;	/* a directory's entries, oldest first */
	struct inode *d_inode;
	atomic_t d_count;		/* its directory's, its open files', its entries' */
	char *d_name;			/* NUL-terminated, kmalloc()ed: rename() replaces it */
	unsigned int d_hash;		/* name_hash() of d_name: d_lookup() compares it first */
	/*
	 * mount() (kernel/fs/namespace.c): d_mounted is the root of the tree
	 * mounted on this folder, which a lookup goes on into; a mounted
	 * root's d_mountpoint is the folder it covers (its name and parent
	 * are that folder's, so that ".." and paths go through it).
	 */
	struct dentry *d_mounted, *d_mountpoint;
};

/* Take and drop a hold on d (an open file's); the last dput() frees it and its inode. */
void dget(struct dentry *d);
void dput(struct dentry *d);

/* Lookup flags: follow a symbolic link in the last component too (stat() rather than lstat()). */
#define LOOKUP_FOLLOW	0x1

/*
 * The dentry path names, held (dget()): the caller dput()s it, so that an
 * unlink() meanwhile cannot free it; or a negative errno (-ENOENT,
 * -ENOTDIR, -ELOOP, -ENAMETOOLONG) and nothing held.
 */
int kern_path(const char *path, unsigned int flags, struct dentry **res);

int vfs_mkdir(const char *path, umode_t mode);
/*
 * open()'s lookup, with its flags (O_CREAT, O_EXCL, O_TRUNC, O_NOFOLLOW,
 * O_DIRECTORY, the access mode) applied under one hold of the file
 * system's lock: the dentry, held as kern_path()'s, or a negative errno.
 */
int vfs_open(const char *path, unsigned int flags, umode_t mode, struct dentry **res);
/* A new empty regular file, or an existing one truncated to 0 (O_CREAT|O_TRUNC); held as kern_path()'s. */
int vfs_create(const char *path, umode_t mode, struct dentry **res);
/* A link at path whose target is the len bytes at target (Linux's symlink(target, path)). */
int vfs_symlink(const char *target, size_t len, const char *path);
int vfs_unlink(const char *path);
/* A second name, newpath, for the file oldpath names (kernel/fs/namei.c): link(). */
int vfs_link(const char *oldpath, const char *newpath, bool follow);
/* RENAME_NOREPLACE and RENAME_EXCHANGE: renameat2()'s flags, Linux's values. */
#define RENAME_NOREPLACE	1
#define RENAME_EXCHANGE		2
/*
 * Move the entry oldpath names to newpath (kernel/fs/rename.c): 0 or
 * Linux's errno for what is in the way.
 */
int vfs_rename(const char *oldpath, const char *newpath, unsigned int flags);
/* The permission bits of d's inode become mode's (S_IALLUGO): kernel/fs/attr.c. */
int vfs_chmod(struct dentry *d, umode_t mode);
int vfs_rmdir(const char *path);
/* A new node at path: a directory, a regular file, or a character device numbered dev (MKDEV()). */
int vfs_mknod(const char *path, umode_t mode, dev_t dev);

/*
 * A character device inode's driver (kernel/fs/char_dev.c): open() asks
 * whether there is one (0, or -ENXIO; a terminal's, kernel/tty/tty_io.c,
 * reads the flags); the others only once open() said yes, and never for
 * a terminal (its files use the line discipline). Bytes move through a kernel buffer.
 */
int chrdev_open(const struct inode *inode, unsigned int flags);
long chrdev_read(const struct inode *inode, char *buf, size_t count);
long chrdev_write(const struct inode *inode, const char *buf, size_t count);
bool chrdev_seekable(const struct inode *inode);

/*
 * Bytes read at pos (0 at the end), or a negative errno. A /proc file's
 * text is made anew by each call; writing one is -EIO, as in Linux.
 */
long vfs_read(struct inode *inode, void *buf, size_t len, loff_t pos);
/* Bytes written at pos, the file growing as needed (a hole reads as zeros), or -errno. */
long vfs_write(struct inode *inode, const void *buf, size_t len, loff_t pos);
/*
 * mmap() and execve() (kernel/fs/ramfs.c): pages index to index + n - 1 of a
 * regular file into pages[], each made if it was a hole, with one more user
 * taken for the caller, who maps it (put back when unmapped). How many it got:
 * fewer without memory or past the file's end.
 */
unsigned long get_file_pages(struct inode *inode, unsigned long index, unsigned long n,
			     void **pages);
/* Has the inode pages to map: a regular file of ramfs, not one of /proc's texts. */
static inline bool inode_has_pages(const struct inode *inode)
{
	return S_ISREG(inode->i_mode) && !inode->i_show && !inode->i_pid_show;
}
/* The link's target, NUL-terminated and cut to fit buf; its length, or -EINVAL. */
int vfs_readlink(struct dentry *dentry, char *buf, size_t size);

/*
 * getdents(): iterate_dir() calls ctx->actor for each entry from ctx->pos
 * on ("." and ".." first), advancing ctx->pos, until the actor returns
 * false (its buffer is full: that entry comes first next time) or the
 * entries run out.
 */
struct dir_context {
	bool (*actor)(struct dir_context *ctx, const char *name, int len, loff_t pos,
		      unsigned long ino, unsigned int d_type);
	loff_t pos;
};

int iterate_dir(struct dentry *dir, struct dir_context *ctx);

/*
 * /proc/NAME, a read-only file whose text show() makes at each read (in
 * kernel/fs/proc.c, Linux's proc_create_single()); 0 or a negative errno.
 */
int proc_create_single(const char *name, size_t (*show)(char *buf, size_t size));

#endif
