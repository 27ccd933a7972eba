/*
 * 32-bit ARM per-CPU addressing (the generic half: include/kernel/percpu.h).
 *
 * Unlike x86_64 the .data..percpu template is linked at an ordinary address
 * inside the init region (PERCPU_SECTION in linker/arm.lds.S): there is no
 * segment register that adds a base, so each CPU finds its copy as template
 * address + its offset, and the offset lives in TPIDRPRW, the CP15 "PL1-only
 * thread ID" register that only the kernel can read or write. head.S sets
 * it to 0 (the template, used in place) before start_kernel();
 * setup_per_cpu_areas() gives CPU 0 its own area, and each secondary CPU
 * sets its own as it starts.
 *
 * this_cpu_read/write/add are the generic forms: read TPIDRPRW, add it to
 * the address, then an ordinary load or store (and for add, with
 * interrupts off around the read-modify-write).
 */
#ifndef _ASM_PERCPU_H
#define _ASM_PERCPU_H

#ifndef __ASSEMBLER__

/* Until setup_per_cpu_areas(): the template, where it was linked. */
#define BOOT_PERCPU_OFFSET	0ul

static inline unsigned long my_cpu_offset(void)
{
	unsigned long offset;

	__asm__ __volatile__("mrc p15, 0, %0, c13, c0, 4" : "=r"(offset));	/* TPIDRPRW */
	return offset;
}

static inline void set_my_cpu_offset(unsigned long offset)
{
	__asm__ __volatile__("mcr p15, 0, %0, c13, c0, 4" : : "r"(offset) : "memory");
}

#endif /* __ASSEMBLER__ */

#endif
