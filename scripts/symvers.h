/*
 * The exports modpost knows (scripts/symvers.c): those of Module.symvers
 * files, in Linux's format, and those of the modules it reads. A separate
 * file so that modpost.c holds the modules' checks alone.
 */
#ifndef SCRIPTS_SYMVERS_H
#define SCRIPTS_SYMVERS_H

#include <stdbool.h>
#include <stddef.h>

struct export {
	char *name;
	const char *owner;	/* "vmlinux" or a module's name */
	bool gpl_only;
	bool from_file;		/* read from a Module.symvers (-i), not found in a module */
};

struct export *find_export(const char *name);
void add_export(const char *name, const char *owner, bool gpl_only, bool from_file);
void read_symvers(const char *path);
void write_module_symvers(const char *path);
void write_if_changed(const char *path, const char *text, size_t len);

/* modpost.c's: an error counted (nothing is written) or a warning; a fatal error. */
void __attribute__((format(printf, 2, 3))) report(bool is_error, const char *fmt, ...);
void __attribute__((noreturn)) die(const char *what, const char *path);

#endif
