/*
 * kallsyms: turn the kernel's symbol list into the kernel's symbol table.
 *
 *   nm -n -S kernel.elf | kallsyms --ptr-size=8 > table.S
 *   kallsyms --empty --ptr-size=4 > table.S
 *
 * This host tool runs during the link (scripts/link-kernel.sh). It reads
 * nm's lines ("address [size] type name"), keeps the symbols a backtrace can
 * land in, and writes GNU assembler source (valid for x86_64 and ARM) for the
 * section .rodata.kallsyms, which the linker script gathers into .rodata.
 * kernel/kallsyms.c searches it. N is the number of symbols kept:
 *
 *   kallsyms_relative_base  one pointer-size word: the address of _text
 *                           (a relocation, so it is right in every pass)
 *   kallsyms_num_syms       u32 N
 *   kallsyms_offsets        u32[N] address - _text, in ascending order; of
 *                           several symbols at one address the preferred
 *                           one comes first (see compare_by_address)
 *   kallsyms_sizes          u32[N] bytes covered: the ELF size from nm -S,
 *                           or, for a symbol without one (an assembly label,
 *                           a linker-script symbol), the distance to the
 *                           next higher address (to _end for the last one)
 *   kallsyms_name_offsets   u32[N] where symbol i's name starts in
 *                           kallsyms_names
 *   kallsyms_seqs_of_names  u32[N] symbol indexes sorted by name (the
 *                           preferred of equal names first), so a name is
 *                           found by binary search
 *   kallsyms_names          the N names, NUL-terminated, in address order
 *
 * Kept: symbols of type t T w W r R d D b B whose address is in
 * [_text, _end); x86_64's per-CPU variables, linked at address 0 (offsets
 * into each CPU's area), are listed at their template in the image
 * (move_percpu_into_image()). Skipped: absolute symbols (type A), ARM
 * mapping symbols ($a, $d, $t), assembler-local .L labels, and anything
 * else outside the image.
 *
 * The size of the output depends only on the set of names, never on the
 * addresses: link pass 2 and the final link then lay the kernel out alike,
 * so the table made from pass 2 is exact for the final image.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Must match KSYM_NAME_LEN in include/kernel/kallsyms.h (the NUL included). */
#define KSYM_NAME_LEN	128
#define MAX_LINE	4096

struct symbol {
	unsigned long long address;
	unsigned long long elf_size;	/* 0 when nm printed no size */
	unsigned long long size;	/* what goes into kallsyms_sizes */
	char type;
	char *name;
	size_t input_order;		/* last tie-breaker: keeps sorting deterministic */
};

static struct symbol *symbols;
static size_t symbol_count, symbol_capacity;

