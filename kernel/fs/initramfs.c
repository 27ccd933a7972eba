/*
 * The newc cpio unpacker: archives in memory become files in the root file
 * system (include/kernel/initramfs.h; Linux's init/initramfs.c does the
 * same as a state machine fed in pieces by a decompressor; here the whole
 * buffer is at hand, uncompressed, so one loop over it is enough).
 *
 * An entry is a 110-byte ASCII header ("070701", or "070702" with a
 * checksum, then 13 fields of 8 hex digits), the name with its NUL, NULs
 * up to a multiple of 4, the data, NULs up to a multiple of 4. The entry
 * named TRAILER!!! ends an archive; NULs may follow before the next one.
 * Every offset is checked against the end of the buffer before it is
 * used, so any bytes at all give either files or a reason.
 *
 * A name is taken from the root whether or not it starts with "/"; a name
 * with a ".." component is refused, so nothing lands outside the tree the
 * archive describes (even through a symbolic link it made: a link's target
 * is only followed when another entry's path goes through it). A
 * character device entry becomes a device node with the entry's rdevmajor
 * and rdevminor; block devices, FIFOs and sockets are skipped: the file
 * system has none. Each
 * name of a hard-linked file gets its own copy of the data.
 */
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <kernel/initramfs.h>
#include <kernel/string.h>

#define CPIO_HDR_LEN	110
#define CPIO_FIELDS	13
#define CPIO_PATH_MAX	4096

/* The header's fields, in their order in the archive. */
enum { F_INO, F_MODE, F_UID, F_GID, F_NLINK, F_MTIME, F_FILESIZE, F_MAJ, F_MIN,
       F_RMAJ, F_RMIN, F_NAMESIZE, F_CHECK };

struct cpio_entry {
	unsigned long f[CPIO_FIELDS];
	bool has_check;		/* "070702" */
	const char *name;	/* NUL-terminated, inside the buffer */
	const u8 *data;
	const u8 *next;		/* the byte after the data's padding */
};

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Round an offset from the buffer's start up to 4, as the format pads. */
static size_t pad4(size_t off)
{
	return (off + 3) & ~(size_t)3;
}

/* The entry at offset off of [buf, buf+len), or the reason it is not one. */
static const char *parse_entry(const u8 *buf, size_t len, size_t off, struct cpio_entry *e)
{
	const char *h = (const char *)buf + off;
	size_t name_off, data_off;

	if (len - off < CPIO_HDR_LEN)
		return "truncated header";
	if (!memcmp(h, "070707", 6))
		return "incorrect cpio method used: use -H newc option";
	if (memcmp(h, "070701", 6) && memcmp(h, "070702", 6))
		return "no cpio magic";
	e->has_check = h[5] == '2';
	for (int i = 0; i < CPIO_FIELDS; i++) {
		unsigned long v = 0;

		for (int j = 0; j < 8; j++) {
			int d = hex_digit(h[6 + 8 * i + j]);

			if (d < 0)
				return "bad header field";
			v = v << 4 | d;
		}
		e->f[i] = v;
	}
	if (e->f[F_NAMESIZE] == 0 || e->f[F_NAMESIZE] > CPIO_PATH_MAX)
		return "bad name size";
	name_off = off + CPIO_HDR_LEN;
	if (len - name_off < e->f[F_NAMESIZE])
		return "truncated name";
	e->name = (const char *)buf + name_off;
	/* The size counts the NUL: the name must end exactly there. */
	if (strnlen(e->name, e->f[F_NAMESIZE]) != e->f[F_NAMESIZE] - 1)
		return "bad name size";
	data_off = pad4(name_off + e->f[F_NAMESIZE]);
	if (data_off > len || len - data_off < e->f[F_FILESIZE])
		return "truncated data";
	e->data = buf + data_off;
	if (pad4(data_off + e->f[F_FILESIZE]) > len)
		return "truncated data";
	e->next = buf + pad4(data_off + e->f[F_FILESIZE]);
	return NULL;
}

static bool has_dotdot(const char *name)
{
	for (const char *p = name; *p; ) {
		const char *c = p;

		while (*p && *p != '/')
			p++;
		if (p - c == 2 && c[0] == '.' && c[1] == '.')
			return true;
		while (*p == '/')
			p++;
	}
	return false;
}

static bool bad_checksum(const struct cpio_entry *e)
{
	u32 sum = 0;

	/* cpio sums only a regular file's data, and Linux checks only those. */
	if (!e->has_check || !S_ISREG(e->f[F_MODE]))
		return false;
	for (unsigned long i = 0; i < e->f[F_FILESIZE]; i++)
		sum += e->data[i];
	return sum != (u32)e->f[F_CHECK];
}

