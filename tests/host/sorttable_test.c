/*
 * sorttable_test: the exception-table sorter (scripts/sorttable.c) on small
 * linked ELF files, for both kernel architectures.
 *
 * tests/host/sorttable.mk assembles tests/host/sorttable/<fixture>.S, links
 * it with its linker script into $(O)/sorttable/<fixture>.elf and lists its
 * symbols with nm into <fixture>.nm. In x86_64.S and arm.S entry N of the
 * table means "insn_N may fault, resume at fixup_N" and carries data
 * 0xdead0000 + N, and the entries are written out of order; nm tells where
 * the labels are. Each test copies a fixture into $(O)/sorttable/work, runs
 * the tool (built with the sanitizers) on the copy, then reads the file back
 * with its own ELF reader and checks what the tool did.
 */
#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "ktap_host.h"

#ifndef SORTTABLE_DIR
#error "build with -DSORTTABLE_DIR=\"...\" (see tests/host/sorttable.mk)"
#endif

#define TOOL		SORTTABLE_DIR "/sorttable"
#define WORK		SORTTABLE_DIR "/work"
#define OUTPUT_MAX	4096
#define MAX_ENTRIES	32
#define DATA_BASE	0xdead0000u
#define ENTRY_SIZE	12

struct run {
	int status;		/* exit status, -1 if the tool did not exit normally */
	char out[OUTPUT_MAX];	/* stdout and stderr */
};

struct file {
	unsigned char *buf;
	size_t size;
};

struct table {
	bool found;
	bool is64;
	uint64_t addr, offset, size;
};

struct entry {
	uint64_t insn, fixup;	/* absolute */
	uint32_t data;
};

/* Where nm says insn_N and fixup_N are, for N in 1..MAX_ENTRIES. */
struct labels {
	uint64_t insn[MAX_ENTRIES + 1], fixup[MAX_ENTRIES + 1];
	bool has_insn[MAX_ENTRIES + 1], has_fixup[MAX_ENTRIES + 1];
};

/* Run the tool with args (already quoted for the shell). */
static void run_tool(const char *args, struct run *r)
{
	char command[1024];
	size_t n;
	FILE *p;
	int status;

	snprintf(command, sizeof(command), "%s %s 2>&1", TOOL, args);
	r->status = -1;
	r->out[0] = '\0';
	p = popen(command, "r");
	if (!p)
		return;
	n = fread(r->out, 1, sizeof(r->out) - 1, p);
	r->out[n] = '\0';
	status = pclose(p);
	if (status != -1 && WIFEXITED(status))
		r->status = WEXITSTATUS(status);
}

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

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Address of field + its offset; ELF32 addresses wrap at 2^32, as in the kernel. */
static uint64_t target(const struct table *t, uint64_t field, uint32_t offset)
{
	uint64_t a = field + (uint64_t)(int64_t)(int32_t)offset;

	return t->is64 ? a : (uint32_t)a;
}

static size_t decode(const struct file *f, const struct table *t, struct entry *e)
{
	size_t n = t->size / ENTRY_SIZE;

	EXPECT(t->size % ENTRY_SIZE == 0, "__ex_table is %" PRIu64 " bytes", t->size);
	if (n > MAX_ENTRIES) {
		ktap_fail(__LINE__, "%zu entries, more than %d", n, MAX_ENTRIES);
		n = MAX_ENTRIES;
	}
	for (size_t i = 0; i < n; i++) {
		const unsigned char *p = f->buf + t->offset + i * ENTRY_SIZE;
		uint64_t at = t->addr + i * ENTRY_SIZE;

		e[i].insn = target(t, at, le32(p));
		e[i].fixup = target(t, at + 4, le32(p + 4));
		e[i].data = le32(p + 8);
	}
	return n;
}

static void load_labels(const char *nm_path, struct labels *l)
{
	FILE *fp = fopen(nm_path, "r");
	char line[256], name[128], type;
	uint64_t addr;
	unsigned n;

	memset(l, 0, sizeof(*l));
	if (!fp) {
		ktap_fail(__LINE__, "%s: cannot read", nm_path);
		return;
	}
	while (fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "%" SCNx64 " %c %127s", &addr, &type, name) != 3)
			continue;
		if (sscanf(name, "insn_%u", &n) == 1 && n <= MAX_ENTRIES)
			l->insn[n] = addr, l->has_insn[n] = true;
		else if (sscanf(name, "fixup_%u", &n) == 1 && n <= MAX_ENTRIES)
			l->fixup[n] = addr, l->has_fixup[n] = true;
	}
	fclose(fp);
}

