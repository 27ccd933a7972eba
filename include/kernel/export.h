/*
 * EXPORT_SYMBOL(): the symbols a module may link against.
 *
 *   int printk(const char *fmt, ...) { ... }
 *   EXPORT_SYMBOL(printk);           any module may use it
 *   EXPORT_SYMBOL_GPL(copy_from_kernel_nofault);  only for a module whose
 *                                    MODULE_LICENSE() is GPL-compatible
 *
 * Each export is one struct kernel_symbol in a section of its own,
 * "___ksymtab+NAME" (or "___ksymtab_gpl+NAME"), and its name in
 * __ksymtab_strings. The linker gathers the sections with SORT() on their
 * names (KSYMTAB, linker/sections.lds.h): since each section name ends in
 * the symbol's name, __ksymtab and __ksymtab_gpl come out sorted by symbol
 * name, and find_symbol() (kernel/module/ksymtab.c) does a binary search
 * with no sorting at boot. A module's own exports are gathered the same way
 * by linker/module.lds, and scripts/modpost reads the kernel's entries back
 * to know what a module may use.
 *
 * An entry is three 32-bit offsets, each from the field itself to what it
 * names (the symbol, its name, its namespace: "", as there are none yet),
 * Linux's CONFIG_HAVE_ARCH_PREL32_RELOCATIONS layout: 12 bytes. Linux's
 * 32-bit ARM keeps absolute pointers (also 12 bytes there): the relative
 * form was added for 64-bit arches, where it halves the table and spares a
 * relocated kernel from fixing up every entry, and a 32-bit arch gains no
 * size from it. We use the relative form on both arches anyway: one
 * layout for the lookup and for the tools that read the tables, and no
 * entry needs relocating wherever its table is loaded, a module's
 * included. ARM's assembler encodes `.long sym - .` as R_ARM_REL32.
 *
 * The symbol must have external linkage: the asm below names it, and a
 * static function could be inlined away or clash with another file's.
 */
#ifndef _KERNEL_EXPORT_H
#define _KERNEL_EXPORT_H

#include <kernel/compiler.h>
#include <kernel/types.h>

struct kernel_symbol {
	s32 value_offset;
	s32 name_offset;
	s32 namespace_offset;
};

_Static_assert(sizeof(struct kernel_symbol) == 12, "three 32-bit offsets");

static inline unsigned long kernel_symbol_value(const struct kernel_symbol *sym)
{
	return (unsigned long)offset_to_ptr(&sym->value_offset);
}

static inline const char *kernel_symbol_name(const struct kernel_symbol *sym)
{
	return offset_to_ptr(&sym->name_offset);
}

static inline const char *kernel_symbol_namespace(const struct kernel_symbol *sym)
{
	return offset_to_ptr(&sym->namespace_offset);
}

/*
 * sec is "" or "_gpl". The labels __ksymtab_NAME and __kstrtab_NAME name
 * the entry and the string (in gdb, in nm's output); __ksymtab_strings is
 * a mergeable string section ("aMS"), so the "" of every namespace is
 * stored once.
 */
#define __EXPORT_SYMBOL(sym, sec)					\
	extern __typeof__(sym) sym;					\
	__asm__(" .pushsection \"___ksymtab" sec "+" #sym "\", \"a\"\n"	\
		" .balign 4\n"						\
		"__ksymtab_" #sym ":\n"					\
		" .long " #sym " - .\n"					\
		" .long __kstrtab_" #sym " - .\n"			\
		" .long __kstrtabns_" #sym " - .\n"			\
		" .popsection\n"					\
		" .pushsection __ksymtab_strings, \"aMS\", %progbits, 1\n" \
		"__kstrtab_" #sym ": .asciz \"" #sym "\"\n"		\
		"__kstrtabns_" #sym ": .asciz \"\"\n"			\
		" .popsection\n")

#define EXPORT_SYMBOL(sym)	__EXPORT_SYMBOL(sym, "")
#define EXPORT_SYMBOL_GPL(sym)	__EXPORT_SYMBOL(sym, "_gpl")

/*
 * A per-CPU variable: the entry holds its address as the per-CPU macros
 * use it (on x86_64 an offset from 0, which the entry reaches by
 * wrapping around), so a module's this_cpu_read(var) works as the kernel's.
 */
#define EXPORT_PER_CPU_SYMBOL(var)	EXPORT_SYMBOL(var)

#endif
