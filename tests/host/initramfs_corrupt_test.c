/*
 * Host test of the newc unpacker (kernel/fs/initramfs.c) on hand-made
 * archives, each broken in one way after a good first entry: each must
 * fail with its own reason and keep that first entry. Odd but harmless
 * names must go in.
 */
#include "initramfs_host.h"

static void corrupt_archives_refused(void)
{
	struct newc a;
	size_t h;

	start(&a);
	h = add(&a, "x", S_IFREG | 0644, "data", 0);
	a.buf[h + MAGIC + 5] = '3';		/* "070703" */
	add_trailer(&a);
	expect_failure(&a, "no cpio magic", __LINE__);

	start(&a);
	h = add(&a, "x", S_IFREG | 0644, "", 0);
	a.buf[h + MODE + 3] = 'g';
	expect_failure(&a, "bad header field", __LINE__);

	start(&a);
	add(&a, "x", S_IFREG | 0644, "", 1);	/* namesize 1: the name has no room */
	expect_failure(&a, "bad name size", __LINE__);

	start(&a);
	h = add(&a, "", S_IFREG | 0644, "", 0);
	a.buf[h + NAMESIZE + 7] = '0';		/* namesize 0 */
	expect_failure(&a, "bad name size", __LINE__);

	start(&a);
	add(&a, "x\0y", S_IFREG | 0644, "", 4);	/* a NUL inside the name */
	add_trailer(&a);
	expect_failure(&a, "bad name size", __LINE__);

	start(&a);
	add(&a, "x", S_IFREG | 0644, "", 0x100000);	/* namesize past PATH_MAX */
	expect_failure(&a, "bad name size", __LINE__);

	start(&a);
	add(&a, "x", S_IFREG | 0644, "", 3000);	/* namesize past the end */
	expect_failure(&a, "truncated name", __LINE__);

	start(&a);
	add(&a, "x", S_IFREG | 0644, "0123456789", 0);
	a.len -= 12;				/* the data is cut short */
	expect_failure(&a, "truncated data", __LINE__);

	start(&a);
	h = add(&a, "x", S_IFREG | 0644, "", 0);
	memcpy(a.buf + h + FILESIZE, "FFFFFFFF", 8);
	expect_failure(&a, "truncated data", __LINE__);

	start(&a);
	memcpy(a.buf + a.len, "0707010000", 10);	/* a header cut short */
	a.len += 10;
	expect_failure(&a, "truncated header", __LINE__);

	start(&a);
	add(&a, "x", S_IFREG | 0644, "", 0);
	expect_failure(&a, "truncated archive (no TRAILER!!!)", __LINE__);

	for (const char *name = "..\0a/..\0/../x\0a/../b\0d/../../etc/x\0"; *name;
	     name += strlen(name) + 1) {
		start(&a);
		add(&a, name, S_IFREG | 0644, "evil", 0);
		add_trailer(&a);
		expect_failure(&a, "name with a .. component", __LINE__);
	}

	start(&a);
	add_trailer(&a);
	memcpy(a.buf + a.len, "\0\0\0\0junk", 8);	/* junk after the trailer */
	a.len += 8;
	expect_failure(&a, "invalid magic at start of compressed archive", __LINE__);

	start(&a);
	add_trailer(&a);
	a.buf[a.len++] = '\0';			/* the next archive starts off the 4-byte grid */
	add(&a, "y", S_IFREG | 0644, "", 0);
	expect_failure(&a, "broken padding", __LINE__);

	start(&a);
	add(&a, "big", S_IFREG | 0644, "too big", 0);
	add_trailer(&a);
	reset();
	fail_name = "big";
	EXPECT(!strcmp(unpack_to_rootfs(a.buf, a.len) ?: "success", "write error"),
	       "a file that cannot be written is a write error");
}

/*
 * Names that are odd but harmless go in; a character device is made with
 * its rdevmajor:rdevminor (the header's 10th and 11th fields, at 78 and
 * 86); block devices and FIFOs are passed over.
 */
static void odd_names_accepted(void)
{
	struct newc a;
	const char *err;
	struct entry *dev;
	size_t h;

	start(&a);
	add(&a, "/abs", S_IFDIR | 0755, "", 0);
	add(&a, "..dots/x..", S_IFREG | 0600, "ok", 0);
	add(&a, "a//b/./c", S_IFREG | 0600, "ok", 0);
	h = add(&a, "dev/console", S_IFCHR | 0600, "", 0);
	memcpy(a.buf + h + 78, "0000000500000001", 16);
	add(&a, "dev/sda", S_IFBLK | 0600, "", 0);
	add(&a, "fifo", S_IFIFO | 0600, "", 0);
	add_trailer(&a);
	reset();
	err = unpack_to_rootfs(a.buf, a.len);
	EXPECT(!err, "unpack: %s", err);
	EXPECT(find("/abs") && find("..dots/x..") && find("a//b/./c"), "an odd name was refused");
	dev = find("dev/console");
	EXPECT(dev && dev->type == 'c' && !strcmp(dev->data, "5:1") && dev->mode == 0600,
	       "dev/console: %s", dev ? dev->data : "not made");
	EXPECT(!find("dev/sda") && !find("fifo"), "a block device or FIFO was made");
}

static const struct ktap_case cases[] = {
	KTAP_CASE(corrupt_archives_refused),
	KTAP_CASE(odd_names_accepted),
};

KTAP_MAIN(cases)
