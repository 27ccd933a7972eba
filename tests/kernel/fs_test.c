/*
 * The "ramfs" suite: the in-memory file system (kernel/fs/), through the
 * calls the rest of the kernel uses. Each case works under its own
 * directory and removes all it made, so ktest's leak check (free pages
 * before and after) also shows that removing a file gives its memory back.
 */
#include <kernel/errno.h>
#include <kernel/fs.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/slab.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

/* What path names, not held: the tree holds it while the case uses it. */
static struct dentry *lookup(const char *path, unsigned int flags)
{
	struct dentry *d;

	if (kern_path(path, flags, &d))
		return NULL;
	dput(d);
	return d;
}

static int lookup_err(const char *path, unsigned int flags)
{
	struct dentry *d;
	int err = kern_path(path, flags, &d);

	if (!err)
		dput(d);
	return err;
}

/* Make /t, /t/d and the file /t/d/f holding "hello, world". */
static struct dentry *make_tree(struct ktest *t)
{
	struct dentry *f;

	KTEST_EXPECT_EQ(t, vfs_mkdir("/t", 0755), 0);
	KTEST_EXPECT_EQ(t, vfs_mkdir("t/d/", 0700), 0);
	if (vfs_create("/t/d/f", 0644, &f))
		return NULL;
	KTEST_EXPECT_EQ(t, vfs_write(f->d_inode, "hello, world", 12, 0), 12);
	dput(f);	/* the tree holds it */
	return f;
}

static void remove_tree(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, vfs_unlink("/t/d/f"), 0);
	KTEST_EXPECT_EQ(t, vfs_rmdir("/t/d"), 0);
	KTEST_EXPECT_EQ(t, vfs_rmdir("/t"), 0);
}

static void create_and_look_up(struct ktest *t)
{
	struct dentry *f = make_tree(t), *d;
	char buf[16] = "";

	KTEST_ASSERT_TRUE(t, f != NULL);
	KTEST_EXPECT_STREQ(t, f->d_name, "f");
	KTEST_EXPECT_TRUE(t, S_ISREG(f->d_inode->i_mode));
	KTEST_EXPECT_EQ(t, f->d_inode->i_mode & S_IALLUGO, 0644);
	KTEST_EXPECT_EQ(t, f->d_inode->i_size, 12);
	d = lookup("/t/d", 0);
	KTEST_ASSERT_TRUE(t, d != NULL);
	KTEST_EXPECT_TRUE(t, S_ISDIR(d->d_inode->i_mode));
	KTEST_EXPECT_EQ(t, d->d_inode->i_mode & S_IALLUGO, 0700);
	KTEST_EXPECT_TRUE(t, f->d_parent == d);
	KTEST_EXPECT_TRUE(t, lookup("t//d///f", 0) == f);
	KTEST_EXPECT_EQ(t, vfs_read(f->d_inode, buf, 5, 7), 5);
	KTEST_EXPECT_STREQ(t, buf, "world");
	remove_tree(t);
	KTEST_EXPECT_EQ(t, lookup_err("/t", 0), -ENOENT);
}

static void dot_and_dotdot(struct ktest *t)
{
	struct dentry *f = make_tree(t), *root = lookup("/", 0);

	KTEST_ASSERT_TRUE(t, f != NULL);
	KTEST_EXPECT_TRUE(t, lookup("/t/d/../d/./f", 0) == f);
	KTEST_EXPECT_TRUE(t, lookup("/../../t/./d/f", 0) == f);
	KTEST_EXPECT_TRUE(t, lookup("/t/d/../..", 0) == root);
	KTEST_EXPECT_TRUE(t, lookup(".", 0) == root);
	KTEST_EXPECT_EQ(t, lookup_err("/t/d/f/", 0), -ENOTDIR);
	KTEST_EXPECT_EQ(t, lookup_err("/t/d/f/..", 0), -ENOTDIR);
	KTEST_EXPECT_EQ(t, lookup_err("/t/nope", 0), -ENOENT);
	KTEST_EXPECT_EQ(t, lookup_err("", 0), -ENOENT);
	remove_tree(t);
}

