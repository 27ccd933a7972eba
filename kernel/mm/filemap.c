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
 *
 * vm_map_file() maps a file's pages into an address space (mmap() of a
 * file, execve()'s segments). There is no demand paging: every page of the
 * range is mapped at once, one more user each, except those wholly past the
 * file's end, which are left out (an access there gets SIGBUS, as on
 * Linux). Nor does a mapping follow the file later: a page truncated away
 * stays in the mappings that hold it, with the bytes it had, where Linux
 * would unmap it, and a page the file grows into is not mapped in after.
 *
 * A program's code, mapped executable, must reach the instruction fetch:
 * on ARM each page is cleaned from the data cache (map_user_pages()). The
 * file remembers the pages it last mapped so while nothing writes them
 * (exec_clean_start/end: the text of the program run last), so that
 * running the same program again cleans nothing: a fifth of a fork and
 * execve() on ARM. A write or a truncation forgets them, and counts in
 * `writes`: a mapping that a write overlapped records nothing.
 */
#include <asm/processor.h>
#include <kernel/atomic.h>
#include <kernel/errno.h>
#include <kernel/mm_types.h>
#include <kernel/mmu_context.h>
#include <kernel/overflow.h>
#include <kernel/pagemap.h>
#include <kernel/slab.h>
#include <kernel/spinlock.h>
#include <kernel/string.h>

#include "internal.h"

#define MAX_FILE_PAGES	((PAGE_SIZE << MAX_ORDER) / sizeof(void *))

/* Pages held by every file's page cache: /proc/meminfo's Cached (Linux's NR_FILE_PAGES). */
static atomic_t nr_file_pages;
/* Every address_space's exec_clean_start, exec_clean_end and writes. */
static DEFINE_SPINLOCK(exec_clean_lock);

/* m's bytes change: the pages last mapped executable must reach the instruction fetch again. */
static void forget_exec_clean(struct address_space *m)
{
	spin_lock(&exec_clean_lock);
	m->exec_clean_end = 0;
	m->writes++;
	spin_unlock(&exec_clean_lock);
}

unsigned long filemap_nr_pages(void)
{
	return (unsigned long)atomic_read(&nr_file_pages);
}

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
		if (m->pages[index]) {
			memset(m->pages[index], 0, PAGE_SIZE);
			atomic_add(1, &nr_file_pages);
		}
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
	size_t done = 0;
	loff_t end;

	if (!len)
		return 0;
	if (pos < 0 || check_add_overflow(pos, (loff_t)len, &end) || end < 0)
		return -EINVAL;
	if ((unsigned long long)(end - 1) >> PAGE_SHIFT >= MAX_FILE_PAGES)
		return -EFBIG;
	if (grow(m, ((end - 1) >> PAGE_SHIFT) + 1))
		return -ENOMEM;
	forget_exec_clean(m);
	while (done < len) {
		unsigned long index = pos >> PAGE_SHIFT, off = pos & (PAGE_SIZE - 1);
		size_t n = len - done < PAGE_SIZE - off ? len - done : PAGE_SIZE - off;
		char *page = m->pages[index];

		/* A new page: only what the write leaves of it is zeroed (the unpacking of an archive writes whole pages). */
		if (!page) {
			page = alloc_page();
			if (!page)
				break;
			memset(page, 0, off);
			memset(page + off + n, 0, PAGE_SIZE - off - n);
			m->pages[index] = page;
			atomic_add(1, &nr_file_pages);
		}
		memcpy(page + off, (const char *)buf + done, n);
		done += n;
		pos += n;
	}
	/* Out of pages part way: the bytes written so far, as Linux's short write. */
	return done ? (long)done : -ENOMEM;
}

void truncate_inode_pages(struct address_space *m, loff_t size)
{
	unsigned long keep = (size + PAGE_SIZE - 1) >> PAGE_SHIFT;

	forget_exec_clean(m);
	for (unsigned long i = keep; i < m->nr_pages; i++) {
		if (m->pages[i]) {
			put_page(m->pages[i]);
			atomic_add(-1, &nr_file_pages);
		}
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

/*
 * Map the file's pages from pgoff on at [addr, end), up to the file's last page: 0, or an
 * errno with none of them left mapped. The pages come in batches, each under one hold of
 * the file system's lock (a program's code is a hundred pages).
 */
static int map_file_pages(struct mm_struct *mm, unsigned long addr, unsigned long end,
			  struct inode *inode, unsigned long pgoff, unsigned int prot)
{
	unsigned long va = addr, last = (inode->i_size + PAGE_SIZE - 1) >> PAGE_SHIFT;
	int err = 0;

	while (!err && va < end && pgoff < last) {
		void *batch[PAGE_RUN];
		unsigned long n = page_run(va, end);

		n = get_file_pages(inode, pgoff, n < last - pgoff ? n : last - pgoff, batch);
		err = n ? map_user_pages(mm->pgd, va, n, batch, prot) : -ENOMEM;
		for (unsigned long k = 0; err && k < n; k++)
			put_page(batch[k]);
		if (!err) {
			va += n * PAGE_SIZE;
			pgoff += n;
		}
	}
	if (err)
		unmap_range(mm, addr, va);
	return err;
}

int vm_map_file(struct mm_struct *mm, unsigned long addr, unsigned long len, unsigned int flags,
		struct inode *inode, unsigned long pgoff)
{
	unsigned long end, writes;
	/* A private page is the file's until written: read-only until do_wp_page() copies it. */
	unsigned int prot = flags & (flags & VM_SHARED ? VM_ACCESS : VM_READ | VM_EXEC);
	struct address_space *m = &inode->i_data;
	struct vm_area_struct *vma;
	int err = vma_check(mm, addr, len, flags, &end);

	if (err)
		return err;
	if ((flags & VM_SHARED) && (flags & VM_WRITE))
		return -EACCES;		/* shared writable mappings are not kept (mman.c) */
	if (pgoff > (unsigned long)-1 - (end - addr) / PAGE_SIZE)
		return -EOVERFLOW;
	vma = kzalloc(sizeof(*vma));
	if (!vma)
		return -ENOMEM;
	spin_lock(&exec_clean_lock);
	if ((prot & VM_EXEC) && pgoff >= m->exec_clean_start &&
	    pgoff + (end - addr) / PAGE_SIZE <= m->exec_clean_end)
		prot |= VM_DCACHE_CLEAN;
	writes = m->writes;
	spin_unlock(&exec_clean_lock);
	err = map_file_pages(mm, addr, end, inode, pgoff, prot);
	if (err) {
		kfree(vma);
		return err;
	}
	spin_lock(&exec_clean_lock);
	if ((prot & VM_EXEC) && m->writes == writes) {
		m->exec_clean_start = pgoff;
		m->exec_clean_end = pgoff + (end - addr) / PAGE_SIZE;
	}
	spin_unlock(&exec_clean_lock);
	*vma = (struct vm_area_struct){ .vm_mm = mm, .vm_start = addr, .vm_end = end,
					.vm_flags = flags };
	insert_vma(mm, vma);
	return 0;
}
