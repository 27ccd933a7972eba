/*
 * The "ramdisk" suite: the initial RAM disk reaches the kernel intact and
 * its memory is handled as Linux does.
 *
 * A probe at the fs initcall level, just before populate_rootfs() (rootfs
 * level), records what the suite, run after the initcalls, cannot see any
 * more: each archive's first bytes (a newc archive starts with "070701";
 * any other bytes mean a wrong address or pages handed out and reused) and
 * whether any page of a reserved range (the initrds, the device tree, the
 * loader's information) sat in the allocator's free lists. Afterwards the
 * free-page count must have risen by exactly the initrds' pages, and what
 * tests/initramfs/ holds (and tests/initramfs-user/, when tests/matrix
 * appends it) must be in the root file system.
 *
 * A boot without -initrd (tests/matrix) skips the initrd cases.
 */
#include <kernel/bootinfo.h>
#include <kernel/fs.h>
#include <kernel/init.h>
#include <kernel/initrd.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/sections.h>
#include <kernel/string.h>

#define MAGIC_LEN	6

static char initrd_magic[MAX_INITRDS][MAGIC_LEN + 1] __initdata;
static unsigned long reserved_pages_seen __initdata, reserved_pages_free __initdata;

static void __init probe_pages(const struct mem_region *r)
{
	for (phys_addr_t p = r->base & ~(phys_addr_t)(PAGE_SIZE - 1);
	     p < r->base + r->size && p < DIRECT_MAP_PHYS_END; p += PAGE_SIZE) {
		reserved_pages_seen++;
		if (page_is_free(p))
			reserved_pages_free++;
	}
}

/* Only for the suite: a boot that does not run it (ktest.filter=) does not pay for it. */
static int __init ktest_initrd_probe(void)
{
	if (!ktest_name_selected("ramdisk"))
		return 0;
	for (int i = 0; i < boot_info.nr_initrd; i++) {
		const struct mem_region *r = &boot_info.initrd[i];

		memcpy(initrd_magic[i], __va(r->base), r->size < MAGIC_LEN ? r->size : MAGIC_LEN);
		probe_pages(r);
	}
	for (int i = 0; i < boot_info.nr_reserved; i++)
		probe_pages(&boot_info.reserved[i]);
	return 0;
}
fs_initcall(ktest_initrd_probe);

static void __init reserved_pages_not_free(struct ktest *t)
{
	KTEST_EXPECT_GT(t, reserved_pages_seen, 0);
	KTEST_EXPECT_EQ(t, reserved_pages_free, 0);
}

static void __init initrd_starts_with_newc_magic(struct ktest *t)
{
	if (!boot_info.nr_initrd) {
		ktest_skip(t, "no initrd");
		return;
	}
	for (int i = 0; i < boot_info.nr_initrd; i++)
		KTEST_EXPECT_STREQ(t, initrd_magic[i], "070701");
}

/* Whether the page at p holds part of a reserved range other than the initrd r, or the image. */
static bool __init page_meets_other(phys_addr_t p, const struct mem_region *r)
{
	if (p < __pa(_end) && p + PAGE_SIZE > __pa(_text))
		return true;
	for (int i = 0; i < boot_info.nr_reserved; i++) {
		const struct mem_region *o = &boot_info.reserved[i];

		if ((o->base != r->base || o->size != r->size) &&
		    p < o->base + o->size && p + PAGE_SIZE > o->base)
			return true;
	}
	return false;
}

/*
 * Every page of every initrd went back to the allocator, and only those: a
 * page it shares with something else reserved stays (GRUB puts its
 * multiboot2 information right after the module, in its last page).
 */
static void __init initrd_pages_freed(struct ktest *t)
{
	unsigned long pages = 0;

	if (!boot_info.nr_initrd) {
		ktest_skip(t, "no initrd");
		return;
	}
	for (int i = 0; i < boot_info.nr_initrd; i++) {
		const struct mem_region *r = &boot_info.initrd[i];
		phys_addr_t start = r->base & ~(phys_addr_t)(PAGE_SIZE - 1), end = r->base + r->size;
		unsigned long spanned = 0, own = 0;

		for (phys_addr_t p = start; p < end; p += PAGE_SIZE, spanned++)
			if (!page_meets_other(p, r))
				own++;
		/* Only an edge page can be shared. */
		KTEST_EXPECT_GE(t, own + 2, spanned);
		pages += own;
	}
	KTEST_EXPECT_GT(t, pages, 0);
	KTEST_EXPECT_EQ(t, initrd_freed_pages, pages);
	KTEST_EXPECT_EQ(t, initrd_free_pages_after - initrd_free_pages_before, pages);
}