static bool same_file(const struct cpio_entry *a, const struct cpio_entry *b)
{
	return a->f[F_INO] == b->f[F_INO] && a->f[F_MAJ] == b->f[F_MAJ] &&
	       a->f[F_MIN] == b->f[F_MIN];
}

/*
 * newc stores a hard-linked file's data once, with its last name; the
 * names before it have size 0. Give those earlier names in this archive
 * (from arch) the data too.
 */
static int copy_to_links(const u8 *buf, size_t len, size_t arch, const struct cpio_entry *e)
{
	struct cpio_entry o;

	for (size_t off = arch; buf + off < e->data; off = o.next - buf) {
		int err;

		if (parse_entry(buf, len, off, &o))
			return 0;
		if (o.f[F_NLINK] < 2 || o.f[F_FILESIZE] || !same_file(&o, e) ||
		    !S_ISREG(o.f[F_MODE]) || !strcmp(o.name, e->name))
			continue;
		err = init_create_file(o.name, o.f[F_MODE], e->data, e->f[F_FILESIZE]);
		if (err == -ENOMEM)
			return err;
	}
	return 0;
}

/* Make the entry's file; like Linux, a name that cannot be made is passed over. */
static const char *do_entry(const u8 *buf, size_t len, size_t arch, const struct cpio_entry *e)
{
	umode_t mode = e->f[F_MODE];
	int err = 0;

	if (has_dotdot(e->name))
		return "name with a .. component";
	if (bad_checksum(e))
		return "bad data checksum";
	if (S_ISDIR(mode)) {
		err = init_mkdir(e->name, mode);
	} else if (S_ISREG(mode)) {
		err = init_create_file(e->name, mode, e->data, e->f[F_FILESIZE]);
		if (!err && e->f[F_NLINK] > 1 && e->f[F_FILESIZE])
			err = copy_to_links(buf, len, arch, e);
	} else if (S_ISLNK(mode)) {
		err = init_symlink((const char *)e->data, e->f[F_FILESIZE], e->name);
	} else if (S_ISCHR(mode)) {
		err = init_mknod(e->name, mode, e->f[F_RMAJ], e->f[F_RMIN]);
	}
	return err == -ENOMEM ? "write error" : NULL;
}

/*
 * What Linux's decompressors look for at the start of an archive
 * (lib/decompress.c). None is built in: a compressed archive is refused
 * with its method named, rather than as an unknown magic.
 */
static const struct {
	u8 magic[2];
	const char *why;
} compressed[] = {
	{ { 0x1f, 0x8b }, "gzip-compressed archive: compression is not supported, only newc" },
	{ { 0x1f, 0x9e }, "gzip-compressed archive: compression is not supported, only newc" },
	{ { 0x42, 0x5a }, "bzip2-compressed archive: compression is not supported, only newc" },
	{ { 0x5d, 0x00 }, "lzma-compressed archive: compression is not supported, only newc" },
	{ { 0xfd, 0x37 }, "xz-compressed archive: compression is not supported, only newc" },
	{ { 0x89, 0x4c }, "lzo-compressed archive: compression is not supported, only newc" },
	{ { 0x02, 0x21 }, "lz4-compressed archive: compression is not supported, only newc" },
	{ { 0x28, 0xb5 }, "zstd-compressed archive: compression is not supported, only newc" },
};

/* Why the bytes at b (len of them) do not start an archive. */
static const char *bad_start(const u8 *b, size_t len)
{
	for (unsigned int i = 0; len >= 2 && i < ARRAY_SIZE(compressed); i++)
		if (b[0] == compressed[i].magic[0] && b[1] == compressed[i].magic[1])
			return compressed[i].why;
	return "invalid magic at start of compressed archive";	/* Linux's words */
}

const char *unpack_to_rootfs(const void *buf, unsigned long len)
{
	const u8 *b = buf;
	size_t off = 0, arch = 0;
	bool in_archive = false;

	while (off < len) {
		struct cpio_entry e;
		const char *err;

		if (!in_archive) {
			/* Between archives: NULs, then a header on a 4-byte boundary. */
			if (!b[off]) {
				off++;
				continue;
			}
			if (b[off] != '0')
				return bad_start(b + off, len - off);
			if (off & 3)
				return "broken padding";
			arch = off;
		}
		err = parse_entry(b, len, off, &e);
		if (err)
			return err;
		off = e.next - b;
		in_archive = strcmp(e.name, "TRAILER!!!") != 0;
		if (in_archive) {
			err = do_entry(b, len, arch, &e);
			if (err)
				return err;
		}
	}
	return in_archive ? "truncated archive (no TRAILER!!!)" : NULL;
}
