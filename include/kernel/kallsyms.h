/*
 * kallsyms: the kernel's own symbol table, so that an address can be printed
 * as "function+0xoffset/0xsize" (%pS in kernel/lib/vsprintf.c, used by
 * backtraces and wchan) and a name turned back into an address (tests, the
 * monitor).
 *
 * The table is data generated at link time: scripts/link-kernel.sh links the
 * kernel, lists its symbols with nm, has scripts/kallsyms.c turn that list
 * into the .rodata.kallsyms section, and links again (three passes in all,
 * so that the table describes the very image it is part of). kernel/kallsyms.c
 * documents the format and searches it.
 */
#ifndef _KERNEL_KALLSYMS_H
#define _KERNEL_KALLSYMS_H

#include <kernel/types.h>

#define KSYM_NAME_LEN 128
/* %pS's "name+0x<offset>/0x<size>": two 64-bit hex numbers with "0x", '+', '/' and NUL. */
#define KSYM_SYMBOL_LEN (KSYM_NAME_LEN + 2 * 18 + 4)

/*
 * Find the symbol that contains addr. On success copy its name into namebuf
 * (KSYM_NAME_LEN bytes), store its size and addr's offset into it (either
 * pointer may be NULL) and return namebuf; return NULL when addr lies in no
 * symbol.
 */
const char *kallsyms_lookup(unsigned long addr, unsigned long *symbolsize, unsigned long *offset, char *namebuf);

/* The address of the symbol called name, or 0 if there is none. */
unsigned long kallsyms_lookup_name(const char *name);

/* Where the symbol called name lies: its first address and its size in bytes. */
bool kallsyms_symbol_range(const char *name, unsigned long *start, unsigned long *size);

/*
 * The same for the loaded modules' symbols (kernel/module/kallsyms.c):
 * also says which module, its name copied into modname (KSYM_NAME_LEN
 * bytes too, so that it outlives a removal); %pS then prints
 * "fn+0x10/0x40 [name]".
 */
const char *module_address_lookup(unsigned long addr, unsigned long *symbolsize,
				  unsigned long *offset, char *modname, char *namebuf);
/* The address of a loaded module's function or object called name, or 0. */
unsigned long module_kallsyms_lookup_name(const char *name);

#endif
