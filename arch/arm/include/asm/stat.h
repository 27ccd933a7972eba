/*
 * 32-bit ARM's struct stat64 (EABI layout: 64-bit fields 8-byte aligned,
 * 104 bytes), as fstat64, stat64, lstat64 and fstatat64 fill it (Linux's
 * arch/arm/include/uapi/asm/stat.h; kernel/fs/stat.c). glibc asks statx()
 * first; other programs ask these.
 */
#ifndef _ASM_STAT_H
#define _ASM_STAT_H

struct stat64 {
	unsigned long long st_dev;
	unsigned char __pad0[4];
	unsigned long __st_ino;
	unsigned int st_mode;
	unsigned int st_nlink;
	unsigned long st_uid;
	unsigned long st_gid;
	unsigned long long st_rdev;
	unsigned char __pad3[4];
	long long st_size;
	unsigned long st_blksize;
	unsigned long long st_blocks;
	unsigned long st_atime;
	unsigned long st_atime_nsec;
	unsigned long st_mtime;
	unsigned long st_mtime_nsec;
	unsigned long st_ctime;
	unsigned long st_ctime_nsec;
	unsigned long long st_ino;
};

#endif
