/*
 * The page cache of the simplest kind (kernel/mm/filemap.c): a ramfs
 * file's bytes are kept in whole pages, pages[i] holding bytes
 * [i * PAGE_SIZE, (i + 1) * PAGE_SIZE), so that mmap() and execve() can map
 * those very pages into a process instead of copying them. A page the
 * file never wrote is a hole (NULL), read as zeros. The bytes of the last
 * page past the file's end are always zero: a mapping shows them.
 *
 * The file holds one reference on each of its pages; each mapping of a page
 * holds another (kernel/mm/internal.h), so a page truncated away or a file
 * deleted while mapped lives on until its last mapping goes. The caller
 * serialises calls on one address_space (ramfs: fs_lock).
 */
#ifndef _KERNEL_PAGEMAP_H
#define _KERNEL_PAGEMAP_H

#include <kernel/fs.h>
#include <kernel/types.h>

/* Bytes [pos, pos + len) of the file into buf; holes read as zeros. The caller clips to the size. */
void filemap_read(struct address_space *mapping, void *buf, size_t len, loff_t pos);
/* len bytes at pos, pages added as needed: the bytes written (fewer when memory ran out), or -errno. */
long filemap_write(struct address_space *mapping, const void *buf, size_t len, loff_t pos);
/* Keep the first size bytes: pages past them go (their file's reference), the last one's tail is zeroed. */
void truncate_inode_pages(struct address_space *mapping, loff_t size);
/* Page index of the file, made (zeroed) if a hole, with a reference taken for the caller; NULL without memory. */
void *filemap_get_page(struct address_space *mapping, unsigned long index);
/* Pages in all files' page caches (a page still mapped after its file let it go is not counted). */
unsigned long filemap_nr_pages(void);

#endif
