/*
 * Open files and the file descriptor table (kernel/fs/file.c).
 *
 * A struct file is one open(): a position and flags over an inode of the
 * root file system, one end of a pipe, or the console (neither: fd 0, 1
 * and 2 of the first program, which every other inherits). A process's descriptors are
 * its struct files_struct; fork() copies the table, each entry then
 * shared by the two (f_count), as in Linux.
 */
#ifndef _KERNEL_FILE_H
#define _KERNEL_FILE_H

#include <kernel/atomic.h>
#include <kernel/compiler.h>
#include <kernel/fs.h>

#define NR_OPEN		64	/* descriptors per process */

/* open()'s flags that every arch shares (the others: asm/fcntl.h). */
#define O_ACCMODE	00000003
#define O_RDONLY	00000000
#define O_WRONLY	00000001
#define O_RDWR		00000002
#define O_CREAT		00000100
#define O_EXCL		00000200
#define O_NOCTTY	00000400
#define O_TRUNC		00001000
#define O_APPEND	00002000
#define O_NONBLOCK	00004000
#define O_CLOEXEC	02000000

#define AT_FDCWD		-100
#define AT_SYMLINK_NOFOLLOW	0x100
#define AT_REMOVEDIR		0x200
#define AT_EMPTY_PATH		0x1000

struct pipe_inode_info;
struct poll_table;

struct file {
	atomic_t f_count;
	struct pipe_inode_info *f_pipe;	/* one end of a pipe (kernel/fs/pipe.c), or NULL */
	struct dentry *f_dentry;	/* NULL: the console, or a pipe */
	struct inode *f_inode;
	loff_t f_pos;
	unsigned int f_flags;
};

struct files_struct {
	struct file *fd[NR_OPEN];
	u64 close_on_exec;		/* a bit per descriptor */
};

/* A table with 0, 1 and 2 open on the console; NULL without memory. */
struct files_struct *files_alloc_console(void);
/* fork(): a copy, each open file shared; NULL without memory. */
struct files_struct *dup_files(struct files_struct *files);
/* Close every descriptor and free the table. */
void put_files(struct files_struct *files);
/* execve(): close the descriptors marked close-on-exec. */
void close_on_exec(struct files_struct *files);

/* The calling process's open file for fd with a count taken (the caller fput()s it), or NULL. */
struct file *fget(int fd);
/* The dentry of open file fd, held (the caller dput()s it; NULL: the console, a pipe): 0, -EBADF. */
int fd_dentry(int fd, struct dentry **d);
/* A new struct file (count 1) for dentry, NULL for the console. */
struct file *alloc_file(struct dentry *dentry, unsigned int flags);
void fput(struct file *file);
/* Put file in the lowest free descriptor >= from: the descriptor, or -EMFILE. */
int fd_install(struct file *file, int from, bool cloexec);
/* Close fd: 0 or -EBADF. */
int close_fd(int fd);

/* kernel/fs/pipe.c: what read, write and the last close do on a pipe's end. */
long pipe_read(struct file *f, char __user *buf, size_t count);
long pipe_write(struct file *f, const char __user *buf, size_t count);
void pipe_release(struct file *f);
/* What f's end can do now (POLLIN/POLLHUP, POLLOUT/POLLERR); pt: queue the caller (kernel/fs/select.c). */
unsigned int pipe_poll(struct file *f, struct poll_table *pt);

/*
 * kernel/fs/open.c: a path from user memory, kmalloc()ed (kfree() it), or
 * NULL and *err (-EFAULT, -ENAMETOOLONG, -ENOMEM, -EINVAL for a relative
 * path from a directory descriptor other than AT_FDCWD, the working
 * directory: no *at() call starts anywhere else yet).
 */
char *getname(const char __user *filename, int dfd, int *err);
/* The dentry a user path names (or with AT_EMPTY_PATH and "", the descriptor dfd), held: dput() it. */
int user_path_at(int dfd, const char __user *filename, unsigned int flags, struct dentry **res);

#endif