static void fail(const char *message, const char *detail)
{
	fprintf(stderr, "kallsyms: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
	exit(1);
}

static void usage(void)
{
	fprintf(stderr, "usage: kallsyms [--empty] --ptr-size=8|4 < nm-output > table.S\n");
	exit(2);
}

static void add_symbol(unsigned long long address, unsigned long long elf_size, char type,
		       const char *name)
{
	if (symbol_count == symbol_capacity) {
		symbol_capacity = symbol_capacity ? 2 * symbol_capacity : 1024;
		symbols = realloc(symbols, symbol_capacity * sizeof(*symbols));
		if (!symbols)
			fail("out of memory", NULL);
	}
	symbols[symbol_count] = (struct symbol){ .address = address, .elf_size = elf_size,
		.type = type, .name = strdup(name), .input_order = symbol_count };
	if (!symbols[symbol_count].name)
		fail("out of memory", NULL);
	symbol_count++;
}

static unsigned long long parse_hex(const char *text, const char *line)
{
	char *end;
	unsigned long long value = strtoull(text, &end, 16);

	if (*text == '\0' || *end != '\0')
		fail("bad number in nm output", line);
	return value;
}

/*
 * Read nm's lines: "address size type name", "address type name", or
 * "type name" for an undefined symbol (which has no address and is skipped).
 */
static void read_nm_output(FILE *in)
{
	char line[MAX_LINE];

	while (fgets(line, sizeof(line), in)) {
		char copy[MAX_LINE];
		char *fields[4];
		int count = 0;
		char *field;

		if (!strchr(line, '\n') && !feof(in))
			fail("line too long in nm output", NULL);
		line[strcspn(line, "\n")] = '\0';
		strcpy(copy, line);
		for (field = strtok(copy, " \t"); field; field = strtok(NULL, " \t")) {
			if (count == 4)
				fail("too many fields in nm output", line);
			fields[count++] = field;
		}
		if (count == 0 || count == 2)
			continue;
		if (count == 1 || strlen(fields[count - 2]) != 1)
			fail("cannot parse nm output", line);
		add_symbol(parse_hex(fields[0], line),
			   count == 4 ? parse_hex(fields[1], line) : 0,
			   fields[count - 2][0], fields[count - 1]);
	}
	if (ferror(in))
		fail("error reading nm output", NULL);
}

static const struct symbol *find_symbol(const char *name)
{
	for (size_t i = 0; i < symbol_count; i++)
		if (strcmp(symbols[i].name, name) == 0)
			return &symbols[i];
	return NULL;
}

static bool wanted(const struct symbol *sym, unsigned long long text, unsigned long long end)
{
	if (!strchr("tTwWrRdDbB", sym->type))
		return false;
	if (sym->name[0] == '$' || strncmp(sym->name, ".L", 2) == 0)
		return false;
	return sym->address >= text && sym->address < end;
}

/*
 * x86_64 links .data..percpu at address 0 (a variable's address is its
 * offset in every CPU's area), outside [_text, _end). So that such a
 * variable can still be found by name, list it at its template's place in
 * the image: __per_cpu_load + offset. Where the section is not zero-based
 * (ARM) __per_cpu_load == __per_cpu_start and nothing moves.
 */
static void move_percpu_into_image(void)
{
	const struct symbol *start = find_symbol("__per_cpu_start");
	const struct symbol *end = find_symbol("__per_cpu_end");
	const struct symbol *load = find_symbol("__per_cpu_load");

	if (!start || !end || !load || load->address == start->address)
		return;
	for (size_t i = 0; i < symbol_count; i++) {
		struct symbol *sym = &symbols[i];

		if (sym == start || sym == end || !strchr("dDbB", sym->type))
			continue;
		if (sym->address >= start->address && sym->address < end->address)
			sym->address += load->address - start->address;
	}
}

/*
 * Keep only the wanted symbols, moving them to the front of the array, and
 * return the addresses of _text and _end.
 */
static void filter_symbols(unsigned long long *text_address, unsigned long long *end_address)
{
	const struct symbol *text = find_symbol("_text");
	const struct symbol *end = find_symbol("_end");
	size_t kept = 0;

	if (!text || !end)
		fail("_text or _end missing from nm output", NULL);
	*text_address = text->address;
	*end_address = end->address;
	if (*end_address - *text_address > UINT32_MAX)
		fail("_end is more than 4 GiB above _text", NULL);
	move_percpu_into_image();
	for (size_t i = 0; i < symbol_count; i++) {
		if (wanted(&symbols[i], *text_address, *end_address)) {
			if (strlen(symbols[i].name) >= KSYM_NAME_LEN)
				fail("symbol name too long", symbols[i].name);
			symbols[kept++] = symbols[i];
		} else {
			free(symbols[i].name);
		}
	}
	symbol_count = kept;
}

/* 0 for a global symbol, 1 for a weak one, 2 for a local one. */
static int binding_rank(char type)
{
	if (type == 'w' || type == 'W')
		return 1;
	return islower((unsigned char)type) ? 2 : 0;
}

/*
 * Which of two symbols at one address (or of one name) a lookup reports:
 * one with an ELF size (a real function or object, not a label that merely
 * marks a place), then global before weak before local, then the name with
 * fewer leading underscores ("startup_64" rather than "_text"), then name
 * order.
 */
static int compare_preference(const struct symbol *a, const struct symbol *b)
{
	int order;

	if ((a->elf_size != 0) != (b->elf_size != 0))
		return a->elf_size ? -1 : 1;
	if (binding_rank(a->type) != binding_rank(b->type))
		return binding_rank(a->type) - binding_rank(b->type);
	if (strspn(a->name, "_") != strspn(b->name, "_"))
		return strspn(a->name, "_") < strspn(b->name, "_") ? -1 : 1;
	order = strcmp(a->name, b->name);
	if (order)
		return order;
	return a->input_order < b->input_order ? -1 : 1;
}

static int compare_by_address(const void *left, const void *right)
{
	const struct symbol *a = left, *b = right;

	if (a->address != b->address)
		return a->address < b->address ? -1 : 1;
	return compare_preference(a, b);
}

/* Sorts indexes into the address-sorted array by name, the preferred symbol first. */
static int compare_by_name(const void *left, const void *right)
{
	const struct symbol *a = &symbols[*(const uint32_t *)left];
	const struct symbol *b = &symbols[*(const uint32_t *)right];
	int order = strcmp(a->name, b->name);

	if (order)
		return order;
	if (binding_rank(a->type) != binding_rank(b->type))
		return binding_rank(a->type) - binding_rank(b->type);
	return *(const uint32_t *)left < *(const uint32_t *)right ? -1 : 1;
}

/* Give each symbol its table size; symbols must already be sorted by address. */
static void compute_sizes(unsigned long long end_address)
{
	unsigned long long next = end_address;

	for (size_t i = symbol_count; i-- > 0;) {
		struct symbol *sym = &symbols[i];

		if (i + 1 < symbol_count && symbols[i + 1].address > sym->address)
			next = symbols[i + 1].address;
		sym->size = sym->elf_size ? sym->elf_size : next - sym->address;
		if (sym->size > UINT32_MAX)
			fail("symbol too large for a 32-bit size", sym->name);
	}
}

static void begin_object(const char *name)
{
	printf("\n\t.globl %s\n\t.type %s, %%object\n%s:\n", name, name, name);
}

static void end_object(const char *name)
{
	printf("\t.size %s, . - %s\n", name, name);
}

/* One entry of kallsyms_names, escaping what the assembler would not take literally. */
static void print_asciz(const char *name)
{
	printf("\t.asciz \"");
	for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
		if (*c == '"' || *c == '\\')
			printf("\\%c", *c);
		else if (isprint(*c))
			putchar(*c);
		else
			printf("\\%03o", *c);
	}
	printf("\"\n");
}

