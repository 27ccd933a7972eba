/*
 * What the parts of the module loader share (kernel/module/): the state
 * of one load, Linux's struct load_info, and the steps each file does.
 */
#ifndef _KERNEL_MODULE_INTERNAL_H
#define _KERNEL_MODULE_INTERNAL_H

#include <kernel/elf.h>
#include <kernel/moduleloader.h>
#include <kernel/list.h>
#include <kernel/types.h>

/*
 * Step 1, kernel/module/elf_check.c: everything load_module() later reads
 * lies inside the file and means something, or the file is refused with
 * -ENOEXEC and a one-line reason (pr_err: "module: NAME: ..."). Checked:
 * the ELF header (class, byte order, version, ET_REL, machine, header
 * sizes), every section's place in the file and its alignment, every name
 * offset, exactly one symbol table with a NUL-terminated string table,
 * every symbol's name and section (no SHN_COMMON, no SHN_XINDEX), every
 * relocation section (the arch's kind, its symbol table and target
 * section, each entry's symbol index and offset), at most one .modinfo,
 * NUL-terminated, and exactly one .gnu.linkonce.this_module of
 * this_module_size bytes with a NUL-terminated name. Fills info's
 * pointers and indices. The host test tests/host/modload_elf.c runs
 * it on mutated .ko files under ASan and UBSan, hence no other kernel
 * dependency here.
 */
int elf_validity_check(struct load_info *info, size_t this_module_size);
/* The value of "tag=" in .modinfo, or NULL. */
const char *get_modinfo(const struct load_info *info, const char *tag);
/* The section called name, or 0. */
unsigned int find_sec(const struct load_info *info, const char *name);


/* load_module() with finit_module(2)'s flags (MODULE_INIT_IGNORE_VERMAGIC: no vermagic check). */
struct module *do_load_module(const void *image, size_t len, const char *args, int flags,
			      int *err);

/* kernel/module/unload.c: a uses b, once; all of a's uses dropped. */
int ref_module(struct module *a, struct module *b);
void module_unload_free(struct module *mod);

/* kernel/module/relocate.c: step 7, every relocation section whose target is in memory. */
int apply_relocations(struct module *mod, struct load_info *info);

/* kernel/module/extable.c: sort the module's own __ex_table by address. */
void module_sort_extable(struct module *mod);

/* kernel/module/params.c: the command line's NAME.param=value words, then args. */
int module_parse_args(struct module *mod, const char *args);

/* Exports of loaded modules, for find_symbol(); the caller holds the module mutex. */
struct find_symbol_arg;
bool find_module_symbol(struct find_symbol_arg *fsa);

/* kernel/module/memory.c: each region's pages in the module area. */
int layout_and_allocate(struct load_info *info);
void module_memory_free(struct module *mod, bool init_only);
void module_memory_protect(struct module *mod);
unsigned long module_memory_pages(const struct module *mod);

/* kernel/module/percpu.c: a module's share of every CPU's area. */
int percpu_modalloc(struct module *mod, struct load_info *info);
void percpu_modfree(struct module *mod);

/* kernel/module/kallsyms.c */
int add_kallsyms(struct module *mod, const struct load_info *info);
void trim_init_kallsyms(struct module *mod);
void free_kallsyms(struct module *mod);

#endif
