/*
 * The page cache (include/kernel/pagemap.h): a file's bytes in pages of
 * their own, so that a mapping of the file (mmap(), execve()'s segments)
 * is those pages, shared by every process that maps them, rather than a
 * copy per process. ramfs keeps nothing else: these pages are the file.
 *
 * The pages are found through a plain array indexed by page number, grown
 * by doubling. Linux keeps an XArray (a radix tree), so that a sparse file
 * of terabytes costs only its pages; an array is one line to index and
 * to read in gdb, and costs a pointer per page up to the highest one
 * written. It is at most one of kmalloc()'s largest blocks, which caps a
 * file at 2 GiB on 64-bit, 4 GiB on 32-bit (-EFBIG past that, Linux's
 * answer past a file system's largest file), more than the RAM of the
 * machines this kernel runs on.
 */
#include <kernel/errno.h>
#include <kernel/overflow.h>
#include <kernel/pagemap.h>
#include <kernel/slab.h>
#include <kernel/string.h>

#include "internal.h"

#define MAX_FILE_PAGES	((PAGE_SIZE << MAX_ORDER) / sizeof(void *))

/* Room for n entries at least; -ENOMEM leaves the array as it was. */
static int grow(struct address_space *m, unsigned long n)
{
	unsigned long want = m->nr_pages ? m->nr_pages : 1;
	void **pages;

	if (n <= m->nr_pages)
		return 0;
	while (want < n)
		want *= 2;
	if (want > MAX_FILE_PAGES)
		want = MAX_FILE_PAGES;
	pages = kmalloc(want * sizeof(*pages));
	if (!pages)
		return -ENOMEM;
	memcpy(pages, m->pages, m->nr_pages * sizeof(*pages));
	memset(pages + m->nr_pages, 0, (want - m->nr_pages) * sizeof(*pages));
	kfree(m->pages);
	m->pages = pages;
	m->nr_pages = want;
	return 0;
}

/* Page index, made and zeroed if it is a hole (the array holds index); NULL without memory. */
static void *make_page(struct address_space *m, unsigned long index)
{
	if (!m->pages[index]) {
		m->pages[index] = alloc_page();
		if (m->pages[index])
			memset(m->pages[index], 0, PAGE_SIZE);
	}
	return m->pages[index];
}

void filemap_read(struct address_space *m, void *buf, size_t len, loff_t pos)
{
	while (len) {
		unsigned long index = pos >> PAGE_SHIFT, off = pos & (PAGE_SIZE - 1);
		size_t n = len < PAGE_SIZE - off ? len : PAGE_SIZE - off;
		const char *page = index < m->nr_pages ? m->pages[index] : NULL;

		if (page)
			memcpy(buf, page + off, n);
		else
			memset(buf, 0, n);
		buf = (char *)buf + n;
		pos += n;
		len -= n;
	}
}

long filemap_write(struct address_space *m, const void *buf, size_t len, loff_t pos)
{
	unsigned long first = pos >> PAGE_SHIFT, last;
	loff_t end;

	if (!len)
		return 0;
	if (pos < 0 || check_add_overflow(pos, (loff_t)len, &end) || end < 0)
		return -EINVAL;
	if ((unsigned long long)(end - 1) >> PAGE_SHIFT >= MAX_FILE_PAGES)
		return -EFBIG;
	last = (end - 1) >> PAGE_SHIFT;
	/* Every page first, so that a write is whole or not at all. */
	if (grow(m, last + 1))
		return -ENOMEM;
	for (unsigned long i = first; i <= last; i++)
		if (!make_page(m, i))
			return -ENOMEM;	/* the pages made stay, zeros, until the file goes */
	for (size_t done = 0; done < len;) {
		unsigned long off = pos & (PAGE_SIZE - 1);
		size_t n = len - done < PAGE_SIZE - off ? len - done : PAGE_SIZE - off;

		memcpy((char *)m->pages[pos >> PAGE_SHIFT] + off, (const char *)buf + done, n);
		done += n;
		pos += n;
	}
	return len;
}

void truncate_inode_pages(struct address_space *m, loff_t size)
{
	unsigned long keep = (size + PAGE_SIZE - 1) >> PAGE_SHIFT;

	for (unsigned long i = keep; i < m->nr_pages; i++) {
		if (m->pages[i])
			put_page(m->pages[i]);
		m->pages[i] = NULL;
	}
	if ((size & (PAGE_SIZE - 1)) && keep <= m->nr_pages && m->pages[keep - 1])
		memset((char *)m->pages[keep - 1] + (size & (PAGE_SIZE - 1)), 0,
		       PAGE_SIZE - (size & (PAGE_SIZE - 1)));
	if (!size) {
		kfree(m->pages);
		m->pages = NULL;
		m->nr_pages = 0;
	}
}

void *filemap_get_page(struct address_space *m, unsigned long index)
{
	void *page;

	if (index >= MAX_FILE_PAGES || grow(m, index + 1))
		return NULL;
	page = make_page(m, index);
	if (page)
		get_page(page);
	return page;
}
