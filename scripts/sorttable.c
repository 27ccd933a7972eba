/*
 * sorttable: sort the exception table (__ex_table) of a linked kernel ELF
 * in place.
 *
 *   sorttable [-v] FILE.elf           sort __ex_table in FILE.elf
 *   sorttable [-v] --check FILE.elf   only say whether it is sorted
 *
 * Why at build time. The kernel finds the entry for a faulting instruction
 * with a binary search (kernel/extable.c) and never sorts the table itself.
 * A fault can be recovered from the very first instructions on (an MSR
 * probe, a user copy, a deliberate test fault), before any allocator or
 * sort routine could have run; and sorting in place here costs nothing at
 * boot. The linker gathers entries in link order, which is not address
 * order (.init.text, .sched.text and friends are placed elsewhere), so the
 * linked file is sorted here, after the final link: nothing may move the
 * code afterwards.
 *
 * The entry (include/kernel/extable.h), the same on x86_64 and 32-bit ARM:
 *
 *   struct exception_table_entry { s32 insn; s32 fixup; s32 data; };
 *
 * insn and fixup are not addresses but offsets from the address of the
 * field itself: entry i, at sh_addr + 12*i, stands for
 *
 *   instruction  sh_addr + 12*i + 0 + insn
 *   fixup        sh_addr + 12*i + 4 + fixup
 *
 * and data (fixup type and registers) is plain data. Such a table needs no
 * relocation and is 12 bytes an entry even on a 64-bit kernel. But an
 * entry's meaning depends on where it sits, so entries cannot simply be
 * swapped: every entry is decoded to absolute (instruction, fixup, data),
 * the entries are sorted by instruction address (then by fixup address,
 * then by their original order: stable), and each is re-encoded relative
 * to its new place. On ELF32 addresses are 32 bits and wrap around, as
 * the kernel's unsigned long arithmetic does; on ELF64 a re-encoded offset
 * must still fit in 32 signed bits, or the tool fails and writes nothing.
 *
 * Only the bytes of __ex_table are written, and only if they change.
 * "Sorted" means in the order this tool produces, so --check passes exactly
 * when sorting would change nothing.
 *
 * Input: a linked (ET_EXEC or ET_DYN) little-endian ELF32 or ELF64 file, read
 * with the host tools' ELF reader (scripts/elffile.c). A file without
 * __ex_table, or with an empty one, is fine.
 *
 * Exit status: 0 done (or sorted, with --check); 1 the table is not sorted
 * (--check), or cannot be sorted (size not a multiple of 12, an object file,
 * relocations against it, an offset out of range); 2 bad usage, unreadable
 * file, not an ELF file, or a malformed or unsupported one.
 */
#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elffile.h"

#define SECTION_NAME	"__ex_table"
#define ENTRY_SIZE	12u

/* 2, EXIT_INPUT, is also the status of elffile.c's fail(). */
enum { EXIT_SORTED = 0, EXIT_TABLE = 1, EXIT_INPUT = 2 };

struct entry {
	uint64_t insn;		/* absolute addresses */
	uint64_t fixup;
	uint32_t data;
	size_t index;		/* place in the input: ties keep their order */
};

static const char *prog = "sorttable";

