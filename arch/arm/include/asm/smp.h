/*
 * 32-bit ARM secondary CPU start-up, shared by arch/arm/kernel/smp.c and
 * arch/arm/boot/secondary.S: what the boot CPU leaves for the starting one.
 */
#ifndef _ASM_SMP_H
#define _ASM_SMP_H

/* Offsets in struct secondary_data, for secondary.S. */
#define SECONDARY_DATA_TTBR1		0
#define SECONDARY_DATA_STACK		4
#define SECONDARY_DATA_MODE_STACKS	8
#define SECONDARY_DATA_TTBR0		12

/* Each exception mode's stack (abort, undefined, IRQ, FIQ), as head.S gives the boot CPU. */
#define EXCEPTION_STACK_SIZE		4096

/* What the firmware calls a CPU's id, for messages. */
#define CPU_HWID_NAME		"MPIDR"

#ifndef __ASSEMBLER__

#include <kernel/types.h>

struct secondary_data {
	u32 ttbr1;		/* the kernel's translation table, as TTBR1 wants it */
	u32 stack_top;		/* the SVC (kernel) stack */
	u32 mode_stacks;	/* the bottom of the four exception-mode stacks */
	u32 ttbr0;		/* the empty user table (asm/pgtable.h) */
};

extern struct secondary_data secondary_data;

/* Where PSCI CPU_ON starts the CPU (physical address, MMU off). */
extern char secondary_entry[];
/* Called by secondary.S on the new CPU's stack: its kernel CPU number, CNTVCT at its start. */
void arm_secondary_start(unsigned int cpu, u64 start_cycles);

#endif

#endif
