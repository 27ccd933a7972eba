/*
 * /proc/PID and /proc/self: what ps, top and a student's `cat` read about a
 * thread, in Linux's formats (proc(5)): stat, status, cmdline and wchan,
 * the last being the article's own: the function a sleeping thread waits
 * in, found by get_wchan() past the .sched.text functions (kernel/wchan.c).
 *
 * Linux makes these dentries when a lookup asks for them, and so does
 * proc_lookup_pid() (fs_lock held), as ordinary entries of the /proc
 * directory, dropping those of threads that are gone; wait4()'s reap drops
 * its child's (proc_flush_pid(), as Linux's release_task() does). A listing
 * makes none: after /proc's entries it names each live thread (a kernel
 * thread too, with an empty cmdline, as Linux's). So /proc holds the memory
 * of no more directories than threads someone looked into, and none when
 * nobody did. A file opened before its thread went reads -ESRCH.
 *
 * A process's command line is a copy of execve()'s argv strings kept with
 * the thread (proc_set_cmdline()), not read from its memory as Linux
 * does: another process's memory may go (exec, exit) while it is read, and
 * this needs no lock on it. It is empty for a zombie, as on Linux.
 *
 * What the kernel does not keep reads as 0 in stat (terminal, times,
 * fault counts, sizes). status gives the one uid
 * and gid a thread has (kernel/cred.c) as real, effective, saved and file
 * ids; its one supplementary group is 0, as getgroups() says.
 */
#include <kernel/errno.h>
#include <kernel/slab.h>
#include <kernel/spinlock.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

#include "../sched_internal.h"
#include "internal.h"

#define PROC_PID_INO	0x40000000UL

static DEFINE_SPINLOCK(cmdline_lock);

/* Threads whose slot nobody will reap (an orphan that ended) are gone already. */
static bool thread_listed(struct thread *t)
{
	return READ_ONCE(t->state) != THREAD_UNUSED && !(t->exited && t->orphan);
}

/* Linux's state letters: R running or runnable, S asleep, T stopped, Z ended and unreaped, X dead. */
static char state_letter(struct thread *t)
{
	if (t->exited)
		return 'Z';
	if (READ_ONCE(t->stopped))
		return 'T';
	switch (READ_ONCE(t->state)) {
	case THREAD_RUNNING:
		return 'R';
	case THREAD_SLEEPING:
		return 'S';
	default:
		return 'X';
	}
}

static const char *state_name(char c)
{
	switch (c) {
	case 'R':
		return "running";
	case 'S':
		return "sleeping";
	case 'T':
		return "stopped";
	case 'Z':
		return "zombie";
	default:
		return "dead";
	}
}

static int ppid_of(struct thread *t)
{
	struct thread *p = READ_ONCE(t->parent);

	return p ? p->id : 0;
}

/*
 * Fields 1-52 of proc(5): pid (comm) state ppid pgrp session tty_nr tpgid
 * flags minflt cminflt majflt cmajflt utime stime cutime cstime priority
 * nice num_threads itrealvalue starttime vsize rss rsslim, then 28 more.
 */
static size_t stat_show(struct thread *t, char *buf, size_t size)
{
	return snprintf(buf, size,
			"%d (%s) %c %d %d %d 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 0 0 0 0"
			" 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
			t->id, t->name, state_letter(t), ppid_of(t), t->pgrp, t->session);
}

static size_t status_show(struct thread *t, char *buf, size_t size)
{
	unsigned int uid = t->uid, gid = t->gid;	/* u32 is a long on ARM */
	char c = state_letter(t);

	return snprintf(buf, size,
			"Name:\t%s\nUmask:\t%04o\nState:\t%c (%s)\nTgid:\t%d\nNgid:\t0\nPid:\t%d\n"
			"PPid:\t%d\nTracerPid:\t0\nUid:\t%u\t%u\t%u\t%u\nGid:\t%u\t%u\t%u\t%u\n"
			"FDSize:\t64\nGroups:\t0\nThreads:\t1\n",
			t->name, t->umask, c, state_name(c), t->id, t->id, ppid_of(t), uid, uid, uid, uid,
			gid, gid, gid, gid);
}

static size_t cmdline_show(struct thread *t, char *buf, size_t size)
{
	unsigned long flags;
	size_t len;

	spin_lock_irqsave(&cmdline_lock, flags);
	len = t->cmdline_len;
	memcpy(buf, t->cmdline, len < size ? len : size);
	spin_unlock_irqrestore(&cmdline_lock, flags);
	return len;
}

/* The function's name, no newline; "0" when the thread runs or may run, as Linux prints. */
static size_t wchan_show(struct thread *t, char *buf, size_t size)
{
	unsigned long wchan = get_wchan(t);

	return wchan ? snprintf(buf, size, "%ps", (void *)wchan) : snprintf(buf, size, "0");
}

static const struct {
	const char *name;
	size_t (*show)(struct thread *t, char *buf, size_t size);
} pid_files[] = {
	{ "cmdline", cmdline_show },
	{ "stat", stat_show },
	{ "status", status_show },
	{ "wchan", wchan_show },
};

void proc_set_cmdline(struct thread *t, const char *args, size_t len)
{
	char *copy = len ? kmalloc(len) : NULL;
	unsigned long flags;
	char *old;

	if (copy)
		memcpy(copy, args, len);
	else
		len = 0;	/* no memory: an empty command line rather than a failed exec */
	spin_lock_irqsave(&cmdline_lock, flags);
	old = t->cmdline;
	t->cmdline = copy;
	t->cmdline_len = len;
	spin_unlock_irqrestore(&cmdline_lock, flags);
	kfree(old);
}

