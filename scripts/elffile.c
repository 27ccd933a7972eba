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
	if (o->is64) {
		Elf64_Shdr h;

		memcpy(&h, o->data + at, sizeof(h));
		return (struct section){ NULL, h.sh_name, h.sh_type, h.sh_link, h.sh_info,
					 h.sh_flags, h.sh_addr, h.sh_offset, h.sh_size,
					 h.sh_entsize };
	} else {
		Elf32_Shdr h;

		memcpy(&h, o->data + at, sizeof(h));
		return (struct section){ NULL, h.sh_name, h.sh_type, h.sh_link, h.sh_info,
					 h.sh_flags, h.sh_addr, h.sh_offset, h.sh_size,
					 h.sh_entsize };
	}
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
	if (o->is64) {
		Elf64_Ehdr h;

		if (o->len < sizeof(h))
			fail("truncated ELF header");
		memcpy(&h, o->data, sizeof(h));
		o->type = h.e_type, o->machine = h.e_machine, shoff = h.e_shoff;
		shentsize = h.e_shentsize, shnum = h.e_shnum, shstrndx = h.e_shstrndx;
	} else {
		Elf32_Ehdr h;

		if (o->len < sizeof(h))
			fail("truncated ELF header");
		memcpy(&h, o->data, sizeof(h));
		o->type = h.e_type, o->machine = h.e_machine, shoff = h.e_shoff;
		shentsize = h.e_shentsize, shnum = h.e_shnum, shstrndx = h.e_shstrndx;
	}
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
		uint32_t name;
		uint16_t shndx;

		if (o->is64) {
			Elf64_Sym s;

			memcpy(&s, p, sizeof(s));
			name = s.st_name, shndx = s.st_shndx;
			sym->value = s.st_value;
			sym->type = ELF64_ST_TYPE(s.st_info);
			sym->bind = ELF64_ST_BIND(s.st_info);
		} else {
			Elf32_Sym s;

			memcpy(&s, p, sizeof(s));
			name = s.st_name, shndx = s.st_shndx;
			sym->value = s.st_value;
			sym->type = ELF32_ST_TYPE(s.st_info);
			sym->bind = ELF32_ST_BIND(s.st_info);
		}
		sym->name = string_at(o, symtab->link, name);
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
