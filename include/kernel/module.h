/*
 * What a loadable module is made of, as in Linux:
 *
 *   #include <kernel/module.h>
 *   static int __init hello_init(void) { pr_info("hello\n"); return 0; }
 *   static void __exit hello_exit(void) { pr_info("bye\n"); }
 *   module_init(hello_init);
 *   module_exit(hello_exit);
 *   MODULE_LICENSE("GPL");
 *   MODULE_AUTHOR("..."); MODULE_DESCRIPTION("...");
 *
 * A module is compiled with -DMODULE and the kernel's other flags, and
 * linked with `ld -r` and linker/module.lds into NAME.ko, an ELF
 * relocatable file (`make modules`). Two special sections make it a
 * module:
 *
 * - .modinfo: "tag=value" strings, one per MODULE_INFO(): the author's
 *   (license=, author=, description=, parm=, parmtype=) and those
 *   scripts/modpost adds (name=, vermagic=, depends=). Tools read them
 *   from the file (kmod's modinfo does); a loader reads license= and
 *   vermagic= and does not keep the section in memory.
 * - .gnu.linkonce.this_module: the module's struct module, written by
 *   scripts/modpost into NAME.mod.c: its name and its init and exit
 *   functions. The loaded copy of this section is the module's struct
 *   module, so its size must be this kernel's sizeof(struct module).
 *
 * Both are at address 0 in the file (`readelf -S NAME.ko`): they are never
 * part of any image the linker lays out. Built into the kernel (no
 * -DMODULE), module_init() is one more initcall, module_exit() code is
 * discarded with .exit.text, and MODULE_INFO() writes nothing.
 */
#ifndef _KERNEL_MODULE_H
#define _KERNEL_MODULE_H

#include <kernel/compiler.h>
#include <kernel/export.h>
#include <kernel/init.h>
#include <kernel/list.h>
#include <kernel/moduleparam.h>

/* Room for the name, NUL included, as Linux's MODULE_NAME_LEN on 64-bit. */
#define MODULE_NAME_LEN		56

/* As Linux's: UNFORMED while being laid out, COMING during init, LIVE, GOING when leaving. */
enum module_state {
	MODULE_STATE_LIVE,
	MODULE_STATE_COMING,
	MODULE_STATE_GOING,
	MODULE_STATE_UNFORMED,
};

/*
 * A module's memory, one region per kind (Linux's mod_mem_type), each
 * mapped with its own permissions in the module area: text read+execute,
 * rodata read-only, data read+write, never executable. The init regions
 * are freed once init has run.
 */
enum mod_mem_type {
	MOD_TEXT,
	MOD_RODATA,
	MOD_DATA,
	MOD_INIT_TEXT,
	MOD_INIT_RODATA,
	MOD_INIT_DATA,
	MOD_MEM_NUM_TYPES
};

#define mod_mem_type_is_init(type)	((type) >= MOD_INIT_TEXT)

struct module_memory {
	void *base;		/* in the module area */
	unsigned int size;	/* bytes laid out; the pages mapped cover it */
	void *block;		/* the same pages in the direct map, for free_pages() */
};

/*
 * The module's symbols for kallsyms and %pS: functions and objects; and
 * where each of its sections went, for a debugger (gdb's sk-symbols gives
 * them to add-symbol-file, as Linux's lx-symbols reads its sect_attrs).
 * kmalloc()ed; the names in strtab.
 */
struct mod_kallsyms {
	unsigned long *addr, *size;
	const char **name;
	unsigned int num;
	unsigned long *sect_addr;
	const char **sect_name;
	unsigned int num_sect;
	char *strtab;
};

struct bug_entry;
struct exception_table_entry;
struct kernel_param;

/*
 * The name, init and exit come first, the fields scripts/modpost fills:
 * the loader's checks of a file find the name at its start on both arches.
 */
struct module {
	char name[MODULE_NAME_LEN];
	int (*init)(void);
	void (*exit)(void);
	enum module_state state;
	struct list_head list;		/* on the list of loaded modules */

	/* Its exports, sorted by name as the kernel's. */
	const struct kernel_symbol *syms, *gpl_syms;
	unsigned int num_syms, num_gpl_syms;
	const struct kernel_param *kp;
	unsigned int num_kp;
	bool gpl_compatible;

	/* Its own __ex_table, sorted at load: the fault handler searches it. */
	struct exception_table_entry *extable;
	unsigned int num_exentries;