/* Entry e must be what the fixture says entry data - DATA_BASE means; each N once. */
static void expect_meaning(const char *what, size_t i, const struct entry *e,
			   const struct labels *l, size_t count, bool *seen)
{
	uint32_t n = e->data - DATA_BASE;

	if (n < 1 || n > count) {
		ktap_fail(__LINE__, "%s entry %zu: data 0x%08" PRIx32 " is no fixture entry",
			  what, i, e->data);
		return;
	}
	EXPECT(!seen[n], "%s entry %zu: entry %" PRIu32 " appears twice", what, i, n);
	seen[n] = true;
	EXPECT(l->has_insn[n] && l->has_fixup[n], "no insn_%" PRIu32 " or fixup_%" PRIu32
	       " in the nm listing", n, n);
	EXPECT(e->insn == l->insn[n], "%s entry %zu (%" PRIu32 "): insn 0x%" PRIx64
	       ", but insn_%" PRIu32 " is at 0x%" PRIx64, what, i, n, e->insn, n, l->insn[n]);
	EXPECT(e->fixup == l->fixup[n], "%s entry %zu (%" PRIu32 "): fixup 0x%" PRIx64
	       ", but fixup_%" PRIu32 " is at 0x%" PRIx64, what, i, n, e->fixup, n, l->fixup[n]);
}

static bool in_order(const struct entry *a, const struct entry *b)
{
	return a->insn < b->insn || (a->insn == b->insn && a->fixup <= b->fixup);
}

/*
 * Sort fixture <arch>.elf, which has count entries: the whole story from
 * an unsorted input (--check fails, naming the first pair out of order)
 * to a sorted output that means the same (--check passes, sorting again
 * changes nothing).
 */
static void check_sort(const char *arch, size_t count)
{
	char fixture[64], nm[512], pristine[512], work[512], args[1024], addr[2][40];
	struct entry in[MAX_ENTRIES], out[MAX_ENTRIES], want[MAX_ENTRIES];
	bool seen[MAX_ENTRIES + 1] = { false };
	struct file before, after, again;
	struct table t, t2;
	struct labels l;
	size_t n, n2, i, j, bad = 0;
	struct run r;
	int width;

	snprintf(fixture, sizeof(fixture), "%s.elf", arch);
	snprintf(nm, sizeof(nm), "%s/%s.nm", SORTTABLE_DIR, arch);
	if (!copy_fixture(fixture, fixture, pristine, work, sizeof(work)))
		return;
	load_labels(nm, &l);
	if (!load(work, &before))
		return;
	t = find_table(&before);
	EXPECT(t.found, "%s: no __ex_table", fixture);
	if (!t.found)
		goto out_before;
	width = t.is64 ? 16 : 8;

	/* The input: the fixture's entries in the fixture's order, not sorted. */
	n = decode(&before, &t, in);
	EXPECT(n == count, "%s: %zu entries, expected %zu", fixture, n, count);
	for (i = 0; i < n; i++)
		expect_meaning("input", i, &in[i], &l, count, seen);
	for (i = 1; i < n && in_order(&in[i - 1], &in[i]); i++)
		;
	EXPECT(i < n, "%s: the input is sorted already, the test proves nothing", fixture);
	bad = i;

	/* What must come out: the input, stably sorted by (insn, fixup). */
	memcpy(want, in, sizeof(in));
	for (i = 1; i < n; i++) {
		struct entry e = want[i];

		for (j = i; j > 0 && !in_order(&want[j - 1], &e); j--)
			want[j] = want[j - 1];
		want[j] = e;
	}

	/* --check: fails, names the first pair out of order, changes nothing. */
	snprintf(args, sizeof(args), "--check '%s'", work);
	run_tool(args, &r);
	EXPECT(r.status == 1, "--check on unsorted %s: exit status %d, expected 1", fixture,
	       r.status);
	if (bad < n) {
		snprintf(addr[0], sizeof(addr[0]), "0x%0*" PRIx64, width, in[bad - 1].insn);
		snprintf(addr[1], sizeof(addr[1]), "0x%0*" PRIx64, width, in[bad].insn);
		EXPECT(strstr(r.out, addr[0]) && strstr(r.out, addr[1]) &&
		       strstr(r.out, addr[0]) < strstr(r.out, addr[1]),
		       "--check on %s: \"%s\" does not name %s then %s", fixture, r.out,
		       addr[0], addr[1]);
	}
	expect_unchanged(work, pristine);

	/* Sorting: silent, success. */
	snprintf(args, sizeof(args), "'%s'", work);
	run_tool(args, &r);
	EXPECT(r.status == 0, "sorting %s: exit status %d: %s", fixture, r.status, r.out);
	EXPECT(r.out[0] == '\0', "sorting %s printed \"%s\"", fixture, r.out);

	/* The output: only __ex_table changed, sorted, the same entries. */
	if (!load(work, &after))
		goto out_before;
	EXPECT(after.size == before.size, "%s: size changed from %zu to %zu", fixture,
	       before.size, after.size);
	if (after.size == before.size) {
		EXPECT(!memcmp(after.buf, before.buf, t.offset) &&
		       !memcmp(after.buf + t.offset + t.size, before.buf + t.offset + t.size,
			       before.size - t.offset - t.size),
		       "%s: bytes outside __ex_table changed", fixture);
	}
	t2 = find_table(&after);
	EXPECT(t2.found && t2.addr == t.addr && t2.offset == t.offset && t2.size == t.size,
	       "%s: the __ex_table section header changed", fixture);
	n2 = decode(&after, &t, out);
	memset(seen, 0, sizeof(seen));
	for (i = 0; i < n2; i++)
		expect_meaning("output", i, &out[i], &l, count, seen);
	for (i = 1; i < n2; i++)
		EXPECT(in_order(&out[i - 1], &out[i]), "output entries %zu (insn 0x%" PRIx64
		       ") and %zu (insn 0x%" PRIx64 ") are out of order", i - 1, out[i - 1].insn,
		       i, out[i].insn);
	for (i = 0; i < n2; i++)
		EXPECT(out[i].insn == want[i].insn && out[i].fixup == want[i].fixup &&
		       out[i].data == want[i].data,
		       "output entry %zu is entry %" PRIu32 ", expected entry %" PRIu32
		       " (equal keys keep the input's order)", i, out[i].data - DATA_BASE,
		       want[i].data - DATA_BASE);

	/* --check now passes; sorting again changes nothing. */
	snprintf(args, sizeof(args), "--check '%s'", work);
	run_tool(args, &r);
	EXPECT(r.status == 0 && r.out[0] == '\0', "--check on sorted %s: exit status %d: %s",
	       fixture, r.status, r.out);
	snprintf(args, sizeof(args), "'%s'", work);
	run_tool(args, &r);
	EXPECT(r.status == 0 && r.out[0] == '\0', "sorting %s again: exit status %d: %s",
	       fixture, r.status, r.out);
	if (load(work, &again)) {
		EXPECT(again.size == after.size && !memcmp(again.buf, after.buf, after.size),
		       "sorting %s again changed it", fixture);
		free(again.buf);
	}
	free(after.buf);
out_before:
	free(before.buf);
}

