/*
 * x86_64's struct stat, as stat(), fstat(), lstat() and newfstatat() fill
 * it (Linux's arch/x86/include/uapi/asm/stat.h): what glibc and musl on
 * x86_64 read (kernel/fs/stat.c).
 */
#ifndef _ASM_STAT_H
#define _ASM_STAT_H

struct stat {
	unsigned long st_dev;
	unsigned long st_ino;
	unsigned long st_nlink;
	unsigned int st_mode;
	unsigned int st_uid;
	unsigned int st_gid;
	unsigned int __pad0;
	unsigned long st_rdev;
	long st_size;
	long st_blksize;
	long st_blocks;
	unsigned long st_atime;
	unsigned long st_atime_nsec;
	unsigned long st_mtime;
	unsigned long st_mtime_nsec;
	unsigned long st_ctime;
	unsigned long st_ctime_nsec;
	long __reserved[3];
};

#endif
