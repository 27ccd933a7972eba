/*
 * What the arch's half of the module loader sees (Linux's
 * include/linux/moduleloader.h): the state of one load, and the
 * relocation step each arch implements in arch/<arch>/kernel/module.c.
 * The rest of the loader is kernel/module/.
 */
#ifndef _KERNEL_MODULELOADER_H
#define _KERNEL_MODULELOADER_H

#include <kernel/elf.h>
#include <kernel/types.h>

struct module;

struct load_info {
	Elf_Ehdr *hdr;		/* the loader's own copy of the file */
	size_t len;
	Elf_Shdr *sechdrs;	/* sh_addr: where each section ends up (rewritten) */
	const char *secstrings;
	const char *strtab;	/* the symbols' names */
	Elf_Sym *symtab;	/* st_value: the final address (rewritten) */
	unsigned int num_syms;
	const char *name;	/* in .gnu.linkonce.this_module */
	const char *modinfo;	/* NULL when there is no .modinfo */
	size_t modinfo_size;
	struct {
		unsigned int sym, str, mod, info, pcpu;
	} index;		/* 0: no such section */
	struct module *mod;	/* the final copy, once laid out */
};

/*
 * The arch's relocations (arch/<arch>/kernel/module.c): apply the REL or
 * RELA section relsec to its target section, whose sh_addr is final, with
 * symbols' final values in info->symtab. -ENOEXEC with a reason for an
 * unknown type or a value that does not fit.
 */
int apply_relocate(struct load_info *info, unsigned int relsec, struct module *mod);

/*
 * A relocation may only name a symbol that has an address now: one of a
 * section that was loaded (or the per-CPU one), an absolute one, or an
 * undefined one the loader resolved. Otherwise says so and returns false.
 */
bool module_symbol_loaded(const struct load_info *info, const Elf_Sym *sym,
			  const struct module *mod);

#endif
