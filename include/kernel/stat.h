/*
 * File types and permission bits in a mode word, with Linux's (and POSIX's)
 * values: the same numbers a newc archive's mode field and a C library's
 * struct stat carry, so they pass through unchanged.
 */
#ifndef _KERNEL_STAT_H
#define _KERNEL_STAT_H

typedef unsigned short umode_t;

#define S_IFMT		0170000
#define S_IFSOCK	0140000
#define S_IFLNK		0120000
#define S_IFREG		0100000
#define S_IFBLK		0060000
#define S_IFDIR		0040000
#define S_IFCHR		0020000
#define S_IFIFO		0010000

#define S_ISLNK(m)	(((m) & S_IFMT) == S_IFLNK)
#define S_ISREG(m)	(((m) & S_IFMT) == S_IFREG)
#define S_ISDIR(m)	(((m) & S_IFMT) == S_IFDIR)
#define S_ISCHR(m)	(((m) & S_IFMT) == S_IFCHR)

/* Permission bits, with set-user-ID, set-group-ID and sticky. */
#define S_IALLUGO	07777

/* getdents' d_type: the file type bits shifted down (Linux's fs_umode_to_dtype()). */
#define DT_UNKNOWN	0
#define DT_DIR		4
#define DT_REG		8
#define DT_LNK		10
#define S_DT(mode)	(((mode) & S_IFMT) >> 12)

#endif