static void symlinks_are_followed(struct ktest *t)
{
	struct dentry *f = make_tree(t), *l;
	char buf[8];

	KTEST_ASSERT_TRUE(t, f != NULL);
	KTEST_EXPECT_EQ(t, vfs_symlink("d/f", 3, "/t/rel"), 0);
	KTEST_EXPECT_EQ(t, vfs_symlink("/t/d", 4, "/t/abs"), 0);
	KTEST_EXPECT_EQ(t, vfs_symlink("../rel", 6, "/t/d/up"), 0);
	KTEST_EXPECT_EQ(t, vfs_symlink("nowhere", 7, "/t/dangling"), 0);
	KTEST_EXPECT_TRUE(t, lookup("/t/rel", LOOKUP_FOLLOW) == f);
	KTEST_EXPECT_TRUE(t, lookup("/t/abs/f", 0) == f);
	KTEST_EXPECT_TRUE(t, lookup("/t/d/up", LOOKUP_FOLLOW) == f);
	/* Without LOOKUP_FOLLOW the last component is the link itself (lstat()). */
	l = lookup("/t/rel", 0);
	KTEST_ASSERT_TRUE(t, l != NULL);
	KTEST_EXPECT_TRUE(t, S_ISLNK(l->d_inode->i_mode));
	KTEST_EXPECT_EQ(t, vfs_readlink(l, buf, sizeof(buf)), 3);
	KTEST_EXPECT_STREQ(t, buf, "d/f");
	KTEST_EXPECT_EQ(t, vfs_readlink(l, buf, 3), 2);
	KTEST_EXPECT_STREQ(t, buf, "d/");
	KTEST_EXPECT_EQ(t, vfs_readlink(f, buf, sizeof(buf)), -EINVAL);
	KTEST_EXPECT_EQ(t, lookup_err("/t/dangling", LOOKUP_FOLLOW), -ENOENT);
	KTEST_EXPECT_TRUE(t, lookup("/t/dangling", 0) != NULL);
	for (const char *p = "/t/rel\0/t/abs\0/t/d/up\0/t/dangling\0"; *p; p += strlen(p) + 1)
		KTEST_EXPECT_EQ(t, vfs_unlink(p), 0);
	remove_tree(t);
}

/* A chain of MAXSYMLINKS links resolves; one more, or a loop, is -ELOOP. */
static void too_many_links(struct ktest *t)
{
	char name[16], target[16];

	KTEST_EXPECT_EQ(t, vfs_mkdir("/t", 0755), 0);
	KTEST_EXPECT_EQ(t, vfs_mkdir("/t/end", 0755), 0);
	for (int i = 0; i <= MAXSYMLINKS; i++) {
		snprintf(name, sizeof(name), "/t/l%d", i);
		snprintf(target, sizeof(target), i ? "l%d" : "end", i - 1);
		KTEST_EXPECT_EQ(t, vfs_symlink(target, strlen(target), name), 0);
	}
	snprintf(name, sizeof(name), "/t/l%d", MAXSYMLINKS - 1);
	KTEST_EXPECT_TRUE(t, lookup(name, LOOKUP_FOLLOW) == lookup("/t/end", 0));
	snprintf(name, sizeof(name), "/t/l%d", MAXSYMLINKS);
	KTEST_EXPECT_EQ(t, lookup_err(name, LOOKUP_FOLLOW), -ELOOP);
	KTEST_EXPECT_EQ(t, vfs_symlink("b", 1, "/t/a"), 0);
	KTEST_EXPECT_EQ(t, vfs_symlink("a", 1, "/t/b"), 0);
	KTEST_EXPECT_EQ(t, lookup_err("/t/a", LOOKUP_FOLLOW), -ELOOP);
	KTEST_EXPECT_EQ(t, lookup_err("/t/a/x", 0), -ELOOP);
	KTEST_EXPECT_EQ(t, vfs_unlink("/t/a"), 0);
	KTEST_EXPECT_EQ(t, vfs_unlink("/t/b"), 0);
	for (int i = 0; i <= MAXSYMLINKS; i++) {
		snprintf(name, sizeof(name), "/t/l%d", i);
		KTEST_EXPECT_EQ(t, vfs_unlink(name), 0);
	}
	KTEST_EXPECT_EQ(t, vfs_rmdir("/t/end"), 0);
	KTEST_EXPECT_EQ(t, vfs_rmdir("/t"), 0);
}

