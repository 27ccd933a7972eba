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
#include "sorttable_files.h"

#define MAX_ENTRIES	32
#define DATA_BASE	0xdead0000u
#define ENTRY_SIZE	12

struct entry {
	uint64_t insn, fixup;	/* absolute */
	uint32_t data;
};

/* Where nm says insn_N and fixup_N are, for N in 1..MAX_ENTRIES. */
struct labels {
	uint64_t insn[MAX_ENTRIES + 1], fixup[MAX_ENTRIES + 1];
	bool has_insn[MAX_ENTRIES + 1], has_fixup[MAX_ENTRIES + 1];
};

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
	run_tool(TOOL, args, &r);
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
	run_tool(TOOL, args, &r);
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
	run_tool(TOOL, args, &r);
	EXPECT(r.status == 0 && r.out[0] == '\0', "--check on sorted %s: exit status %d: %s",
	       fixture, r.status, r.out);
	snprintf(args, sizeof(args), "'%s'", work);
	run_tool(TOOL, args, &r);
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
	run_tool(TOOL, args, &r);
	snprintf(want, sizeof(want), "sorttable: sorted 10 entries in %s\n", work);
	EXPECT(r.status == 0 && !strcmp(r.out, want), "-v: exit status %d, printed \"%s\"",
	       r.status, r.out);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(sorts_x86_64),
	KTAP_CASE(sorts_arm),
	KTAP_CASE(verbose),
};

KTAP_MAIN(cases)
