/*
 * What a module is for x86_64 (kernel/module/): its ELF class, machine
 * and relocation section type, and where modules are mapped. Only
 * #defines, so that a host test can read the other arch's as well.
 *
 * The module area is Linux's MODULES_VADDR, just above the 512 MiB the
 * kernel image may use: within 2 GiB of every kernel address, so a
 * module's PC32 call reaches the kernel and its absolute addresses fit a
 * sign-extended 32-bit field (-mcmodel=kernel, R_X86_64_32S), as the
 * kernel's own do. 2 MiB of it is used (one page table: the smallest machines have little to spare) (the secondary CPUs' stacks come
 * after 0xffffffffc0000000).
 */
#ifndef _ASM_MODULE_H
#define _ASM_MODULE_H

#define MODULE_ELF_BITS		64
#define MODULE_ELF_MACHINE	EM_X86_64
#define MODULE_RELOC_TYPE	SHT_RELA	/* the addend is in the relocation */

#define MODULES_VADDR		0xffffffffa0000000ul
#define MODULES_END		0xffffffffa0200000ul

#endif