/*
 * A /proc text longer than the first buffer proc_read() tries: it must be
 * made again, whole, in a bigger one. No file of /proc is that long.
 */
#define LONG_TEXT	1500

static size_t long_text_show(char *buf, size_t size)
{
	/* Byte i is i ^ (i >> 8): no two 256-byte blocks alike. NUL-terminated as snprintf(). */
	for (size_t i = 0; i < LONG_TEXT && i + 1 < size; i++)
		buf[i] = (char)(i ^ (i >> 8));
	if (size)
		buf[LONG_TEXT < size - 1 ? LONG_TEXT : size - 1] = '\0';
	return LONG_TEXT;
}

static void proc_text_longer_than_first_buffer(struct ktest *t)
{
	static struct inode inode;	/* static: ARM clang would copy an initializer with __aeabi_memcpy8 */
	char buf[600];
	bool right = true;

	inode.i_mode = S_IFREG | 0444;
	inode.i_show = long_text_show;
	KTEST_ASSERT_EQ(t, vfs_read(&inode, buf, sizeof(buf), 1000), LONG_TEXT - 1000);
	for (size_t i = 0; i < LONG_TEXT - 1000; i++)
		right &= buf[i] == (char)((1000 + i) ^ ((1000 + i) >> 8));
	KTEST_EXPECT_TRUE(t, right);
}

static void read_and_write_at_offsets(struct ktest *t)
{
	enum { BIG = 3 * 4096 + 5 };	/* a few pages, and a bit */
	struct dentry *f;
	u8 *buf = kmalloc(BIG);
	long n;

	KTEST_ASSERT_TRUE(t, buf != NULL);
	KTEST_EXPECT_EQ(t, vfs_create("/g", 0600, &f), 0);
	/* A write past the end leaves a hole of zeros. */
	KTEST_EXPECT_EQ(t, vfs_write(f->d_inode, "xy", 2, 10), 2);
	KTEST_EXPECT_EQ(t, f->d_inode->i_size, 12);
	KTEST_EXPECT_EQ(t, vfs_read(f->d_inode, buf, 100, 0), 12);
	for (int i = 0; i < 10; i++)
		KTEST_EXPECT_EQ(t, buf[i], 0);
	KTEST_EXPECT_EQ(t, buf[10], 'x');
	KTEST_EXPECT_EQ(t, vfs_read(f->d_inode, buf, 100, 12), 0);
	KTEST_EXPECT_EQ(t, vfs_read(f->d_inode, buf, 100, 1000), 0);
	/* An end past the largest offset is refused, not wrapped to a negative one. */
	KTEST_EXPECT_EQ(t, vfs_write(f->d_inode, "xy", 2, (loff_t)(~0ULL >> 1) - 1), -EINVAL);
	KTEST_EXPECT_EQ(t, vfs_write(f->d_inode, "xy", 2, -1), -EINVAL);
	KTEST_EXPECT_EQ(t, f->d_inode->i_size, 12);
	/*
	 * Grow it past a few pages, each write at the end: a byte at a time over
	 * each page's first and last 8 bytes (where a write starts a page or fills
	 * one), runs of up to 61 bytes (odd: every alignment) in between. Every byte
	 * where it was put. (Byte-wise all through, it cost 3 M instructions.)
	 */
	for (int i = 0, len; i < BIG; i += len) {
		int in_page = i % PAGE_SIZE;
		u8 run[61];

		len = in_page < 8 || in_page >= PAGE_SIZE - 8 ? 1 : PAGE_SIZE - 8 - in_page;
		len = len > 61 ? 61 : len;
		len = len > BIG - i ? BIG - i : len;
		for (int j = 0; j < len; j++)
			run[j] = (i + j) * 7;
		if (vfs_write(f->d_inode, run, len, i) != len)
			ktest_fail(t, __FILE__, __LINE__, "write of %d at %d failed", len, i);
	}
	n = vfs_read(f->d_inode, buf, BIG, 0);
	KTEST_EXPECT_EQ(t, n, BIG);
	for (int i = 0; i < n; i++)
		if (buf[i] != (u8)(i * 7)) {
			ktest_fail(t, __FILE__, __LINE__, "byte %d is %#x", i, buf[i]);
			break;
		}
	dput(f);
	/* Creating it again truncates it. */
	KTEST_EXPECT_EQ(t, vfs_create("/g", 0600, &f), 0);
	KTEST_EXPECT_EQ(t, f->d_inode->i_size, 0);
	KTEST_EXPECT_EQ(t, vfs_read(f->d_inode, buf, 1, 0), 0);
	dput(f);
	KTEST_EXPECT_EQ(t, vfs_unlink("/g"), 0);
	kfree(buf);
}

