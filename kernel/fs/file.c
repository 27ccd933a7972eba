/*
 * Open files and descriptor tables (include/kernel/file.h). Each process
 * has one thread, so its table is only ever used by that thread: no lock
 * is needed for the table, only a count on each file, which fork() shares.
 * fget() takes a count for its caller, who fput()s it when done: a file in
 * use outlives its descriptor's close(), so that tables shared by threads
 * (which would then need a lock around a slot's read) need no change of
 * the callers.
 */
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/file.h>
#include <kernel/sched.h>
#include <kernel/slab.h>
#include <kernel/string.h>

struct file *alloc_file(struct dentry *dentry, unsigned int flags)
{
	struct file *f = kzalloc(sizeof(*f));

	if (!f)
		return NULL;
	atomic_set(&f->f_count, 1);
	f->f_dentry = dentry;
	f->f_inode = dentry ? dentry->d_inode : NULL;
	if (dentry)
		dget(dentry);	/* an unlinked file lives on while open */
	f->f_flags = flags;
	return f;
}

void fput(struct file *file)
{
	if (atomic_add_return(-1, &file->f_count))
		return;
	if (file->f_pipe)
		pipe_release(file);
	if (file->f_dentry)
		dput(file->f_dentry);
	kfree(file);
}

struct files_struct *files_alloc_console(void)
{
	struct files_struct *files = kzalloc(sizeof(*files));
	struct file *console = alloc_file(NULL, O_RDWR);

	if (!files || !console) {
		kfree(files);
		kfree(console);
		return NULL;
	}
	atomic_set(&console->f_count, 3);
	for (int fd = 0; fd < 3; fd++)
		files->fd[fd] = console;
	return files;
}

struct files_struct *dup_files(struct files_struct *old)
{
	struct files_struct *files = kzalloc(sizeof(*files));

	if (!files)
		return NULL;
	memcpy(files, old, sizeof(*files));
	for (int fd = 0; fd < NR_OPEN; fd++)
		if (files->fd[fd])
			atomic_add(1, &files->fd[fd]->f_count);
	return files;
}

void put_files(struct files_struct *files)
{
	for (int fd = 0; fd < NR_OPEN; fd++)
		if (files->fd[fd])
			fput(files->fd[fd]);
	kfree(files);
}

void close_on_exec(struct files_struct *files)
{
	for (int fd = 0; fd < NR_OPEN; fd++)
		if (files->fd[fd] && (files->close_on_exec & (1ULL << fd))) {
			fput(files->fd[fd]);
			files->fd[fd] = NULL;
		}
	files->close_on_exec = 0;
}

struct file *fget(int fd)
{
	struct files_struct *files = current->files;

	struct file *file;

	if (!files || fd < 0 || fd >= NR_OPEN)
		return NULL;
	file = files->fd[fd];
	if (file)
		atomic_add(1, &file->f_count);
	return file;
}

int fd_dentry(int fd, struct dentry **d)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	*d = f->f_dentry;
	if (*d)
		dget(*d);
	fput(f);
	return 0;
}

int fd_install(struct file *file, int from, bool cloexec)
{
	struct files_struct *files = current->files;

	for (int fd = from < 0 ? 0 : from; fd < NR_OPEN; fd++) {
		if (files->fd[fd])
			continue;
		files->fd[fd] = file;
		if (cloexec)
			files->close_on_exec |= 1ULL << fd;
		else
			files->close_on_exec &= ~(1ULL << fd);
		return fd;
	}
	return -EMFILE;
}

int close_fd(int fd)
{
	struct files_struct *files = current->files;
	struct file *file = files && fd >= 0 && fd < NR_OPEN ? files->fd[fd] : NULL;

	if (!file)
		return -EBADF;
	current->files->fd[fd] = NULL;
	current->files->close_on_exec &= ~(1ULL << fd);
	fput(file);
	return 0;
}
