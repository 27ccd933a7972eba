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
#include <kernel/moduleparam.h>

/* Room for the name, NUL included, as Linux's MODULE_NAME_LEN on 64-bit. */
#define MODULE_NAME_LEN		56

struct module {
	char name[MODULE_NAME_LEN];
	int (*init)(void);
	void (*exit)(void);
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

#endif
