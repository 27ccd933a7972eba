/*
 * The "filemap" suite: a ramfs file's bytes live in pages of the page
 * cache (kernel/mm/filemap.c), seen from inside: which pages the file
 * holds after a write (a hole stays none and reads as zeros), that those
 * pages hold the bytes written, that the last page's tail past the end is
 * zero (a mapping shows it), that truncating or deleting the file
 * gives exactly its pages back, and which pages it remembers as mapped
 * executable and unwritten since (ARM cleans those for the instruction
 * fetch only once: QEMU models no caches, so the rule is what is checked).
 */
#include <kernel/errno.h>
#include <kernel/fs.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/slab.h>
#include <kernel/string.h>

#define TAIL	100			/* bytes in the last page written */
#define LEN	(2 * PAGE_SIZE + TAIL)	/* written at PAGE_SIZE: pages 1, 2 and 3 */

static char *pattern(void)
{
	char *buf = kmalloc(LEN);

	for (size_t i = 0; buf && i < LEN; i++)
		buf[i] = (char)(i * 7 + 1);
	return buf;
}

static bool all_zero(const char *p, size_t len)
{
	while (len--)
		if (*p++)
			return false;
	return true;
}

static void bytes_live_in_pages(struct ktest *t)
{
	char *buf = pattern(), *back = kzalloc(PAGE_SIZE);
	struct address_space *m;
	unsigned long before;
	struct dentry *f;

	KTEST_ASSERT_TRUE(t, buf && back);
	KTEST_ASSERT_EQ(t, vfs_create("/filemap", 0644, &f), 0);
	m = &f->d_inode->i_data;
	before = nr_free_pages();
	KTEST_EXPECT_EQ(t, vfs_write(f->d_inode, buf, LEN, PAGE_SIZE), (long)LEN);
	KTEST_EXPECT_EQ(t, f->d_inode->i_size, (loff_t)(PAGE_SIZE + LEN));
	/* Three pages for the bytes (the array of pointers is a kmalloc() block). */
	KTEST_EXPECT_TRUE(t, before - nr_free_pages() >= 3);
	KTEST_ASSERT_TRUE(t, m->nr_pages >= 4);
	KTEST_EXPECT_TRUE(t, m->pages[0] == NULL);
	KTEST_ASSERT_TRUE(t, m->pages[1] && m->pages[2] && m->pages[3]);
	KTEST_EXPECT_TRUE(t, m->pages[1] != m->pages[2] && m->pages[2] != m->pages[3]);
	KTEST_EXPECT_EQ(t, memcmp(m->pages[1], buf, PAGE_SIZE), 0);
	KTEST_EXPECT_EQ(t, memcmp(m->pages[2], buf + PAGE_SIZE, PAGE_SIZE), 0);
	KTEST_EXPECT_EQ(t, memcmp(m->pages[3], buf + 2 * PAGE_SIZE, TAIL), 0);
	KTEST_EXPECT_TRUE(t, all_zero((char *)m->pages[3] + TAIL, PAGE_SIZE - TAIL));
	/* The hole reads as zeros, and a read across pages joins them. */
	memset(back, 0xff, PAGE_SIZE);
	KTEST_EXPECT_EQ(t, vfs_read(f->d_inode, back, PAGE_SIZE, 0), (long)PAGE_SIZE);
	KTEST_EXPECT_TRUE(t, all_zero(back, PAGE_SIZE));
	KTEST_EXPECT_EQ(t, vfs_read(f->d_inode, back, 200, 2 * PAGE_SIZE - 100), 200);
	KTEST_EXPECT_EQ(t, memcmp(back, buf + PAGE_SIZE - 100, 200), 0);
	/* O_TRUNC gives the three pages back. */
	before = nr_free_pages();
	dput(f);
	KTEST_ASSERT_EQ(t, vfs_create("/filemap", 0644, &f), 0);
	KTEST_EXPECT_EQ(t, f->d_inode->i_size, 0);
	KTEST_EXPECT_TRUE(t, nr_free_pages() - before >= 3);
	KTEST_EXPECT_EQ(t, f->d_inode->i_data.nr_pages, 0);
	dput(f);
	KTEST_EXPECT_EQ(t, vfs_unlink("/filemap"), 0);
	kfree(buf);
	kfree(back);
}

