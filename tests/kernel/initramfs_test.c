/*
 * The "unpack_to_rootfs" suite: the newc unpacker (kernel/fs/initramfs.c) in the
 * kernel, into the real root file system. Each case writes its newc
 * archive itself (the format is simple enough: a header of hex fields,
 * the name, the data, each padded to 4 bytes), unpacks it under
 * /ktest-initramfs, reads the files back through the file system, and
 * removes them, so ktest's leak check sees every byte given back. The
 * host tests (tests/host/initramfs*_test.c) cover archives made by cpio
 * and every way of breaking one; here a few show that a broken archive
 * keeps what came before the fault in the kernel too.
 */
#include <kernel/errno.h>
#include <kernel/fs.h>
#include <kernel/initramfs.h>
#include <kernel/ktest.h>
#include <kernel/slab.h>
#include <kernel/string.h>

#define TOP	"ktest-initramfs"
#define BIG	5000	/* bytes in TOP/big: more than a page */

struct newc {
	char *buf;
	size_t len;
};

/* One entry with namesize strlen(name) + 1 and len bytes of data. */
/* kern_path(), its hold dropped at once: the tree holds the entry while the case looks at it. */
static int lookup(const char *path, unsigned int flags, struct dentry **d)
{
	int err = kern_path(path, flags, d);

	if (!err)
		dput(*d);
	return err;
}

static void add(struct newc *a, const char *name, unsigned int mode, const void *data,
		size_t len)
{
	size_t namesize = strlen(name) + 1;
	/* ino, mode, uid, gid, nlink, mtime, filesize, 4 device numbers, namesize, check */
	const u32 field[13] = { 1, mode, 0, 0, 1, 0, len, 0, 0, 0, 0, namesize, 0 };

	/*
	 * The header: the magic, then each field as 8 lowercase hex digits, as
	 * "%08x" would write them; snprintf() would be most of this suite's work.
	 */
	memcpy(a->buf + a->len, "070701", 6);
	a->len += 6;
	for (int f = 0; f < 13; f++, a->len += 8)
		for (int i = 0; i < 8; i++)
			a->buf[a->len + i] = "0123456789abcdef"[field[f] >> (28 - 4 * i) & 15];
	memcpy(a->buf + a->len, name, namesize);
	a->len += namesize;
	while (a->len & 3)
		a->buf[a->len++] = '\0';
	memcpy(a->buf + a->len, data, len);
	a->len += len;
	while (a->len & 3)
		a->buf[a->len++] = '\0';
}

static void add_trailer(struct newc *a)
{
	add(a, "TRAILER!!!", 0, "", 0);
}

/* The first entries of every archive here: TOP, TOP/sub, TOP/sub/hello. */
static bool start(struct newc *a)
{
	a->buf = kmalloc(2 * BIG + 2048);
	a->len = 0;
	if (!a->buf)
		return false;
	add(a, TOP, S_IFDIR | 0755, "", 0);
	add(a, TOP "/sub", S_IFDIR | 0700, "", 0);
	add(a, TOP "/sub/hello", S_IFREG | 0644, "hello, world\n", 13);
	return true;
}

/* The file's bytes are exactly these, read in two pieces. */
static void expect_contents(struct ktest *t, const char *path, const void *want, size_t len)
{
	struct dentry *d;
	char *got = kmalloc(len + 1);
	long first;

	KTEST_ASSERT_TRUE(t, got != NULL);
	KTEST_EXPECT_EQ(t, lookup(path, LOOKUP_FOLLOW, &d), 0);
	if (!lookup(path, LOOKUP_FOLLOW, &d)) {
		KTEST_EXPECT_TRUE(t, S_ISREG(d->d_inode->i_mode));
		KTEST_EXPECT_EQ(t, d->d_inode->i_size, len);
		first = vfs_read(d->d_inode, got, len / 2, 0);
		KTEST_EXPECT_EQ(t, first, len / 2);
		KTEST_EXPECT_EQ(t, vfs_read(d->d_inode, got + first, len + 1, first), len - len / 2);
		KTEST_EXPECT_TRUE(t, !memcmp(got, want, len));
	}
	kfree(got);
}

/* Remove what start() and the cases may have made; the ones not there are skipped. */
static void clean_up(struct newc *a)
{
	static const char *const files[] = {
		TOP "/sub/hello", TOP "/big", TOP "/empty", TOP "/link", TOP "/after",
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(files); i++)
		vfs_unlink(files[i]);
	vfs_rmdir(TOP "/sub");
	vfs_rmdir(TOP);
	kfree(a->buf);
}

static void unpack_and_read_back(struct ktest *t)
{
	struct newc a;
	struct dentry *d;
	char *big = kmalloc(BIG), target[32];

	KTEST_ASSERT_TRUE(t, big != NULL);
	if (!start(&a)) {
		kfree(big);
		KTEST_ASSERT_TRUE(t, false);
	}
	for (int i = 0; i < BIG; i++)
		big[i] = 'a' + i % 23;
	add(&a, TOP "/big", S_IFREG | 0600, big, BIG);
	add(&a, TOP "/empty", S_IFREG | 0444, "", 0);
	add(&a, TOP "/link", S_IFLNK | 0777, "sub/hello", 9);
	add_trailer(&a);
	KTEST_EXPECT_TRUE(t, unpack_to_rootfs(a.buf, a.len) == NULL);
	/* The archive's bytes are not needed after this: wipe them. */
	memset(a.buf, 0xcc, a.len);

	expect_contents(t, "/" TOP "/sub/hello", "hello, world\n", 13);
	expect_contents(t, TOP "/big", big, BIG);
	expect_contents(t, TOP "/empty", "", 0);
	expect_contents(t, TOP "/link", "hello, world\n", 13);
	KTEST_EXPECT_EQ(t, lookup(TOP "/sub", 0, &d), 0);
	KTEST_EXPECT_EQ(t, d->d_inode->i_mode, S_IFDIR | 0700);
	KTEST_EXPECT_EQ(t, lookup(TOP "/link", 0, &d), 0);
	KTEST_EXPECT_EQ(t, vfs_readlink(d, target, sizeof(target)), 9);
	KTEST_EXPECT_STREQ(t, target, "sub/hello");
	clean_up(&a);
	kfree(big);
}