void proc_dup_cmdline(struct thread *child, struct thread *parent)
{
	size_t len = READ_ONCE(parent->cmdline_len);
	char *copy = len ? kmalloc(len) : NULL;

	/* Only the parent itself execs or exits meanwhile, and it is in fork(): no change. */
	if (copy)
		memcpy(copy, parent->cmdline, len);
	proc_set_cmdline(child, copy, copy ? len : 0);
	kfree(copy);
}

size_t proc_self_target(char buf[PROC_SELF_LEN])
{
	return scnprintf(buf, PROC_SELF_LEN, "%d", current->id);
}

static bool pid_name(const char *s, int *pid)
{
	int n = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || n > 100000000)
			return false;
		n = n * 10 + (*s - '0');
	}
	*pid = n;
	return true;
}

static void pid_dir_add(struct dentry *proc, int pid)
{
	char name[PROC_SELF_LEN];
	size_t len = scnprintf(name, sizeof(name), "%d", pid);
	struct dentry *dir = ramfs_mknod(proc, name, len, S_IFDIR | 0555);

	if (!dir)
		return;	/* no memory: not listed this time */
	dir->d_inode->i_fixed = true;
	for (size_t i = 0; i < ARRAY_SIZE(pid_files); i++) {
		struct dentry *f = ramfs_mknod(dir, pid_files[i].name, strlen(pid_files[i].name),
					       S_IFREG | 0444);

		if (f) {
			f->d_inode->i_pid_show = pid_files[i].show;
			f->d_inode->i_pid = pid;
			f->d_inode->i_fixed = true;
		}
	}
}

static void pid_dir_remove(struct dentry *dir)
{
	while (!list_empty(&dir->d_subdirs))
		ramfs_delete(list_entry(dir->d_subdirs.next, struct dentry, d_child));
	ramfs_delete(dir);
}

void proc_self_add(struct dentry *proc)
{
	struct dentry *d = ramfs_mknod(proc, "self", 4, S_IFLNK | 0777);
	if (d) {
		d->d_inode->i_self = true;
		d->d_inode->i_fixed = true;
	}
}

/* The live thread with this id, NULL when there is none. */
static struct thread *pid_thread(int pid)
{
	for (int i = 0; i < NR_THREADS; i++)
		if (thread_listed(&thread_table[i]) && thread_table[i].id == pid)
			return &thread_table[i];
	return NULL;
}

static bool is_proc(struct dentry *dir)
{
	return dir->d_parent == &root_dentry && !strcmp(dir->d_name, "proc") &&
	       dir->d_inode->i_fixed;
}

void proc_lookup_pid(struct dentry *dir, const char *name, size_t len)
{
	struct list_head *p, *next;
	char want[PROC_SELF_LEN];
	int pid;

	if (!is_proc(dir))
		return;
	/* The directories of threads that are gone go first, whatever is asked. */
	list_for_each_safe(p, next, &dir->d_subdirs) {
		struct dentry *d = list_entry(p, struct dentry, d_child);

		if (S_ISDIR(d->d_inode->i_mode) && pid_name(d->d_name, &pid) && !pid_thread(pid))
			pid_dir_remove(d);
	}
	if (len >= sizeof(want))
		return;
	memcpy(want, name, len);
	want[len] = '\0';
	if (pid_name(want, &pid) && pid_thread(pid) && !d_lookup(dir, want, len))
		pid_dir_add(dir, pid);
}

void proc_flush_pid(int pid)
{
	char name[PROC_SELF_LEN];
	size_t len = scnprintf(name, sizeof(name), "%d", pid);
	struct dentry *proc, *d;

	mutex_lock(&fs_lock);
	if (!proc_root(&proc) && (d = d_lookup(proc, name, len)) && S_ISDIR(d->d_inode->i_mode))
		pid_dir_remove(d);
	mutex_unlock(&fs_lock);
}

/*
 * The listing: /proc's own entries, then a pid directory for each live
 * thread that has no dentry yet, at position 2 + entries + its slot (so a
 * listing read in several calls goes on where it stopped).
 */
int proc_iterate(struct dentry *dir, struct dir_context *ctx)
{
	loff_t base = 2;
	struct list_head *p;

	if (!is_proc(dir))
		return ramfs_iterate(dir, ctx);
	ramfs_iterate(dir, ctx);
	list_for_each(p, &dir->d_subdirs)
		base++;
	if (ctx->pos < base)
		return 0;	/* the caller's buffer filled up first */
	for (int i = ctx->pos - base; i < NR_THREADS; i++) {
		struct thread *t = &thread_table[i];
		char name[PROC_SELF_LEN];
		int n;

		ctx->pos = base + i;
		if (!thread_listed(t))
			continue;
		n = scnprintf(name, sizeof(name), "%d", t->id);
		if (d_lookup(dir, name, n))
			continue;
		/* No inode yet: a number of their own, above any ramfs one in use. */
		if (!ctx->actor(ctx, name, n, ctx->pos, PROC_PID_INO + t->id, DT_DIR))
			return 0;
	}
	ctx->pos = base + NR_THREADS;
	return 0;
}
