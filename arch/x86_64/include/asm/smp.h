/*
 * x86_64 secondary CPU start-up, shared by arch/x86_64/kernel/smp.c and
 * trampoline.S.
 *
 * A CPU woken by STARTUP begins in real mode at a page below 1 MiB: the
 * trampoline is copied to TRAMPOLINE_PHYS (inside the first MiB, which the
 * boot information keeps from the page allocator). The boot CPU fills
 * struct secondary_boot before each start; secondary_startup_64 reads it.
 */
#ifndef _ASM_SMP_H
#define _ASM_SMP_H

#define TRAMPOLINE_PHYS		0x8000

/* Offsets in struct secondary_boot, for trampoline.S. */
#define SECONDARY_BOOT_CR3	0
#define SECONDARY_BOOT_STACK	8

/* What the firmware calls a CPU's id, for messages. */
#define CPU_HWID_NAME		"APIC id"

#ifndef __ASSEMBLER__

#include <kernel/types.h>

struct secondary_boot {
	u64 cr3;		/* the kernel's page tables */
	u64 stack_top;		/* the starting CPU's stack */
	u64 cpu;		/* its kernel CPU number */
};

extern struct secondary_boot secondary_boot;

/* The trampoline as it lies in the image, and its parameters (trampoline.S). */
extern const char trampoline_start[], trampoline_end[];
extern const char trampoline_cr0[], trampoline_cr3[], trampoline_efer[];
/* Where the copy's TSC reading (its first instructions) lies. */
extern const char trampoline_tsc[];

/* Called by secondary_startup_64 on the new CPU's stack. */
void x86_secondary_start(void);

#endif

#endif