/*
 * x86_64: 12 entries at 0xffffffff801000xx, code on both sides, two sharing
 * an instruction, two sharing instruction and fixup.
 */
static void sorts_x86_64(void)
{
	check_sort("x86_64", 12);
}

/* ARM: 10 entries near the top of the address space, some reached by wrapping. */
static void sorts_arm(void)
{
	check_sort("arm", 10);
}

static void verbose(void)
{
	char pristine[512], work[512], args[1024], want[1200];
	struct run r;

	if (!copy_fixture("arm.elf", "arm-verbose.elf", pristine, work, sizeof(work)))
		return;
	snprintf(args, sizeof(args), "-v '%s'", work);
	run_tool(args, &r);
	snprintf(want, sizeof(want), "sorttable: sorted 10 entries in %s\n", work);
	EXPECT(r.status == 0 && !strcmp(r.out, want), "-v: exit status %d, printed \"%s\"",
	       r.status, r.out);
}

/* Run the tool as "[--check] FILE" on a copy of fixture: status and output, file unchanged. */
static void expect_result(const char *fixture, bool check, int status, const char *message)
{
	char pristine[512], work[512], args[1024], copy[64];
	struct run r;

	snprintf(copy, sizeof(copy), "%s%s", check ? "check-" : "", fixture);
	if (!copy_fixture(fixture, copy, pristine, work, sizeof(work)))
		return;
	snprintf(args, sizeof(args), "%s'%s'", check ? "--check " : "", work);
	run_tool(args, &r);
	EXPECT(r.status == status, "%s%s: exit status %d, expected %d", check ? "--check " : "",
	       fixture, r.status, status);
	if (message)
		EXPECT(strstr(r.out, message) && strstr(r.out, work),
		       "%s: output \"%s\" lacks the file name or \"%s\"", fixture, r.out, message);
	else
		EXPECT(r.out[0] == '\0', "%s: printed \"%s\"", fixture, r.out);
	expect_unchanged(work, pristine);
}

