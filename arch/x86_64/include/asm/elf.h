/*
 * What the ELF loader asks the arch (x86_64): its ELF machine, and the
 * AT_HWCAP word of a new program's auxiliary vector, which on x86_64 is
 * CPUID 1's EDX, as in Linux (C libraries read the rest with cpuid
 * themselves; arch/x86_64/kernel/hwcap.c).
 */
#ifndef _ASM_ELF_H
#define _ASM_ELF_H

#include <kernel/elf.h>

/* The e_machine of the programs this kernel runs. */
#define ELF_ARCH	EM_X86_64

unsigned long arch_elf_hwcap(void);

#endif
