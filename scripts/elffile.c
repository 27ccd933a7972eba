/*
 * The one ELF reader of the host tools: checksections reads the relocatable
 * kernel with it (x86_64 ELF64 with RELA, 32-bit ARM ELF32 with REL),
 * sorttable the linked kernel, modpost the linked kernel's export tables and
 * each module's object. It reads the file, its section headers with
 * their names and its symbol table, every offset checked against the file's
 * size so that a broken file is an error, never a crash. The structures
 * come from the host's <elf.h>, whose byte order the file must have (both
 * kernels are little-endian, like the hosts that build them); no libelf.
 */
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elffile.h"

static const char *tool_name, *input_path;

void fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: %s: ", tool_name, input_path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

/* Is [off, off + size) inside the file? Written so that nothing overflows. */
bool in_file(const struct elf_file *o, uint64_t off, uint64_t size)
{
	return off <= o->len && size <= o->len - off;
}

uint32_t read32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

uint64_t elf_field(const unsigned char *p, size_t size)
{
	uint16_t v16;
	uint64_t v64;

	switch (size) {
	case 1:
		return *p;
	case 2:
		memcpy(&v16, p, sizeof(v16));
		return v16;
	case 4:
		return read32(p);
	default:
		memcpy(&v64, p, sizeof(v64));
		return v64;
	}
}

static void read_file(struct elf_file *o)
{
	FILE *f = fopen(o->path, "rb");
	size_t cap = 1 << 20, n;

	if (!f)
		fail("%s", strerror(errno));
	o->data = malloc(cap);
	while (o->data && (n = fread(o->data + o->len, 1, cap - o->len, f)) > 0) {
		o->len += n;
		if (o->len == cap)
			o->data = realloc(o->data, cap *= 2);
	}
	if (!o->data)
		fail("out of memory");
	if (ferror(f))
		fail("read error");
	fclose(f);
}

/* The NUL-terminated string at offset off of string table section strtab. */
const char *string_at(const struct elf_file *o, size_t strtab, uint64_t off)
{
	const struct section *s;

	if (strtab >= o->nsections || o->sections[strtab].type != SHT_STRTAB)
		fail("bad string table index %zu", strtab);
	s = &o->sections[strtab];
	if (off >= s->size || !memchr(o->data + s->offset + off, 0, s->size - off))
		fail("bad string offset %#llx", (unsigned long long)off);
	return (const char *)o->data + s->offset + off;
}

static struct section read_section_header(const struct elf_file *o, uint64_t at)
{
	const unsigned char *h = o->data + at;

	return (struct section){
		.name_offset = ELF_FIELD(o, h, Shdr, sh_name),
		.type = ELF_FIELD(o, h, Shdr, sh_type),
		.link = ELF_FIELD(o, h, Shdr, sh_link),
		.info = ELF_FIELD(o, h, Shdr, sh_info),
		.flags = ELF_FIELD(o, h, Shdr, sh_flags),
		.addr = ELF_FIELD(o, h, Shdr, sh_addr),
		.offset = ELF_FIELD(o, h, Shdr, sh_offset),
		.size = ELF_FIELD(o, h, Shdr, sh_size),
		.entsize = ELF_FIELD(o, h, Shdr, sh_entsize),
	};
}

