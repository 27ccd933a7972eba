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
 * section, each entry's symbol index and offset; in struct module, init
 * and exit only), at most one .modinfo,
 * NUL-terminated, and exactly one .gnu.linkonce.this_module of
 * this_module_size bytes with a NUL-terminated name. Fills info's
 * pointers and indices. The host test tests/host/modload_elf.c runs
 * it on mutated .ko files under ASan and UBSan, hence no other kernel
 * dependency here.
 */
int elf_validity_check(struct load_info *info, size_t this_module_size);
/*
 * What the file's struct module may hold (the fields scripts/modpost
 * fills): the name, then init and exit, one Elf_Addr each, the only
 * places a relocation may change (elf_check.c refuses any other).
 * memory.c checks that struct module is laid out so.
 */
#define THIS_MODULE_INIT_OFFSET	MODULE_NAME_LEN
#define THIS_MODULE_EXIT_OFFSET	(MODULE_NAME_LEN + sizeof(Elf_Addr))
/* The value of "tag=" in .modinfo, or NULL. */
const char *get_modinfo(const struct load_info *info, const char *tag);
/* The section called name, or 0. */
unsigned int find_sec(const struct load_info *info, const char *name);


/*
 * The largest module file the loader takes: 2 MiB (the samples are about
 * 10 KiB with their debug information, and x86_64's whole module area is
 * 2 MiB). A longer one is refused before anything is allocated or copied,
 * with -EFBIG, as Linux's kernel_read_file() answers past its limit.
 */
#define MODULE_IMAGE_MAX	(2u << 20)
/* kmalloc()ed room for a file of len bytes: -EFBIG past MODULE_IMAGE_MAX, or -ENOMEM. */
void *module_image_alloc(size_t len, int *err);
/*
 * load_module() on a file the caller got from module_image_alloc() and
 * filled, which it takes (and frees), with finit_module(2)'s flags
 * (MODULE_INIT_IGNORE_VERMAGIC: no vermagic check).
 */
struct module *do_load_module(void *image, size_t len, const char *args, int flags, int *err);

/* kernel/module/list.c: the list of loaded modules and its locks. */
struct mutex;
extern struct mutex module_mutex;
/* The module called name, or NULL; module_mutex is held. */
struct module *find_module_locked(const char *name);
void module_list_add(struct module *mod);
void module_list_del(struct module *mod);
/* modules_lock, with interrupts off; what __module_address() needs. */
void module_list_lock(unsigned long *flags);
void module_list_unlock(unsigned long flags);
/*
 * The module whose memory holds addr, or NULL; the caller holds
 * modules_lock, and reads what it needs of the module before it lets go.
 */
struct module *__module_address(unsigned long addr);

/* kernel/module/unload.c: a uses b, once; all of a's uses dropped. */
int ref_module(struct module *a, struct module *b);
void module_unload_free(struct module *mod);

/* kernel/module/relocate.c: step 7, every relocation section whose target is in memory. */
int apply_relocations(struct module *mod, struct load_info *info);

/* kernel/module/extable.c: sort the module's own __ex_table by address. */
void module_sort_extable(struct module *mod);

/*
 * kernel/module/tables.c: the module's tables, before anything reads them.
 * module_table(): the section called name as whole entries of size bytes
 * (*start NULL when there is none); the checks: every entry the module's
 * own memory of the right kind. Each -ENOEXEC with a reason.
 */
struct alt_instr;
int module_table(const struct module *mod, const struct load_info *info, const char *name,
		 size_t size, void **start, unsigned int *num);
int module_check_tables(const struct module *mod);
int module_check_alternatives(const struct module *mod, const struct load_info *info,
			      const struct alt_instr *alt, unsigned int n);

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