/* A second archive after NULs replaces a file with a link, and a file's contents. */
static void later_archive_wins(struct ktest *t)
{
	struct newc a;
	struct dentry *d;

	KTEST_ASSERT_TRUE(t, start(&a));
	add(&a, TOP "/link", S_IFREG | 0644, "file first", 10);
	add_trailer(&a);
	memset(a.buf + a.len, 0, 12);
	a.len += 12;
	add(&a, TOP "/link", S_IFLNK | 0777, "sub/hello", 9);
	add(&a, TOP "/sub/hello", S_IFREG | 0644, "bye", 3);
	add_trailer(&a);
	KTEST_EXPECT_TRUE(t, unpack_to_rootfs(a.buf, a.len) == NULL);
	KTEST_EXPECT_EQ(t, lookup(TOP "/link", 0, &d), 0);
	KTEST_EXPECT_TRUE(t, S_ISLNK(d->d_inode->i_mode));
	expect_contents(t, TOP "/link", "bye", 3);
	clean_up(&a);
}

/* Each broken archive fails with its reason and keeps TOP/sub/hello, made before the fault. */
static void broken_archive_keeps_the_start(struct ktest *t)
{
	static const struct {
		const char *reason;
		const char *name;
		size_t cut;		/* bytes taken off the end */
		bool smash_magic;	/* the entry's "070701" becomes "070x01" */
		bool trailer;
		int lookup;		/* lookup() of name afterwards: only a missing trailer keeps it */
	} broken[] = {
		{ "name with a .. component", TOP "/../evil", 0, false, true, -ENOENT },
		{ "truncated data", TOP "/after", 3, false, false, -ENOENT },
		{ "no cpio magic", TOP "/after", 0, true, true, -ENOENT },
		{ "truncated archive (no TRAILER!!!)", TOP "/after", 0, false, false, 0 },
	};
	struct dentry *d;

	for (unsigned int i = 0; i < ARRAY_SIZE(broken); i++) {
		struct newc a;
		const char *err;
		size_t entry;

		KTEST_ASSERT_TRUE(t, start(&a));
		entry = a.len;
		add(&a, broken[i].name, S_IFREG | 0644, "data", 4);
		if (broken[i].smash_magic)
			a.buf[entry + 3] = 'x';
		if (broken[i].trailer)
			add_trailer(&a);
		a.len -= broken[i].cut;
		err = unpack_to_rootfs(a.buf, a.len);
		KTEST_EXPECT_TRUE(t, err != NULL);
		if (err)
			KTEST_EXPECT_STREQ(t, err, broken[i].reason);
		expect_contents(t, TOP "/sub/hello", "hello, world\n", 13);
		KTEST_EXPECT_EQ(t, lookup(broken[i].name, 0, &d), broken[i].lookup);
		KTEST_EXPECT_EQ(t, lookup("/evil", 0, &d), -ENOENT);
		clean_up(&a);
	}
}

/* A compressed archive, alone or after ours, is refused with its method named. */
static void compressed_archive_named(struct ktest *t)
{
	static const struct {
		u8 start[4];
		const char *method;	/* the reason's first word */
	} archives[] = {
		{ { 0x1f, 0x8b, 0x08, 0x00 }, "gzip-compressed" },
		{ { 'B', 'Z', 'h', '9' }, "bzip2-compressed" },
		{ { 0xfd, '7', 'z', 'X' }, "xz-compressed" },
		{ { 0x5d, 0x00, 0x00, 0x80 }, "lzma-compressed" },
		{ { 0x28, 0xb5, 0x2f, 0xfd }, "zstd-compressed" },
		{ { 'X', 'Y', 'Z', 'W' }, "invalid magic at start of compressed archive" },
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(archives); i++) {
		size_t n = strlen(archives[i].method);
		struct newc a;
		const char *err;

		err = unpack_to_rootfs(archives[i].start, 4);
		KTEST_EXPECT_TRUE(t, err && !strncmp(err, archives[i].method, n));
		if (err && i < ARRAY_SIZE(archives) - 1)
			KTEST_EXPECT_STREQ(t, err + n, " archive: compression is not supported, only newc");
		/* After our archive, as a user would `cat` theirs onto it: ours is kept. */
		KTEST_ASSERT_TRUE(t, start(&a));
		add_trailer(&a);
		memcpy(a.buf + a.len, archives[i].start, 4);
		err = unpack_to_rootfs(a.buf, a.len + 4);
		KTEST_EXPECT_TRUE(t, err && !strncmp(err, archives[i].method, n));
		expect_contents(t, TOP "/sub/hello", "hello, world\n", 13);
		clean_up(&a);
	}
}

static const struct ktest_case initramfs_cases[] = {
	KTEST_CASE(unpack_and_read_back),
	KTEST_CASE(later_archive_wins),
	KTEST_CASE(broken_archive_keeps_the_start),
	KTEST_CASE(compressed_archive_named),
	{}
};

static const struct ktest_suite initramfs_suite = { "unpack_to_rootfs", initramfs_cases };
ktest_suite(initramfs_suite);
