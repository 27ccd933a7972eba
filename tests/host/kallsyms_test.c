/*
 * Host test of the kernel symbol table: scripts/kallsyms.c (the tool) and
 * kernel/kallsyms.c (the lookups), together.
 *
 * kallsyms.mk assembles kallsyms_fixture.S, a made-up image whose symbols
 * have known offsets and sizes, runs the tool on its `nm -n -S` listing
 * (plus kallsyms_fixture_extra.nm, for nm lines a host assembler cannot
 * produce) and links the resulting table into this program next to the
 * fixture. The table's base is the fixture's _text as placed by the host
 * linker, so the expected addresses below are offsets into the fixture, and
 * where a symbol is a C name the linker's own address for it is compared too.
 */
#include <stdio.h>
#include <string.h>

#include "ktap_host.h"
#include "klib.h"

/* Where _text lies in the fixture's section (the fixture counts from the section's start). */
#define TEXT_OFFSET	0x100

extern const char _text[];
extern const char fixture_start[], global_alias[], fixture_label[], fixture_object[];
extern const char fixture_last[];
extern const u32 kallsyms_num_syms;

/* The address of a fixture offset, as the comments in kallsyms_fixture.S give them. */
/* %pS also asks the module loader (kernel/module/kallsyms.c): there are no modules here. */
const char *module_address_lookup(unsigned long addr, unsigned long *symbolsize,
				  unsigned long *offset, char *modname, char *namebuf)
{
	(void)addr, (void)symbolsize, (void)offset, (void)modname, (void)namebuf;
	return NULL;
}

static unsigned long at(unsigned long fixture_offset)
{
	return (unsigned long)_text - TEXT_OFFSET + fixture_offset;
}

struct expected_symbol {
	const char *name;	/* what an address lookup reports */
	unsigned long offset;	/* in the fixture */
	unsigned long size;
};

/* Every address range in the table, in order, with the name it should be reported by. */
static const struct expected_symbol expected[] = {
	{ "fixture_start", 0x100, 0x20 },	/* not _text: it has a size */
	{ "fixture_local", 0x130, 0x18 },	/* not fixture_marker: it has a size */
	{ "global_alias", 0x150, 0x30 },	/* not __global_alias, a_weak/local_alias */
	{ "fixture_label", 0x180, 0x40 },	/* no ELF size: up to the next symbol */
	{ "fixture_object", 0x1c0, 0x24 },
	{ "fixture_last", 0x1f0, 0x10 },
	{ "duplicate", 0x200, 0x10 },
	{ "duplicate", 0x210, 0x10 },
	{ "duplicate", 0x220, 0x10 },
	{ "llvm_unsized", 0x230, 0x8 },		/* llvm-nm prints size 0 for "none" */
	{ "read_only", 0x238, 0x8 },
	{ "local_bss", 0x240, 0x10 },
	{ "global_bss", 0x250, 0x10 },
	{ "local_data", 0x260, 0x8 },
	{ "local_rodata", 0x268, 0x8 },
	{ "extra_tail", 0x280, 0x80 },		/* no ELF size, last: up to _end */
};

/* The names in the table that no address lookup reports: aliases of a preferred symbol. */
static const struct expected_symbol aliases[] = {
	{ "_text", 0x100, 0x30 },
	{ "fixture_marker", 0x130, 0x20 },
	{ "__global_alias", 0x150, 0x30 },
	{ "a_weak_alias", 0x150, 0x30 },
	{ "a_local_alias", 0x150, 0x30 },
};

/* Names the tool must leave out, each for a different reason. */
static const char *const skipped_names[] = {
	"below_text", "at_end", "_end",			/* outside [_text, _end) */
	"fixture_absolute", "absolute_in_range",	/* type A */
	"$d", "$a", "$t.1",				/* ARM mapping symbols */
	".Lfixture_local_label",			/* assembler-local */
	"debug_info_symbol", "weak_object",		/* types N and V */
	"undefined_symbol", "undefined_weak",		/* no address */
	"", "fixture", "fixture_startx", "zzz",		/* not names at all */
};

/* Addresses that lie in no symbol. */
static const unsigned long outside_offsets[] = {
	0x000, 0x00f, 0x0ff,		/* below_text, below _text */
	0x120, 0x12f,			/* padding after fixture_start */
	0x148, 0x14f,			/* padding after fixture_local */
	0x1e4, 0x1e8, 0x1ef,		/* only $d and a .L label there */
	0x270, 0x27f,			/* only skipped symbols there */
	0x300, 0x30f, 0x10000,		/* _end, at_end and beyond */
};

static void check_lookup(unsigned long addr, const struct expected_symbol *sym)
{
	char name[KSYM_NAME_LEN];
	unsigned long size = 0, offset = 0;
	const char *found;

	memset(name, 'x', sizeof(name));
	found = kallsyms_lookup(addr, &size, &offset, name);
	EXPECT(found == name, "%s+%#lx: lookup returned %p, not namebuf",
	       sym->name, addr - at(sym->offset), (const void *)found);
	if (found != name)
		return;
	EXPECT(strcmp(name, sym->name) == 0, "%#lx: found %s, not %s",
	       sym->offset, name, sym->name);
	EXPECT(size == sym->size, "%s: size %#lx, not %#lx", sym->name, size, sym->size);
	EXPECT(offset == addr - at(sym->offset), "%s: offset %#lx, not %#lx",
	       sym->name, offset, addr - at(sym->offset));
}

/* The first byte, a middle byte and the last byte of every symbol. */
static void lookup_every_byte_range(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(expected); i++) {
		unsigned long start = at(expected[i].offset);

		check_lookup(start, &expected[i]);
		check_lookup(start + expected[i].size / 2, &expected[i]);
		check_lookup(start + expected[i].size - 1, &expected[i]);
	}
}

