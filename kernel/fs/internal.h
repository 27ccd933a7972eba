/*
 * What kernel/fs/namei.c (paths) and kernel/fs/ramfs.c (the objects) share.
 * Everything here but proc_read() is called with fs_lock held.
 */
#ifndef _FS_INTERNAL_H
#define _FS_INTERNAL_H

#include <kernel/fs.h>
#include <kernel/mutex.h>

extern struct mutex fs_lock;
extern struct dentry root_dentry;

/* The entry called name (len bytes, no NUL needed) in dir, or NULL. */
struct dentry *d_lookup(struct dentry *dir, const char *name, size_t len);
/* A new entry with a new empty inode of the given mode, last in dir; NULL without memory. */
struct dentry *ramfs_mknod(struct dentry *dir, const char *name, size_t len, umode_t mode);
/*
 * Take d out of its directory (an empty directory or a non-directory); it is
 * freed with its inode and data once no open file holds it (dput()).
 */
void ramfs_delete(struct dentry *d);
/* A new entry in dir for an existing inode (a hard link); NULL without memory. */
struct dentry *ramfs_link(struct dentry *dir, const char *name, size_t len, struct inode *inode);
/* Removed from its directory (ramfs_delete()), but still held. */
bool d_unlinked(const struct dentry *d);
/*
 * d leaves its directory for dir, under the name of len bytes at name
 * (0, or -ENOMEM with d as it was); ramfs_exchange(): a and b trade
 * directories and names (renameat2()'s RENAME_EXCHANGE).
 */
int ramfs_rename(struct dentry *d, struct dentry *dir, const char *name, size_t len);
void ramfs_exchange(struct dentry *a, struct dentry *b);
void ramfs_truncate(struct inode *inode);
/* Linux's names: ctime becomes now; mtime and ctime become now (its bytes or entries changed). */
void inode_set_ctime_current(struct inode *inode);
void file_modified(struct inode *inode);
long ramfs_write(struct inode *inode, const void *buf, size_t len, loff_t pos);
long ramfs_read(struct inode *inode, void *buf, size_t len, loff_t pos);
/* A new link's target: the len bytes at target; 0 or -ENOMEM. */
int ramfs_set_link(struct inode *inode, const char *target, size_t len);
int ramfs_iterate(struct dentry *dir, struct dir_context *ctx);
/* kernel/fs/proc.c: a /proc file's text, made now; called without fs_lock. */
long proc_read(struct inode *inode, void *buf, size_t len, loff_t pos);

/* The last component of a path, in its directory (kernel/fs/namei.c). */
struct last {
	struct dentry *dir;	/* the directory it goes in */
	const char *name;	/* len bytes; empty for "/" */
	size_t len;
	bool slash;		/* a slash followed it */
	bool dots;		/* "/", "." or "..": names no entry of dir */
	struct dentry *d;	/* the entry there, or NULL */
};

int lookup_last(const char *path, struct last *l);

/* d's path at the end of buf (size bytes, NUL included): its start, or NULL (kernel/fs/d_path.c). */
char *d_path(const struct dentry *d, char *buf, size_t size);
/* /proc/mounts' lines of the mounts made since boot (kernel/fs/namespace.c): the length. */
size_t mounts_show_mounted(char *buf, size_t size);

/* A /proc file: its text is made at each read (kernel/fs/proc.c). */
static inline bool proc_inode(const struct inode *inode)
{
	return inode->i_show || inode->i_pid_show;
}

/*
 * kernel/fs/proc_base.c, with fs_lock held: when dir is /proc, drop the
 * directories of threads that are gone and make the one a lookup names;
 * getdents() on dir (/proc's lists the live threads too); /proc/self's
 * target, the caller's pid, in buf.
 */
#define PROC_SELF_LEN	12
void proc_lookup_pid(struct dentry *dir, const char *name, size_t len);
int proc_iterate(struct dentry *dir, struct dir_context *ctx);
size_t proc_self_target(char buf[PROC_SELF_LEN]);
/* The link /proc/self in the /proc directory being made. */
void proc_self_add(struct dentry *proc);
/* /proc itself, made on first use (kernel/fs/proc.c). */
int proc_root(struct dentry **dir);

#endif
