/*
 * Host test of the newc unpacker (kernel/fs/initramfs.c) on archives made
 * by Debian's cpio (tests/host/initramfs.mk) from a tree whose manifest
 * says what should come out: newc, newc with checksums (and one byte
 * changed), the odc format it must refuse, archives back to back, and the
 * archive cut at every byte, which must fail and keep only what came
 * before the cut. Built under ASan/UBSan: no read strays past a buffer.
 */
#define _GNU_SOURCE	/* memmem() */
#include "initramfs_host.h"

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (!fseek(f, 0, SEEK_END) && (n = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET)) {
		buf = malloc(n + 1);
		*len = fread(buf, 1, n, f);
	}
	fclose(f);
	return buf;
}

static char *archive(const char *name, size_t *len)
{
	char path[512];
	char *buf;

	snprintf(path, sizeof(path), "%s/%s", INITRAMFS_DATA, name);
	buf = read_file(path, len);
	if (!buf) {
		printf("    # cannot read %s\n", path);
		exit(1);
	}
	return buf;
}

/* Every line of the manifest came out as it is in the tree; returns how many lines. */
static int check_against_tree(void)
{
	char line[600], path[300], target[300], file[600];
	FILE *m = fopen(INITRAMFS_DATA "/manifest.txt", "r");
	int n = 0;

	EXPECT(m, "no manifest");
	while (m && fgets(line, sizeof(line), m)) {
		char type;
		unsigned int mode;
		struct entry *e;

		target[0] = '\0';
		if (sscanf(line, "%c %o %299s %299s", &type, &mode, path, target) < 3)
			continue;
		n++;
		e = find(path);
		EXPECT(e, "%s was not unpacked", path);
		if (!e)
			continue;
		EXPECT(e->type == type, "%s: type %c, not %c", path, e->type, type);
		if (type == 'l') {
			EXPECT(!strcmp(e->data, target), "%s -> %s, not %s", path, e->data, target);
		} else {
			EXPECT(e->mode == mode, "%s: mode %o, not %o", path, e->mode, mode);
		}
		if (type == 'f') {
			size_t len = 0;
			char *want;

			snprintf(file, sizeof(file), "%s/tree/%s", INITRAMFS_DATA, path);
			want = read_file(file, &len);
			EXPECT(want && len == e->len && !memcmp(want, e->data, len),
			       "%s: %zu bytes differ from the tree's %zu", path, e->len, len);
			free(want);
		}
	}
	if (m)
		fclose(m);
	/* Each line once, plus "." itself. */
	EXPECT(nr_entries == n + 1, "%d entries for %d lines", nr_entries, n);
	EXPECT(find(".") && find(".")->type == 'd', "no \".\"");
	return n;
}

static void cpio_newc_archive(void)
{
	size_t len;
	char *buf = archive("newc.cpio", &len);
	const char *err;

	reset();
	err = unpack_to_rootfs(buf, len);
	EXPECT(!err, "unpack: %s", err);
	EXPECT(check_against_tree() >= 10, "a short manifest");
	/* The hard link's first name came with no data of its own. */
	EXPECT(find("dir/hard") && find("dir/hard")->len == 13, "dir/hard lost its data");
	free(buf);
}

static void cpio_crc_archive(void)
{
	size_t len;
	char *buf = archive("crc.cpio", &len), *data;
	const char *err;

	reset();
	err = unpack_to_rootfs(buf, len);
	EXPECT(!err, "unpack: %s", err);
	check_against_tree();
	/* One data byte changed: its entry's checksum no longer adds up. */
	data = memmem(buf, len, "hello, world", 12);
	EXPECT(data, "no file data in the archive");
	if (data)
		data[0] = 'j';
	reset();
	err = unpack_to_rootfs(buf, len);
	EXPECT(err && !strcmp(err, "bad data checksum"), "got %s", err ? err : "success");
	EXPECT(find("dir/empty") && !find("dir/hello"), "entries before the fault lost");
	free(buf);
}

static void cpio_odc_archive_refused(void)
{
	size_t len;
	char *buf = archive("odc.cpio", &len);
	const char *err;

	reset();
	err = unpack_to_rootfs(buf, len);
	EXPECT(err && !strcmp(err, "incorrect cpio method used: use -H newc option"),
	       "got %s", err ? err : "success");
	EXPECT(nr_entries == 0, "%d entries from an odc archive", nr_entries);
	free(buf);
}

/* Archives back to back with NULs between them: the later one wins. */
static void concatenated_archives(void)
{
	size_t len, len2;
	char *one = archive("newc.cpio", &len), *two = malloc(2 * len + 4096);
	struct newc a;
	const char *err;

	start(&a);
	add(&a, "init", S_IFREG | 0755, "mine", 0);
	add(&a, "dir/hello", S_IFLNK | 0777, "init", 0);
	add_trailer(&a);
	memcpy(two, one, len);
	memset(two + len, 0, 512);
	memcpy(two + len + 512, a.buf, a.len);
	len2 = len + 512 + a.len;
	memset(two + len2, 0, 3);
	reset();
	err = unpack_to_rootfs(two, len2 + 3);
	EXPECT(!err, "unpack: %s", err);
	EXPECT(find("init") && !strcmp(find("init")->data, "mine"), "/init not replaced");
	EXPECT(find("dir/hello") && find("dir/hello")->type == 'l', "file not replaced by link");
	EXPECT(find("dir/big") && find("kept"), "entries of one archive lost");
	free(one);
	free(two);
}

/* Cut anywhere before the end of its trailer, an archive fails and keeps a prefix. */
static void every_truncation_fails(void)
{
	size_t len, end;
	char *buf = archive("newc.cpio", &len), *trailer = memmem(buf, len, "TRAILER!!!", 11);
	int full, failures = 0;

	EXPECT(trailer, "no trailer");
	if (!trailer)
		return;
	end = (trailer - buf + 11 + 3) & ~(size_t)3;
	reset();
	unpack_to_rootfs(buf, len);
	full = nr_entries;
	for (size_t cut = 0; cut <= len; cut++) {
		/* A copy of exactly cut bytes, so ASan sees any read past its end. */
		char *copy = malloc(cut ? cut : 1);
		const char *err;

		memcpy(copy, buf, cut);
		reset();
		err = unpack_to_rootfs(copy, cut);
		if ((cut > 0 && cut < end) != (err != NULL) || nr_entries > full) {
			if (failures++ < 5)
				ktap_fail(__LINE__, "cut at %zu of %zu: %s, %d entries", cut, len,
					  err ? err : "success", nr_entries);
		}
		free(copy);
	}
	printf("    # %zu cuts of a %zu-byte archive; its trailer ends at %zu\n", len + 1, len, end);
	free(buf);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(cpio_newc_archive),
	KTAP_CASE(cpio_crc_archive),
	KTAP_CASE(cpio_odc_archive_refused),
	KTAP_CASE(concatenated_archives),
	KTAP_CASE(every_truncation_fails),
};

KTAP_MAIN(cases)
