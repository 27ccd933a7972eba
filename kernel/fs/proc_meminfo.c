/*
 * /proc/meminfo and /proc/mounts, in Linux's formats, for free, df, mount
 * and a student's `cat`.
 *
 * meminfo: each line "Name:" padded to 16 columns, the value in kB right-
 * aligned in 8, " kB" (proc(5)). MemFree is the page allocator's free
 * count, so that a program sees its pages go and come back. Cached is
 * the page cache (kernel/mm/filemap.c), where ramfs keeps every file's
 * bytes, as Linux counts a ramfs file's pages there. There is no swap and
 * no block device: Buffers, Shmem and the swap lines read 0, and
 * MemAvailable is MemFree (a ramfs page cannot be reclaimed: it is the
 * file).
 *
 * mounts: "device mountpoint type options 0 0": the root's ramfs (Linux's
 * rootfs) and /proc, a directory of it the kernel fills, as a Linux booted
 * from an initramfs lists them, then each ramfs mount() made
 * (kernel/fs/namespace.c).
 */
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/pagemap.h>
#include <kernel/printk.h>
#include <kernel/sprintf.h>

#include "internal.h"

#define KB(pages)	((pages) * (PAGE_SIZE / 1024))

static size_t meminfo_show(char *buf, size_t size)
{
	unsigned long total = KB(totalram_pages()), free = KB(nr_free_pages());

	return snprintf(buf, size,
			"%-16s%8lu kB\n%-16s%8lu kB\n%-16s%8lu kB\n"
			"Buffers:               0 kB\n%-16s%8lu kB\n"
			"SwapCached:            0 kB\nSwapTotal:             0 kB\n"
			"SwapFree:              0 kB\nShmem:                 0 kB\n"
			"SReclaimable:          0 kB\n",
			"MemTotal:", total, "MemFree:", free, "MemAvailable:", free,
			"Cached:", KB(filemap_nr_pages()));
}

static size_t mounts_show(char *buf, size_t size)
{
	size_t n = snprintf(buf, size, "rootfs / rootfs rw 0 0\nproc /proc proc rw,relatime 0 0\n");

	return n + mounts_show_mounted(buf + (n < size ? n : size), n < size ? size - n : 0);
}

static int __init proc_meminfo_init(void)
{
	int err = proc_create_single("meminfo", meminfo_show);

	if (!err)
		err = proc_create_single("mounts", mounts_show);
	if (err)
		pr_err("proc: no /proc/meminfo or /proc/mounts (error %d)\n", err);
	return err;
}
device_initcall(proc_meminfo_init);