/* A regular file at path holds exactly want. */
static void __init expect_file(struct ktest *t, const char *path, const char *want)
{
	size_t len = strlen(want);
	struct dentry *d;
	char buf[64];

	KTEST_ASSERT_EQ(t, kern_path(path, LOOKUP_FOLLOW, &d), 0);
	KTEST_ASSERT_TRUE(t, S_ISREG(d->d_inode->i_mode));
	KTEST_EXPECT_EQ(t, d->d_inode->i_size, len);
	KTEST_ASSERT_TRUE(t, len < sizeof(buf));
	KTEST_EXPECT_EQ(t, vfs_read(d->d_inode, buf, sizeof(buf), 0), len);
	KTEST_EXPECT_EQ(t, memcmp(buf, want, len), 0);
	dput(d);
}

/* What tests/initramfs/ holds reached the root file system: files, folders, a link. */
static void __init initramfs_files_unpacked(struct ktest *t)
{
	static const char last[] = "line 128 of 128: this file spans two pages of the archive\n";
	struct dentry *d;
	char buf[sizeof(last)];

	if (!boot_info.nr_initrd) {
		ktest_skip(t, "no initrd");
		return;
	}
	/* Said in the log; tests/matrix's initrd lines reject it (x86_64 -m 2M has no room). */
	if (initrd_unpack_error) {
		ktest_skip(t, "initramfs unpacking failed");
		return;
	}
	expect_file(t, "/hello.txt", "Hello from the initramfs.\n");
	expect_file(t, "/etc/issue", "Special K\n");
	expect_file(t, "/etc/sk/deep.txt", "This file is two directories deep.\n");
	expect_file(t, "/empty", "");
	KTEST_ASSERT_EQ(t, kern_path("/etc/sk", 0, &d), 0);
	KTEST_EXPECT_TRUE(t, S_ISDIR(d->d_inode->i_mode));
	dput(d);
	/* A file of several pages, read at its last line. */
	KTEST_ASSERT_EQ(t, kern_path("/etc/sk/pages.txt", 0, &d), 0);
	KTEST_EXPECT_EQ(t, d->d_inode->i_size, 128 * (sizeof(last) - 1));
	KTEST_EXPECT_EQ(t, vfs_read(d->d_inode, buf, sizeof(last) - 1, 127 * (sizeof(last) - 1)),
			sizeof(last) - 1);
	KTEST_EXPECT_EQ(t, memcmp(buf, last, sizeof(last) - 1), 0);
	dput(d);
	KTEST_ASSERT_EQ(t, kern_path("/hello-link", 0, &d), 0);
	KTEST_EXPECT_TRUE(t, S_ISLNK(d->d_inode->i_mode));
	KTEST_EXPECT_EQ(t, vfs_readlink(d, buf, sizeof(buf)), strlen("hello.txt"));
	KTEST_EXPECT_STREQ(t, buf, "hello.txt");
	dput(d);
	expect_file(t, "/hello-link", "Hello from the initramfs.\n");
}

/*
 * An archive appended to ours (tests/initramfs-user/, tests/matrix's concat
 * lines) went in too, into the folder ours made; skipped when none was.
 */
static void __init appended_archive_unpacked(struct ktest *t)
{
	struct dentry *d;

	if (kern_path("/etc/user.txt", 0, &d)) {
		ktest_skip(t, "no archive appended to ours");
		return;
	}
	dput(d);
	expect_file(t, "/etc/user.txt", "From an archive appended to the kernel's own.\n");
	expect_file(t, "/etc/issue", "Special K\n");
}

static const struct ktest_case initrd_cases[] __initconst = {
	KTEST_CASE(reserved_pages_not_free),
	KTEST_CASE(initrd_starts_with_newc_magic),
	KTEST_CASE(initrd_pages_freed),
	KTEST_CASE(initramfs_files_unpacked),
	KTEST_CASE(appended_archive_unpacked),
	{}
};

static const struct ktest_suite initrd_suite __initconst = { "ramdisk", initrd_cases };
ktest_init_suite(initrd_suite);
