/*
 * sorttable_input_test: what the exception-table sorter (scripts/sorttable.c)
 * must leave alone or refuse, with the right exit status and a message that
 * names the file, never touching it: no table, an empty one, a table whose
 * size is not a multiple of 12, offsets that would not fit, an object file,
 * kept relocations, files that are not ELF or are cut short, bad usage.
 * The fixtures are tests/host/sorttable.mk's; sorting itself is
 * sorttable_test.c's.
 */
#include "sorttable_files.h"

/* Run the tool as "[--check] FILE" on a copy of fixture: status and output, file unchanged. */
static void expect_result(const char *fixture, bool check, int status, const char *message)
{
	char pristine[512], work[512], args[1024], copy[64];
	struct run r;

	snprintf(copy, sizeof(copy), "%s%s", check ? "check-" : "", fixture);
	if (!copy_fixture(fixture, copy, pristine, work, sizeof(work)))
		return;
	snprintf(args, sizeof(args), "%s'%s'", check ? "--check " : "", work);
	run_tool(TOOL, args, &r);
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
	run_tool(TOOL, args, &r);
	EXPECT(r.status == 2 && strstr(r.out, "no-such-file.elf"),
	       "missing file: exit status %d, printed \"%s\"", r.status, r.out);
}

static void usage(void)
{
	static const char *const bad[] = { "", "--bogus x86_64.elf", "a.elf b.elf", "--check" };
	struct run r;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		run_tool(TOOL, bad[i], &r);
		EXPECT(r.status == 2 && strstr(r.out, "usage:"),
		       "arguments \"%s\": exit status %d, printed \"%s\"", bad[i], r.status, r.out);
	}
}

static const struct ktap_case cases[] = {
	KTAP_CASE(no_table),
	KTAP_CASE(empty_table),
	KTAP_CASE(bad_size),
	KTAP_CASE(out_of_range),
	KTAP_CASE(object_file),
	KTAP_CASE(emitted_relocs),
	KTAP_CASE(not_elf),
	KTAP_CASE(usage),
};

KTAP_MAIN(cases)