/* Which symbol's name comments value i of a u32 array: none, symbol i, symbol values[i]. */
enum comment { NO_COMMENT, SYMBOL_I, SYMBOL_VALUE };

static void print_longs(const char *name, const uint32_t *values, enum comment comment)
{
	begin_object(name);
	for (size_t i = 0; i < symbol_count; i++) {
		const char *symbol = NULL;

		if (comment != NO_COMMENT)
			symbol = symbols[comment == SYMBOL_I ? i : values[i]].name;
		printf("\t.long 0x%08" PRIx32, values[i]);
		/* No comment where the name would end it early. */
		if (symbol && !strstr(symbol, "*/"))
			printf("\t/* %s */", symbol);
		putchar('\n');
	}
	end_object(name);
}

static void write_table(int ptr_size, unsigned long long text_address)
{
	/* + 1: malloc(0) may return NULL, which is no failure here. */
	uint32_t *offsets = malloc(4 * (symbol_count + 1) * sizeof(*offsets));
	uint32_t *sizes = offsets + symbol_count + 1, *name_offsets = sizes + symbol_count + 1;
	uint32_t *by_name = name_offsets + symbol_count + 1, name_offset = 0;

	if (!offsets)
		fail("out of memory", NULL);
	for (size_t i = 0; i < symbol_count; i++) {
		offsets[i] = (uint32_t)(symbols[i].address - text_address);
		sizes[i] = (uint32_t)symbols[i].size;
		name_offsets[i] = name_offset;
		name_offset += strlen(symbols[i].name) + 1;
		by_name[i] = i;
	}
	qsort(by_name, symbol_count, sizeof(*by_name), compare_by_name);

	printf("/* Generated by scripts/kallsyms.c from the kernel's nm output: do not edit. */\n");
	printf("\t.section .rodata.kallsyms,\"a\"\n\t.balign %d\n", ptr_size);

	begin_object("kallsyms_relative_base");
	printf("\t%s _text\n", ptr_size == 8 ? ".quad" : ".long");
	end_object("kallsyms_relative_base");

	begin_object("kallsyms_num_syms");
	printf("\t.long %zu\n", symbol_count);
	end_object("kallsyms_num_syms");

	print_longs("kallsyms_offsets", offsets, SYMBOL_I);
	print_longs("kallsyms_sizes", sizes, NO_COMMENT);
	print_longs("kallsyms_name_offsets", name_offsets, NO_COMMENT);
	print_longs("kallsyms_seqs_of_names", by_name, SYMBOL_VALUE);

	begin_object("kallsyms_names");
	for (size_t i = 0; i < symbol_count; i++)
		print_asciz(symbols[i].name);
	end_object("kallsyms_names");

	/* Says "no executable stack needed", as the compiler does for every C object. */
	printf("\n\t.section .note.GNU-stack,\"\",%%progbits\n");

	free(offsets);
	if (fflush(stdout) || ferror(stdout))
		fail("error writing the table", NULL);
}

int main(int argc, char **argv)
{
	unsigned long long text_address = 0, end_address;
	bool empty = false;
	int ptr_size = 0;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--empty") == 0)
			empty = true;
		else if (strcmp(argv[i], "--ptr-size=8") == 0)
			ptr_size = 8;
		else if (strcmp(argv[i], "--ptr-size=4") == 0)
			ptr_size = 4;
		else
			usage();
	}
	if (!ptr_size)
		usage();

	if (!empty)
		read_nm_output(stdin);
	if (symbol_count) {
		filter_symbols(&text_address, &end_address);
		qsort(symbols, symbol_count, sizeof(*symbols), compare_by_address);
		compute_sizes(end_address);
	}
	write_table(ptr_size, text_address);
	return 0;
}
