/*
 * What the two sorttable tests (sorttable_test.c: sorting, sorttable_input_test.c:
 * what the tool refuses) share: running the tool, reading and writing files,
 * copies of the fixtures in $(O)/sorttable/work, and the tests' own reader of
 * __ex_table, independent of the tool's (scripts/elffile.c). Each test is one
 * program of its own, so the helpers are static.
 */
#ifndef _HOST_SORTTABLE_FILES_H
#define _HOST_SORTTABLE_FILES_H

#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "ktap_host.h"
#include "run_tool.h"

#ifndef SORTTABLE_DIR
#error "build with -DSORTTABLE_DIR=\"...\" (see tests/host/sorttable.mk)"
#endif

#define TOOL		SORTTABLE_DIR "/sorttable"
#define WORK		SORTTABLE_DIR "/work"

struct file {
	unsigned char *buf;
	size_t size;
};

struct table {
	bool found;
	bool is64;
	uint64_t addr, offset, size;
};

static bool load(const char *path, struct file *f)
{
	FILE *fp = fopen(path, "rb");
	long size;

	f->buf = NULL;
	f->size = 0;
	if (!fp || fseek(fp, 0, SEEK_END) || (size = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET)) {
		ktap_fail(__LINE__, "%s: cannot read", path);
		if (fp)
			fclose(fp);
		return false;
	}
	f->buf = malloc((size_t)size + 1);
	f->size = (size_t)size;
	if (!f->buf || fread(f->buf, 1, f->size, fp) != f->size) {
		ktap_fail(__LINE__, "%s: cannot read", path);
		fclose(fp);
		free(f->buf);
		f->buf = NULL;
		return false;
	}
	fclose(fp);
	return true;
}

static bool store(const char *path, const void *buf, size_t size)
{
	FILE *fp = fopen(path, "wb");
	bool ok = fp && fwrite(buf, 1, size, fp) == size;

	if (fp && fclose(fp))
		ok = false;
	if (!ok)
		ktap_fail(__LINE__, "%s: cannot write", path);
	return ok;
}

/* Copy $(O)/sorttable/<fixture> to work/<copy>; fill in both paths. */
static bool copy_fixture(const char *fixture, const char *copy, char *pristine, char *work,
			 size_t len)
{
	struct file f;
	bool ok;

	if (mkdir(WORK, 0777) && errno != EEXIST) {
		ktap_fail(__LINE__, "cannot create %s", WORK);
		return false;
	}
	snprintf(pristine, len, "%s/%s", SORTTABLE_DIR, fixture);
	snprintf(work, len, "%s/%s", WORK, copy);
	if (!load(pristine, &f))
		return false;
	ok = store(work, f.buf, f.size);
	free(f.buf);
	return ok;
}

/* The file at path must be byte for byte the one at pristine. */
static void expect_unchanged(const char *path, const char *pristine)
{
	struct file a, b;

	if (!load(path, &a))
		return;
	if (load(pristine, &b)) {
		EXPECT(a.size == b.size && !memcmp(a.buf, b.buf, a.size),
		       "%s was changed", path);
		free(b.buf);
	}
	free(a.buf);
}

/*
 * This test's own ELF reader: the host's structures as they are (the host
 * is little-endian, like both fixtures). Enough for the files ld makes.
 */
static struct table find_table(const struct file *f)
{
	struct table t = { 0 };
	uint64_t shoff, shnum, shstrndx, shentsize, stroff = 0;

	if (f->size < EI_NIDENT || memcmp(f->buf, ELFMAG, SELFMAG)) {
		ktap_fail(__LINE__, "not an ELF file");
		return t;
	}
	t.is64 = f->buf[EI_CLASS] == ELFCLASS64;
	if (t.is64) {
		Elf64_Ehdr eh;

		memcpy(&eh, f->buf, sizeof(eh));
		shoff = eh.e_shoff, shnum = eh.e_shnum, shstrndx = eh.e_shstrndx;
		shentsize = eh.e_shentsize;
	} else {
		Elf32_Ehdr eh;

		memcpy(&eh, f->buf, sizeof(eh));
		shoff = eh.e_shoff, shnum = eh.e_shnum, shstrndx = eh.e_shstrndx;
		shentsize = eh.e_shentsize;
	}
	if (shoff + shnum * shentsize > f->size || shstrndx >= shnum) {
		ktap_fail(__LINE__, "bad section headers");
		return t;
	}
	for (int pass = 0; pass < 2; pass++) {
		for (uint64_t i = 0; i < shnum; i++) {
			const unsigned char *p = f->buf + shoff + i * shentsize;
			uint64_t name, addr, offset, size;

			if (t.is64) {
				Elf64_Shdr sh;

				memcpy(&sh, p, sizeof(sh));
				name = sh.sh_name, addr = sh.sh_addr;
				offset = sh.sh_offset, size = sh.sh_size;
			} else {
				Elf32_Shdr sh;

				memcpy(&sh, p, sizeof(sh));
				name = sh.sh_name, addr = sh.sh_addr;
				offset = sh.sh_offset, size = sh.sh_size;
			}
			if (pass == 0 && i == shstrndx)
				stroff = offset;
			if (pass == 1 && !strcmp((const char *)f->buf + stroff + name, "__ex_table")) {
				EXPECT(!t.found, "two sections named __ex_table");
				EXPECT(offset + size <= f->size, "__ex_table past the end of the file");
				t.found = true;
				t.addr = addr, t.offset = offset, t.size = size;
			}
		}
	}
	return t;
}

#endif