static void lookup_outside_symbols(void)
{
	char name[KSYM_NAME_LEN];
	unsigned long size, offset;

	for (size_t i = 0; i < ARRAY_SIZE(outside_offsets); i++) {
		unsigned long addr = at(outside_offsets[i]);

		EXPECT(!kallsyms_lookup(addr, &size, &offset, name),
		       "%#lx: found %s, expected no symbol", outside_offsets[i], name);
	}
	EXPECT(!kallsyms_lookup(0, &size, &offset, name), "address 0: found %s", name);
	EXPECT(!kallsyms_lookup(~0ul, &size, &offset, name), "address ~0: found %s", name);
}

static void lookup_with_null_size_and_offset(void)
{
	char name[KSYM_NAME_LEN];

	EXPECT(kallsyms_lookup(at(0x1c1), NULL, NULL, name) == name &&
	       strcmp(name, "fixture_object") == 0, "lookup without size/offset pointers failed");
}

static void check_name(const struct expected_symbol *sym, unsigned long want)
{
	unsigned long addr = kallsyms_lookup_name(sym->name);
	unsigned long start = 0, size = 0;

	EXPECT(addr == want, "%s: lookup_name gave %#lx, not %#lx", sym->name, addr, want);
	EXPECT(kallsyms_symbol_range(sym->name, &start, &size), "%s: no range", sym->name);
	EXPECT(start == want && size == sym->size, "%s: range %#lx/%#lx, not %#lx/%#lx",
	       sym->name, start, size, want, sym->size);
}

static void lookup_every_name(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(expected); i++) {
		/* Of the three static-looking "duplicate"s the global one at 0x210 wins. */
		if (strcmp(expected[i].name, "duplicate") != 0)
			check_name(&expected[i], at(expected[i].offset));
	}
	for (size_t i = 0; i < ARRAY_SIZE(aliases); i++)
		check_name(&aliases[i], at(aliases[i].offset));
	check_name(&(struct expected_symbol){ "duplicate", 0x210, 0x10 }, at(0x210));
}

/* The host linker's own addresses for the C-visible names agree with the table. */
static void names_match_the_linker(void)
{
	const struct {
		const char *name;
		const char *address;
	} linked[] = {
		{ "_text", _text },
		{ "fixture_start", fixture_start },
		{ "global_alias", global_alias },
		{ "fixture_label", fixture_label },
		{ "fixture_object", fixture_object },
		{ "fixture_last", fixture_last },
	};

	for (size_t i = 0; i < ARRAY_SIZE(linked); i++) {
		unsigned long addr = kallsyms_lookup_name(linked[i].name);

		EXPECT(addr == (unsigned long)linked[i].address, "%s: table says %#lx, linker %p",
		       linked[i].name, addr, (const void *)linked[i].address);
	}
}

static void skipped_names_are_absent(void)
{
	unsigned long start, size;

	for (size_t i = 0; i < ARRAY_SIZE(skipped_names); i++) {
		EXPECT(kallsyms_lookup_name(skipped_names[i]) == 0,
		       "\"%s\" is in the table", skipped_names[i]);
		EXPECT(!kallsyms_symbol_range(skipped_names[i], &start, &size),
		       "\"%s\" has a range", skipped_names[i]);
	}
}

/* Nothing else slipped in: the table holds exactly the expected names. */
static void table_holds_exactly_these(void)
{
	EXPECT(kallsyms_num_syms == ARRAY_SIZE(expected) + ARRAY_SIZE(aliases),
	       "%u symbols, expected %zu", kallsyms_num_syms,
	       ARRAY_SIZE(expected) + ARRAY_SIZE(aliases));
}

static void check_format(const char *fmt, unsigned long addr, const char *want)
{
	char buf[KSYM_SYMBOL_LEN];
	int length = k_snprintf(buf, sizeof(buf), fmt, (void *)addr);

	EXPECT(strcmp(buf, want) == 0, "%s: \"%s\", not \"%s\"", fmt, buf, want);
	EXPECT(length == (int)strlen(want), "%s returned %d for \"%s\"", fmt, length, want);
}

/* The kernel's %pS, %ps and %pB (kernel/lib/vsprintf.c) on this very table. */
static void symbol_formats(void)
{
	char unknown[32];

	check_format("%pS", at(0x100), "fixture_start+0x0/0x20");
	check_format("%pS", at(0x17f), "global_alias+0x2f/0x30");
	check_format("%pS", at(0x280) + 0x7f, "extra_tail+0x7f/0x80");
	check_format("%ps", at(0x17f), "global_alias");
	/* A return address just past a function's end still names that function. */
	check_format("%pB", at(0x180), "global_alias+0x30/0x30");
	check_format("%pS", at(0x180), "fixture_label+0x0/0x40");
	/* Outside every symbol: the address, as %p prints it. */
	snprintf(unknown, sizeof(unknown), "0x%0*lx", (int)(2 * sizeof(void *)), at(0x120));
	check_format("%pS", at(0x120), unknown);
	snprintf(unknown, sizeof(unknown), "0x%0*lx", (int)(2 * sizeof(void *)), 0ul);
	check_format("%pS", 0, unknown);
}

static const struct ktap_case cases[] = {
	KTAP_CASE(lookup_every_byte_range),
	KTAP_CASE(lookup_outside_symbols),
	KTAP_CASE(lookup_with_null_size_and_offset),
	KTAP_CASE(lookup_every_name),
	KTAP_CASE(names_match_the_linker),
	KTAP_CASE(skipped_names_are_absent),
	KTAP_CASE(table_holds_exactly_these),
	KTAP_CASE(symbol_formats),
};

KTAP_MAIN(cases)