/* A file of n pages, deleted: its pages come back (ktest's count around the case says all). */
static void delete_gives_pages_back(struct ktest *t)
{
	char *buf = pattern();
	unsigned long before = nr_free_pages();
	struct dentry *f;

	KTEST_ASSERT_TRUE(t, buf != NULL);
	KTEST_ASSERT_EQ(t, vfs_create("/filemap", 0644, &f), 0);
	for (int i = 0; i < 8; i++)
		KTEST_EXPECT_EQ(t, vfs_write(f->d_inode, buf, LEN, i * LEN), (long)LEN);
	KTEST_EXPECT_TRUE(t, before - nr_free_pages() >= 8 * LEN / PAGE_SIZE);
	KTEST_EXPECT_EQ(t, vfs_unlink("/filemap"), 0);
	/* Still open here (held): the pages stay until the last hold goes. */
	KTEST_EXPECT_TRUE(t, before - nr_free_pages() >= 8 * LEN / PAGE_SIZE);
	KTEST_EXPECT_EQ(t, vfs_read(f->d_inode, buf, 1, 0), 1);
	dput(f);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
	kfree(buf);
}

static void too_big_is_efbig(struct ktest *t)
{
	struct dentry *f;

	KTEST_ASSERT_EQ(t, vfs_create("/filemap", 0644, &f), 0);
	KTEST_EXPECT_EQ(t, vfs_write(f->d_inode, "x", 1, 1LL << 40), -EFBIG);
	KTEST_EXPECT_EQ(t, vfs_write(f->d_inode, "x", 1, -1), -EINVAL);
	KTEST_EXPECT_EQ(t, f->d_inode->i_size, 0);
	dput(f);
	KTEST_EXPECT_EQ(t, vfs_unlink("/filemap"), 0);
}

static void exec_mapping_remembered_until_written(struct ktest *t)
{
	struct mm_struct *mm = mm_alloc();
	char *buf = pattern();
	struct address_space *m;
	struct dentry *f;

	KTEST_ASSERT_TRUE(t, buf && mm);
	KTEST_ASSERT_EQ(t, vfs_create("/filemap", 0755, &f), 0);
	m = &f->d_inode->i_data;
	KTEST_EXPECT_EQ(t, vfs_write(f->d_inode, buf, LEN, 0), (long)LEN);
	KTEST_EXPECT_EQ(t, m->exec_clean_end, 0);
	/* Pages 1 and 2 mapped executable: remembered; a read-only mapping changes nothing. */
	KTEST_EXPECT_EQ(t, vm_map_file(mm, 0x400000, 2 * PAGE_SIZE, VM_READ | VM_EXEC,
				       f->d_inode, 1), 0);
	KTEST_EXPECT_EQ(t, m->exec_clean_start, 1);
	KTEST_EXPECT_EQ(t, m->exec_clean_end, 3);
	KTEST_EXPECT_EQ(t, vm_map_file(mm, 0x500000, PAGE_SIZE, VM_READ, f->d_inode, 0), 0);
	KTEST_EXPECT_EQ(t, m->exec_clean_end, 3);
	/* A write anywhere forgets them; so does a truncation (creating the file again). */
	KTEST_EXPECT_EQ(t, vfs_write(f->d_inode, "x", 1, 0), 1);
	KTEST_EXPECT_EQ(t, m->exec_clean_end, 0);
	KTEST_EXPECT_EQ(t, vm_map_file(mm, 0x600000, PAGE_SIZE, VM_READ | VM_EXEC, f->d_inode, 2),
			0);
	KTEST_EXPECT_EQ(t, m->exec_clean_start, 2);
	KTEST_EXPECT_EQ(t, m->exec_clean_end, 3);
	dput(f);
	KTEST_ASSERT_EQ(t, vfs_create("/filemap", 0755, &f), 0);
	KTEST_EXPECT_EQ(t, m->exec_clean_end, 0);
	mmput(mm);
	dput(f);
	KTEST_EXPECT_EQ(t, vfs_unlink("/filemap"), 0);
	kfree(buf);
}

static const struct ktest_case filemap_cases[] = {
	KTEST_CASE(bytes_live_in_pages),
	KTEST_CASE(delete_gives_pages_back),
	KTEST_CASE(too_big_is_efbig),
	KTEST_CASE(exec_mapping_remembered_until_written),
	{}
};

static const struct ktest_suite filemap_suite = { "filemap", filemap_cases };
ktest_suite(filemap_suite);
