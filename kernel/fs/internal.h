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
void ramfs_truncate(struct inode *inode);
long ramfs_write(struct inode *inode, const void *buf, size_t len, loff_t pos);
long ramfs_read(struct inode *inode, void *buf, size_t len, loff_t pos);
int ramfs_iterate(struct dentry *dir, struct dir_context *ctx);
/* kernel/fs/proc.c: a /proc file's text, made now; called without fs_lock. */
long proc_read(struct inode *inode, void *buf, size_t len, loff_t pos);

#endif