	/* Its own __bug_table: report_bug() searches it for a WARN() in the module. */
	struct bug_entry *bug_table;
	unsigned int num_bugs;

	struct module_memory mem[MOD_MEM_NUM_TYPES];
	unsigned long percpu;		/* its .data..percpu, at the address per_cpu() adds to */
	unsigned int percpu_size;
	struct mod_kallsyms kallsyms;
	unsigned int num_relocs;	/* relocations applied at load (make bench) */

	/* Who uses whom (struct module_use): removal waits until no module uses this one. */
	struct list_head source_list, target_list;
	char *args;			/* the parameters it was loaded with; charp ones point in */
};

#define __exit		__section(".exit.text")

#ifdef MODULE
/*
 * module_init(fn) makes init_module an alias of fn (and module_exit,
 * cleanup_module): the names scripts/modpost writes into struct module.
 * The inline function checks fn's type, which an alias does not.
 */
#define module_init(fn)							\
	static inline initcall_t __unused __inittest(void) { return fn; } \
	int init_module(void) __attribute__((__alias__(#fn)))
#define module_exit(fn)							\
	static inline void (*__unused __exittest(void))(void) { return fn; } \
	void cleanup_module(void) __attribute__((__alias__(#fn)))

extern struct module __this_module;
#define THIS_MODULE		(&__this_module)
#else
/* Built in, the exit function is never called: it goes with .exit.*, which the link discards. */
#define module_exit(fn)							\
	static void (*const __exitcall_##fn)(void) __used __section(".exit.data") = fn
#define THIS_MODULE		((struct module *)0)
#endif

/* "GPL", "GPL v2", "Dual MIT/GPL" ...: a GPL-compatible license may use EXPORT_SYMBOL_GPL(). */
#define MODULE_LICENSE(_license)	MODULE_INFO(license, _license)
#define MODULE_AUTHOR(_author)		MODULE_INFO(author, _author)
#define MODULE_DESCRIPTION(_text)	MODULE_INFO(description, _text)

/* One module using another's exports: on the user's target_list and the owner's source_list. */
struct module_use {
	struct list_head source_list, target_list;
	struct module *source, *target;
};

/*
 * The loader (kernel/module/main.c), in Linux's order. load_module()
 * takes a whole .ko image (the caller keeps it; nothing points into it
 * afterwards) and its parameters ("name=value ..."): the module's name
 * when it is loaded and its init returned 0, else NULL with *err a
 * negative errno (-ENOEXEC for a bad file, -EFBIG for one over 2 MiB,
 * -EEXIST for a name already loaded, -ENOENT for an unknown symbol,
 * init's own error ...) and a one-line reason in the log. delete_module()
 * runs its exit and frees it: -ENOENT if none is loaded by that name,
 * -EWOULDBLOCK while another module uses its exports, -EBUSY while it is
 * not LIVE or has init but no exit. The system calls init_module(2),
 * finit_module(2) and delete_module(2) are these, from user space
 * (kernel/module/syscalls.c).
 */
struct module *load_module(const void *image, size_t len, const char *args, int *err);
int delete_module(const char *name);
/* The module called name, or NULL. */
struct module *find_module(const char *name);
/* finit_module(2)'s flags (Linux's uapi/linux/module.h). */
#define MODULE_INIT_IGNORE_MODVERSIONS	1
#define MODULE_INIT_IGNORE_VERMAGIC	2
#define MODULE_INIT_COMPRESSED_FILE	4

/* load_module() of a file of the root file system. */
struct module *load_module_file(const char *path, const char *args, int *err);
/* Pages the module's memory takes, for /proc/modules' size column. */
unsigned long module_size(const struct module *mod);
/* How many modules use this one's exports. */
unsigned int module_refcount(const struct module *mod);
/*
 * /proc/modules, one line per module, newest first, Linux's format:
 * "hello 8192 0 - Live 0xffffffffa0000000". snprintf()'s contract: the
 * length the whole text needs.
 */
size_t module_list_text(char *buf, size_t size);
/* Calls fn for each loaded module, newest first, under the module lock. */
void for_each_module(void (*fn)(struct module *mod, void *arg), void *arg);
/*
 * Whether addr lies in a loaded module's memory, or in mod's (Linux's
 * is_module_address() and within_module()). A module found by address is
 * looked into only under the list's lock (kernel/module/list.c): one
 * removed meanwhile would be freed memory.
 */
bool is_module_address(unsigned long addr);
bool within_module(unsigned long addr, const struct module *mod);

#endif
