/*
 * What the ELF loader asks the arch (32-bit ARM): its ELF machine, and the
 * AT_HWCAP word of a new program's auxiliary vector, Linux's HWCAP_* bits
 * of what user code may use on this CPU (arch/arm/kernel/hwcap.c).
 */
#ifndef _ASM_ELF_H
#define _ASM_ELF_H

#include <kernel/elf.h>

/* The e_machine of the programs this kernel runs. */
#define ELF_ARCH	EM_ARM

unsigned long arch_elf_hwcap(void);

#endif