/* The fixture's __ex_table, as this test reads it. */
static struct table fixture_table(const char *fixture)
{
	char path[512];
	struct table t = { 0 };
	struct file f;

	snprintf(path, sizeof(path), "%s/%s", SORTTABLE_DIR, fixture);
	if (load(path, &f)) {
		t = find_table(&f);
		free(f.buf);
	}
	return t;
}

/* No __ex_table at all (linked with ld's own script): nothing to do, silently. */
static void no_table(void)
{
	EXPECT(!fixture_table("x86_64-none.elf").found, "the fixture has an __ex_table");
	expect_result("x86_64-none.elf", false, 0, NULL);
	expect_result("x86_64-none.elf", true, 0, NULL);
}

/* An __ex_table with no entries (the linker script makes it, for its symbols). */
static void empty_table(void)
{
	struct table t = fixture_table("x86_64-empty.elf");

	EXPECT(t.found && t.size == 0, "the fixture has no empty __ex_table");
	expect_result("x86_64-empty.elf", false, 0, NULL);
	expect_result("x86_64-empty.elf", true, 0, NULL);
}

/* 25 bytes: two entries and a stray byte. */
static void bad_size(void)
{
	struct table t = fixture_table("x86_64-badsize.elf");

	EXPECT(t.found && t.size == 25, "the fixture's __ex_table is not 25 bytes");
	expect_result("x86_64-badsize.elf", false, 1, "not a multiple of the 12-byte entry size");
	expect_result("x86_64-badsize.elf", true, 1, "not a multiple of the 12-byte entry size");
}

/* Sorting would need an offset beyond 32 bits: refused, file untouched. */
static void out_of_range(void)
{
	expect_result("x86_64-far.elf", false, 1, "would not fit in 32 bits");
}

/* An object file's table is not final: refused. */
static void object_file(void)
{
	EXPECT(fixture_table("x86_64.o").size == 12 * 12, "the fixture has no 12-entry table");
	expect_result("x86_64.o", false, 1, "not a linked executable");
}

/* Relocations kept in the file (ld --emit-relocs) would describe the old order: refused. */
static void emitted_relocs(void)
{
	expect_result("x86_64-relocs.elf", false, 1, "relocations apply to __ex_table");
}

static void not_elf(void)
{
	char path[512], args[1024];
	struct file f;
	struct run r;

	snprintf(path, sizeof(path), "%s/not-elf.txt", SORTTABLE_DIR);
	if (!store(path, "not an ELF file, just text\n", 27))
		return;
	expect_result("not-elf.txt", false, 2, "not an ELF file");
	expect_result("not-elf.txt", true, 2, "not an ELF file");

	/* Truncated: in the ELF header, and before the section headers. */
	snprintf(path, sizeof(path), "%s/x86_64.elf", SORTTABLE_DIR);
	if (!load(path, &f))
		return;
	snprintf(path, sizeof(path), "%s/truncated-header.elf", SORTTABLE_DIR);
	if (store(path, f.buf, 20))
		expect_result("truncated-header.elf", false, 2, "truncated ELF header");
	snprintf(path, sizeof(path), "%s/truncated-sections.elf", SORTTABLE_DIR);
	if (store(path, f.buf, f.size - 16))
		expect_result("truncated-sections.elf", false, 2, "corrupt ELF");
	free(f.buf);

	/* A file that does not exist. */
	snprintf(args, sizeof(args), "'%s/no-such-file.elf'", WORK);
	run_tool(args, &r);
	EXPECT(r.status == 2 && strstr(r.out, "no-such-file.elf"),
	       "missing file: exit status %d, printed \"%s\"", r.status, r.out);
}

static void usage(void)
{
	static const char *const bad[] = { "", "--bogus x86_64.elf", "a.elf b.elf", "--check" };
	struct run r;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		run_tool(bad[i], &r);
		EXPECT(r.status == 2 && strstr(r.out, "usage:"),
		       "arguments \"%s\": exit status %d, printed \"%s\"", bad[i], r.status, r.out);
	}
}

static const struct ktap_case cases[] = {
	KTAP_CASE(sorts_x86_64),
	KTAP_CASE(sorts_arm),
	KTAP_CASE(verbose),
	KTAP_CASE(no_table),
	KTAP_CASE(empty_table),
	KTAP_CASE(bad_size),
	KTAP_CASE(out_of_range),
	KTAP_CASE(object_file),
	KTAP_CASE(emitted_relocs),
	KTAP_CASE(not_elf),
	KTAP_CASE(usage),
};

int main(int argc, char **argv)
{
	(void)argc;
	return ktap_run(argv[0], cases, sizeof(cases) / sizeof(cases[0]));
}