/* The ELF header and the section table, with names. */
static void load_sections(struct elf_file *o)
{
	static const uint16_t one = 1;
	const unsigned char *id = o->data;
	const int host_data = *(const unsigned char *)&one ? ELFDATA2LSB : ELFDATA2MSB;
	uint64_t shoff, shentsize, shnum, shstrndx, i;

	if (o->len < EI_NIDENT || memcmp(id, ELFMAG, SELFMAG))
		fail("not an ELF file");
	if (id[EI_CLASS] != ELFCLASS32 && id[EI_CLASS] != ELFCLASS64)
		fail("unknown ELF class %u", id[EI_CLASS]);
	if (id[EI_DATA] != host_data)
		fail("byte order differs from this host's");
	o->is64 = id[EI_CLASS] == ELFCLASS64;
	if (o->len < (o->is64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr)))
		fail("truncated ELF header");
	o->type = ELF_FIELD(o, id, Ehdr, e_type);
	o->machine = ELF_FIELD(o, id, Ehdr, e_machine);
	shoff = ELF_FIELD(o, id, Ehdr, e_shoff);
	shentsize = ELF_FIELD(o, id, Ehdr, e_shentsize);
	shnum = ELF_FIELD(o, id, Ehdr, e_shnum);
	shstrndx = ELF_FIELD(o, id, Ehdr, e_shstrndx);
	if (shoff == 0)
		return;		/* no section headers at all */
	if (shentsize != (o->is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr)) ||
	    !in_file(o, shoff, shentsize))
		fail("corrupt ELF: bad section header table");

	/* With 0xff00 sections or more, the real count and index are in section 0. */
	if (shnum == 0 || shstrndx == SHN_XINDEX) {
		struct section zero = read_section_header(o, shoff);

		if (shnum == 0)
			shnum = zero.size;
		if (shstrndx == SHN_XINDEX)
			shstrndx = zero.link;
	}
	if (shnum > (o->len - shoff) / shentsize)
		fail("corrupt ELF: bad section header table");

	o->nsections = shnum;
	o->sections = calloc(shnum, sizeof(*o->sections));
	if (!o->sections)
		fail("out of memory");
	for (i = 0; i < shnum; i++) {
		struct section *s = &o->sections[i];

		*s = read_section_header(o, shoff + i * shentsize);
		if (s->type != SHT_NOBITS && !in_file(o, s->offset, s->size))
			fail("corrupt ELF: section %llu lies outside the file",
			     (unsigned long long)i);
	}
	/* Without a section name table every section is nameless. */
	for (i = 0; i < shnum; i++)
		o->sections[i].name = shstrndx == SHN_UNDEF ? "" :
			string_at(o, shstrndx, o->sections[i].name_offset);
}

/* The symbol table (a file has at most one) into o->symbols. */
static void load_symbols(struct elf_file *o)
{
	const size_t entsize = o->is64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
	const struct section *symtab = NULL, *xindex = NULL;
	size_t i;

	for (i = 0; i < o->nsections; i++) {
		if (o->sections[i].type == SHT_SYMTAB) {
			o->symtab = i;
			symtab = &o->sections[i];
		}
	}
	if (!symtab)
		return;
	/* Symbols of sections numbered 0xff00 and up keep their index here. */
	for (i = 0; i < o->nsections; i++) {
		if (o->sections[i].type == SHT_SYMTAB_SHNDX && o->sections[i].link == o->symtab)
			xindex = &o->sections[i];
	}
	if (symtab->entsize != entsize)
		fail("bad symbol table entry size");
	o->nsymbols = symtab->size / entsize;
	if (xindex && xindex->size < o->nsymbols * sizeof(uint32_t))
		fail("short extended section index table");
	o->symbols = calloc(o->nsymbols ? o->nsymbols : 1, sizeof(*o->symbols));
	if (!o->symbols)
		fail("out of memory");

	for (i = 0; i < o->nsymbols; i++) {
		const unsigned char *p = o->data + symtab->offset + i * entsize;
		struct symbol *sym = &o->symbols[i];
		uint16_t shndx = ELF_FIELD(o, p, Sym, st_shndx);
		unsigned char info = ELF_FIELD(o, p, Sym, st_info);

		sym->value = ELF_FIELD(o, p, Sym, st_value);
		sym->type = ELF64_ST_TYPE(info);	/* the same bits in ELF32 */
		sym->bind = ELF64_ST_BIND(info);
		sym->name = string_at(o, symtab->link, ELF_FIELD(o, p, Sym, st_name));
		sym->shndx = shndx;
		if (shndx == SHN_XINDEX && xindex)
			sym->shndx = read32(o->data + xindex->offset + i * sizeof(uint32_t));
		/* SHN_UNDEF, SHN_ABS, SHN_COMMON: not in any section of the file. */
		sym->defined = shndx != SHN_UNDEF && (shndx < SHN_LORESERVE || shndx == SHN_XINDEX);
		if (sym->defined && sym->shndx >= o->nsections)
			fail("symbol %s has a bad section index", sym->name);
	}
}

void read_elf(struct elf_file *o, const char *tool, const char *path)
{
	tool_name = tool;
	input_path = o->path = path;
	read_file(o);
	load_sections(o);
	load_symbols(o);
}

void free_elf(struct elf_file *o)
{
	free(o->symbols);
	free(o->sections);
	free(o->data);
}

const struct section *section_named(const struct elf_file *o, const char *name)
{
	for (size_t i = 0; i < o->nsections; i++)
		if (!strcmp(o->sections[i].name, name))
			return &o->sections[i];
	return NULL;
}
