/*
 * initramfs: newc cpio archives unpacked into the in-memory root file
 * system, as Linux does with the initrd (the format is described in
 * kernel/fs/initramfs.c).
 *
 * unpack_to_rootfs() reads one or more archives placed back to back, with
 * NUL bytes allowed between them. It returns NULL when all went in, or a
 * short reason (Linux's wording where Linux has one); what came before the
 * fault stays unpacked. It needs nothing of the kernel but the init_*()
 * calls below and a few string functions, so a host test can build it
 * against its own versions of them.
 */
#ifndef _KERNEL_INITRAMFS_H
#define _KERNEL_INITRAMFS_H

#include <kernel/stat.h>
#include <kernel/types.h>

const char *unpack_to_rootfs(const void *buf, unsigned long len);

/*
 * What the unpacker calls for each entry (kernel/fs/init.c, after Linux's
 * fs/init.c): 0 or a negative errno. Each first removes what is in the way
 * (another type of file, or an empty directory), as Linux's clean_path()
 * does, so that a later archive can replace what an earlier one put there.
 */
int init_mkdir(const char *name, umode_t mode);
int init_symlink(const char *target, size_t len, const char *name);
/* A regular file holding the len bytes at data. */
int init_create_file(const char *name, umode_t mode, const void *data, size_t len);
/* A character device node numbered major:minor. */
int init_mknod(const char *name, umode_t mode, unsigned long major, unsigned long minor);

#endif
