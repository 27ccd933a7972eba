/*
 * What the ELF loader asks the arch (32-bit ARM): the AT_HWCAP word of a
 * new program's auxiliary vector, Linux's HWCAP_* bits of what user code
 * may use on this CPU (arch/arm/kernel/hwcap.c).
 */
#ifndef _ASM_ELF_H
#define _ASM_ELF_H

unsigned long arch_elf_hwcap(void);

#endif
