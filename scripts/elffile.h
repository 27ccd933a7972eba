/*
 * An ELF file as the host tools read it (scripts/elffile.c): checksections
 * reads the relocatable kernel, sorttable the linked one, modpost the
 * linked one's export tables and each module's object.
 */
#ifndef SCRIPTS_ELFFILE_H
#define SCRIPTS_ELFFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct section {
	const char *name;
	uint32_t name_offset, type, link, info;
	uint64_t flags, addr, offset, size, entsize;
};

struct symbol {
	const char *name;
	uint64_t value;
	unsigned type;
	unsigned bind;		/* STB_LOCAL, STB_GLOBAL, STB_WEAK */
	bool defined;		/* lives in one of the file's sections: shndx */
	uint32_t shndx;
};

struct elf_file {
	const char *path;
	unsigned char *data;
	size_t len;
	bool is64;
	unsigned type;		/* ET_REL, ET_EXEC, ET_DYN */
	unsigned machine;
	struct section *sections;
	size_t nsections;
	struct symbol *symbols;
	size_t nsymbols;
	size_t symtab;		/* index of the SHT_SYMTAB section, 0 if none */
};

/*
 * Read path's sections and symbols into o, for the tool named tool (the
 * prefix of its messages). A file that is not a valid little-endian ELF32 or
 * ELF64 file is fail()ed; what kind of file it must be is the tool's check.
 */
void read_elf(struct elf_file *o, const char *tool, const char *path);
void free_elf(struct elf_file *o);

/* Print "TOOL: FILE: message" and exit with status 2. */
void __attribute__((noreturn, format(printf, 1, 2))) fail(const char *fmt, ...);
/* Is [off, off + size) inside the file? Written so that nothing overflows. */
bool in_file(const struct elf_file *o, uint64_t off, uint64_t size);
uint32_t read32(const unsigned char *p);

/*
 * Field f of the ELF structure T (Ehdr, Shdr, Sym, Rela) at p, where it
 * lies in o's class (Elf32_T or Elf64_T), widened to 64 bits, as libelf's
 * gelf_get*() give them: so each reader is written once for both classes.
 * Needs <elf.h>; the caller checked that the whole structure is in the file.
 */
#define ELF_FIELD(o, p, T, f)							\
	elf_field((const unsigned char *)(p) +					\
		  ((o)->is64 ? offsetof(Elf64_##T, f) : offsetof(Elf32_##T, f)),	\
		  (o)->is64 ? sizeof(((Elf64_##T *)0)->f) : sizeof(((Elf32_##T *)0)->f))
uint64_t elf_field(const unsigned char *p, size_t size);
/* The NUL-terminated string at offset off of string table section strtab. */
const char *string_at(const struct elf_file *o, size_t strtab, uint64_t off);
/* The first section called name, or NULL. */
const struct section *section_named(const struct elf_file *o, const char *name);

#endif