static __attribute__((format(printf, 3, 4), noreturn))
void die(int status, const char *path, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	if (path)
		fprintf(stderr, "%s: ", path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

/* Little-endian loads and stores of the entries' 32-bit fields, whatever the host. */
static uint32_t get_le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_le32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

/* Addresses are as wide as the file's: 32 bits on ELF32, where they wrap around. */
static uint64_t addr_mask(const struct elf_file *f)
{
	return f->is64 ? UINT64_MAX : UINT32_MAX;
}

/*
 * Find __ex_table: true and *table filled in if there is one. Also refuses
 * what cannot be sorted meaningfully: a table in an object file (its
 * offsets are not final before the link) or with relocations against it
 * (--emit-relocs: they would be left describing the old order).
 */
static bool find_table(const struct elf_file *f, const struct section **table)
{
	size_t found = 0;

	for (size_t i = 1; i < f->nsections; i++) {
		if (strcmp(f->sections[i].name, SECTION_NAME))
			continue;
		if (found)
			die(EXIT_TABLE, f->path, "two sections named " SECTION_NAME
			    " (%zu and %zu)", found, i);
		found = i;
	}
	if (!found || f->sections[found].size == 0)
		return false;
	*table = &f->sections[found];

	if (f->type != ET_EXEC && f->type != ET_DYN)
		die(EXIT_TABLE, f->path, "not a linked executable (ELF type %u): "
		    SECTION_NAME " holds final offsets only after the link", f->type);
	if ((*table)->type == SHT_NOBITS)
		die(EXIT_INPUT, f->path, "corrupt ELF: " SECTION_NAME " has no contents in the file");
	if ((*table)->size % ENTRY_SIZE)
		die(EXIT_TABLE, f->path, SECTION_NAME " is %" PRIu64 " bytes, not a multiple of "
		    "the %u-byte entry size", (*table)->size, ENTRY_SIZE);
	for (size_t i = 1; i < f->nsections; i++) {
		const struct section *s = &f->sections[i];

		if ((s->type == SHT_REL || s->type == SHT_RELA) && s->info == found)
			die(EXIT_TABLE, f->path, "relocations apply to " SECTION_NAME
			    " (linked with --emit-relocs?): sorting would make them wrong");
	}
	return true;
}

/* Address + a signed 32-bit offset, in the file's address width. */
static uint64_t add_offset(const struct elf_file *f, uint64_t addr, uint32_t rel)
{
	return (addr + (uint64_t)(int64_t)(int32_t)rel) & addr_mask(f);
}

static void decode(const struct elf_file *f, const struct section *t, const unsigned char *p,
		   struct entry *e, size_t n)
{
	for (size_t i = 0; i < n; i++, p += ENTRY_SIZE) {
		uint64_t at = (t->addr + (uint64_t)i * ENTRY_SIZE) & addr_mask(f);

		e[i].insn = add_offset(f, at, get_le32(p));
		e[i].fixup = add_offset(f, at + 4, get_le32(p + 4));
		e[i].data = get_le32(p + 8);
		e[i].index = i;
	}
}

/* The offset from field address at to target, if it fits in 32 signed bits. */
static bool encode_offset(const struct elf_file *f, uint64_t target, uint64_t at, uint32_t *rel)
{
	uint64_t diff = (target - at) & addr_mask(f);

	*rel = (uint32_t)diff;
	/* ELF32: any 32-bit difference works, the kernel's arithmetic wraps too. */
	return !f->is64 || diff <= INT32_MAX || diff >= (uint64_t)INT32_MIN;
}

static int compare_entries(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->insn != y->insn)
		return x->insn < y->insn ? -1 : 1;
	if (x->fixup != y->fixup)
		return x->fixup < y->fixup ? -1 : 1;
	return (x->index > y->index) - (x->index < y->index);
}

/* Entries in sorted order? (The original index does not count.) */
static bool in_order(const struct entry *a, const struct entry *b)
{
	return a->insn < b->insn || (a->insn == b->insn && a->fixup <= b->fixup);
}

static void write_back(const struct elf_file *f, const struct section *t, const unsigned char *p)
{
	FILE *fp = fopen(f->path, "r+b");

	if (!fp)
		die(EXIT_INPUT, f->path, "cannot open for writing: %s", strerror(errno));
	if (t->offset > LONG_MAX || fseek(fp, (long)t->offset, SEEK_SET) ||
	    fwrite(p, 1, t->size, fp) != t->size || fclose(fp))
		die(EXIT_INPUT, f->path, "cannot write " SECTION_NAME);
}

static void usage(FILE *out)
{
	fprintf(out, "usage: %s [-v] [--check] FILE.elf\n"
		"Sort the exception table (__ex_table) of a linked kernel in place;\n"
		"with --check, exit 1 if it is not sorted instead.\n", prog);
}

int main(int argc, char **argv)
{
	struct elf_file f = { 0 };
	const struct section *t;
	struct entry *e;
	unsigned char *bytes, *orig;
	const char *path = NULL;
	bool check = false, verbose = false;
	int width;
	size_t n;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--check")) {
			check = true;
		} else if (!strcmp(argv[i], "-v")) {
			verbose = true;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else if (argv[i][0] == '-' || path) {
			usage(stderr);
			return EXIT_INPUT;
		} else {
			path = argv[i];
		}
	}
	if (!path) {
		usage(stderr);
		return EXIT_INPUT;
	}

	read_elf(&f, prog, path);
	if (!find_table(&f, &t)) {
		if (verbose)
			printf(check ? "%s: 0 entries sorted in %s\n" : "%s: sorted 0 entries in %s\n",
			       prog, path);
		free_elf(&f);
		return EXIT_SORTED;
	}
	width = f.is64 ? 16 : 8;
	n = (size_t)(t->size / ENTRY_SIZE);
	orig = f.data + t->offset;
	e = calloc(n, sizeof(*e));
	bytes = malloc(t->size);
	if (!e || !bytes)
		die(EXIT_INPUT, path, "out of memory");
	decode(&f, t, orig, e, n);

	if (check) {
		for (size_t i = 1; i < n; i++) {
			if (in_order(&e[i - 1], &e[i]))
				continue;
			die(EXIT_TABLE, path, SECTION_NAME " is not sorted: entry %zu "
			    "(insn 0x%0*" PRIx64 ", fixup 0x%0*" PRIx64 ") comes before entry %zu "
			    "(insn 0x%0*" PRIx64 ", fixup 0x%0*" PRIx64 ")",
			    i - 1, width, e[i - 1].insn, width, e[i - 1].fixup,
			    i, width, e[i].insn, width, e[i].fixup);
		}
		if (verbose)
			printf("%s: %zu entries sorted in %s\n", prog, n, path);
		goto out;
	}

	qsort(e, n, sizeof(*e), compare_entries);
	for (size_t i = 0; i < n; i++) {
		uint64_t at = (t->addr + (uint64_t)i * ENTRY_SIZE) & addr_mask(&f);
		unsigned char *p = bytes + i * ENTRY_SIZE;
		uint32_t insn, fixup;

		if (!encode_offset(&f, e[i].insn, at, &insn) ||
		    !encode_offset(&f, e[i].fixup, at + 4, &fixup))
			die(EXIT_TABLE, path, "entry for insn 0x%0*" PRIx64 " (fixup 0x%0*" PRIx64
			    ") cannot move to 0x%0*" PRIx64 ": an offset would not fit in 32 bits",
			    width, e[i].insn, width, e[i].fixup, width, at);
		put_le32(p, insn);
		put_le32(p + 4, fixup);
		put_le32(p + 8, e[i].data);
	}

	/* Decode what is about to be written: it must be exactly the sorted list. */
	{
		struct entry *again = calloc(n, sizeof(*again));

		if (!again)
			die(EXIT_INPUT, path, "out of memory");
		decode(&f, t, bytes, again, n);
		for (size_t i = 0; i < n; i++) {
			if (again[i].insn != e[i].insn || again[i].fixup != e[i].fixup ||
			    again[i].data != e[i].data || (i && !in_order(&again[i - 1], &again[i])))
				die(EXIT_TABLE, path, "internal error: re-encoded entry %zu is wrong", i);
		}
		free(again);
	}

	if (memcmp(bytes, orig, t->size))
		write_back(&f, t, bytes);
	if (verbose)
		printf("%s: sorted %zu entries in %s\n", prog, n, path);
out:
	free(bytes);
	free(e);
	free_elf(&f);
	return EXIT_SORTED;
}