/*
 * kern_path() hands back a held dentry: an unlink() meanwhile (another
 * process's, on another CPU or after a preemption) takes the name away but
 * not the file, whose pages go with the holder's dput().
 */
static void lookup_holds_the_file_across_unlink(struct ktest *t)
{
	unsigned long before = nr_free_pages();
	struct dentry *f, *d;
	char buf[4];

	KTEST_ASSERT_EQ(t, vfs_create("/h", 0600, &f), 0);
	KTEST_EXPECT_EQ(t, vfs_write(f->d_inode, "held", 4, 0), 4);
	dput(f);
	KTEST_ASSERT_EQ(t, kern_path("/h", 0, &d), 0);
	KTEST_EXPECT_EQ(t, vfs_unlink("/h"), 0);
	KTEST_EXPECT_EQ(t, lookup_err("/h", 0), -ENOENT);
	KTEST_EXPECT_EQ(t, vfs_read(d->d_inode, buf, 4, 0), 4);
	KTEST_EXPECT_EQ(t, memcmp(buf, "held", 4), 0);
	dput(d);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

static void errors_are_linux_errnos(struct ktest *t)
{
	struct dentry *f = make_tree(t), *d;
	char long_name[NAME_MAX + 3];

	KTEST_ASSERT_TRUE(t, f != NULL);
	KTEST_EXPECT_EQ(t, vfs_mkdir("/t", 0755), -EEXIST);
	KTEST_EXPECT_EQ(t, vfs_mkdir("/", 0755), -EEXIST);
	KTEST_EXPECT_EQ(t, vfs_mkdir("/t/d/.", 0755), -EEXIST);
	KTEST_EXPECT_EQ(t, vfs_mkdir("/nope/x", 0755), -ENOENT);
	KTEST_EXPECT_EQ(t, vfs_mkdir("/t/d/f/x", 0755), -ENOTDIR);
	KTEST_EXPECT_EQ(t, vfs_create("/t/d", 0644, &d), -EISDIR);
	KTEST_EXPECT_EQ(t, vfs_create("/t/new/", 0644, &d), -EISDIR);
	KTEST_EXPECT_EQ(t, vfs_symlink("x", 1, "/t/d/f"), -EEXIST);
	KTEST_EXPECT_EQ(t, vfs_symlink("", 0, "/t/l"), -ENOENT);
	KTEST_EXPECT_EQ(t, vfs_unlink("/t/d"), -EISDIR);
	KTEST_EXPECT_EQ(t, vfs_unlink("/t/nope"), -ENOENT);
	KTEST_EXPECT_EQ(t, vfs_rmdir("/t/d"), -ENOTEMPTY);
	KTEST_EXPECT_EQ(t, vfs_rmdir("/t/d/f"), -ENOTDIR);
	KTEST_EXPECT_EQ(t, vfs_rmdir("/t/d/."), -EINVAL);
	KTEST_EXPECT_EQ(t, vfs_read(lookup("/t", 0)->d_inode, long_name, 1, 0), -EISDIR);
	memset(long_name, 'n', sizeof(long_name) - 1);
	long_name[0] = '/';
	long_name[sizeof(long_name) - 1] = '\0';
	KTEST_EXPECT_EQ(t, vfs_mkdir(long_name, 0755), -ENAMETOOLONG);
	KTEST_EXPECT_EQ(t, lookup_err(long_name, 0), -ENAMETOOLONG);
	long_name[sizeof(long_name) - 2] = '\0';	/* NAME_MAX bytes: allowed */
	KTEST_EXPECT_EQ(t, vfs_mkdir(long_name, 0755), 0);
	KTEST_EXPECT_EQ(t, vfs_rmdir(long_name), 0);
	remove_tree(t);
}

/* getdents() in miniature: room for two entries per call. */
struct listing {
	struct dir_context ctx;
	char names[8][8];
	unsigned int types[8];
	int n, room;
};

static bool list_entry_actor(struct dir_context *ctx, const char *name, int len, loff_t pos,
			     unsigned long ino, unsigned int d_type)
{
	struct listing *l = (struct listing *)ctx;

	(void)pos;
	(void)ino;
	if (!l->room-- || l->n == 8 || len >= 8)
		return false;
	memcpy(l->names[l->n], name, len);
	l->names[l->n][len] = '\0';
	l->types[l->n++] = d_type;
	return true;
}

static void getdents_in_pieces(struct ktest *t)
{
	struct dentry *f = make_tree(t), *dir = lookup("/t/d", 0);
	struct listing l;
	int calls = 0;

	/* memset, not an initializer: clang would copy a template with __aeabi_memcpy8. */
	memset(&l, 0, sizeof(l));
	l.ctx.actor = list_entry_actor;

	KTEST_ASSERT_TRUE(t, f != NULL && dir != NULL);
	KTEST_EXPECT_EQ(t, vfs_mkdir("/t/d/sub", 0755), 0);
	KTEST_EXPECT_EQ(t, vfs_symlink("f", 1, "/t/d/ln"), 0);
	do {
		l.room = 2;
		KTEST_EXPECT_EQ(t, iterate_dir(dir, &l.ctx), 0);
		calls++;
	} while (l.room < 0 && calls < 10);
	KTEST_EXPECT_EQ(t, calls, 3);
	KTEST_ASSERT_EQ(t, l.n, 5);
	KTEST_EXPECT_STREQ(t, l.names[0], ".");
	KTEST_EXPECT_STREQ(t, l.names[1], "..");
	KTEST_EXPECT_STREQ(t, l.names[2], "f");
	KTEST_EXPECT_STREQ(t, l.names[3], "sub");
	KTEST_EXPECT_STREQ(t, l.names[4], "ln");
	KTEST_EXPECT_EQ(t, l.types[2], DT_REG);
	KTEST_EXPECT_EQ(t, l.types[3], DT_DIR);
	KTEST_EXPECT_EQ(t, l.types[4], DT_LNK);
	KTEST_EXPECT_EQ(t, iterate_dir(f, &l.ctx), -ENOTDIR);
	KTEST_EXPECT_EQ(t, vfs_rmdir("/t/d/sub"), 0);
	KTEST_EXPECT_EQ(t, vfs_unlink("/t/d/ln"), 0);
	remove_tree(t);
}

static const struct ktest_case ramfs_cases[] = {
	KTEST_CASE(create_and_look_up),
	KTEST_CASE(dot_and_dotdot),
	KTEST_CASE(symlinks_are_followed),
	KTEST_CASE(too_many_links),
	KTEST_CASE(read_and_write_at_offsets),
	KTEST_CASE(proc_text_longer_than_first_buffer),
	KTEST_CASE(lookup_holds_the_file_across_unlink),
	KTEST_CASE(errors_are_linux_errnos),
	KTEST_CASE(getdents_in_pieces),
	{}
};

static const struct ktest_suite ramfs_suite = { "ramfs", ramfs_cases };
ktest_suite(ramfs_suite);
