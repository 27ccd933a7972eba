/*
 * A relocatable ELF object as checksections reads it (scripts/elfobject.c).
 */
#ifndef SCRIPTS_ELFOBJECT_H
#define SCRIPTS_ELFOBJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct section {
	const char *name;
	uint32_t name_offset, type, link, info;
	uint64_t flags, offset, size, entsize;
};

struct symbol {
	const char *name;
	uint64_t value;
	unsigned type;
	bool defined;		/* lives in one of the file's sections: shndx */
	uint32_t shndx;
};

struct object {
	const char *path;
	unsigned char *data;
	size_t len;
	bool is64;
	unsigned machine;
	struct section *sections;
	size_t nsections;
	struct symbol *symbols;
	size_t nsymbols;
	size_t symtab;		/* index of the SHT_SYMTAB section, 0 if none */
};

/* Read path's sections and symbols into o; a file that is not a valid object is fail()ed. */
void read_object(struct object *o, const char *path);
void free_object(struct object *o);

/* Print "checksections: FILE: message" and exit with status 2. */
void __attribute__((noreturn, format(printf, 1, 2))) fail(const char *fmt, ...);
/* Is [off, off + size) inside the file? Written so that nothing overflows. */
bool in_file(const struct object *o, uint64_t off, uint64_t size);
uint32_t read32(const unsigned char *p);
/* The NUL-terminated string at offset off of string table section strtab. */
const char *string_at(const struct object *o, size_t strtab, uint64_t off);

#endif
