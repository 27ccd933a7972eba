/*
 * x86_64 per-CPU addressing (the generic half: include/kernel/percpu.h).
 *
 * The .data..percpu template is linked at address 0, so a per-CPU
 * variable's address is its offset in every CPU's copy, and GS_BASE (an
 * MSR) holds the address of the running CPU's copy: "%gs:var" is this
 * CPU's var, in one instruction whatever the CPU. head.S points GS_BASE at
 * the template (__per_cpu_load) before start_kernel(), setup_per_cpu_areas()
 * at CPU 0's own area, and each secondary CPU at its own as it starts.
 *
 * Reads and writes go through a pointer in the compiler's __seg_gs address
 * space: gcc and clang emit a %gs:-prefixed mov. A read-modify-write
 * through a volatile pointer would become three instructions (load, add,
 * store) with gcc, so this_cpu_add() is written out: one add with a %gs:
 * memory operand, which no interrupt can split.
 */
#ifndef _ASM_PERCPU_H
#define _ASM_PERCPU_H

#ifndef __ASSEMBLER__

#include <asm/msr.h>
#include <kernel/compiler.h>
#include <kernel/types.h>

/* Until setup_per_cpu_areas(): the template, at its place in the image. */
#define BOOT_PERCPU_OFFSET	((unsigned long)__per_cpu_load)

/* var, seen through GS: the address space makes the compiler add the segment prefix. */
#define __percpu_gs(var)	(*(volatile __seg_gs __typeof__(var) *)(unsigned long)&(var))

#define this_cpu_read(var)	({ __percpu_gs(var); })
#define this_cpu_write(var, val) do { __percpu_gs(var) = (val); } while (0)

/* Only for 1, 2, 4 and 8-byte integers: anything else fails to link. */
extern void __bad_percpu_size(void);

#define this_cpu_add(var, val)							\
	do {									\
		__typeof__(var) __val = (val);					\
		switch (sizeof(var)) {						\
		case 1:								\
			__asm__ __volatile__("addb %1, %%gs:%0"			\
					     : "+m"(var) : "qi"((u8)__val));	\
			break;							\
		case 2:								\
			__asm__ __volatile__("addw %1, %%gs:%0"			\
					     : "+m"(var) : "ri"((u16)__val));	\
			break;							\
		case 4:								\
			__asm__ __volatile__("addl %1, %%gs:%0"			\
					     : "+m"(var) : "ri"((u32)__val));	\
			break;							\
		case 8:								\
			__asm__ __volatile__("addq %1, %%gs:%0"			\
					     : "+m"(var) : "re"((u64)__val));	\
			break;							\
		default:							\
			__bad_percpu_size();					\
		}								\
	} while (0)

/* GS_BASE itself can only be read with rdmsr (slow) or rdgsbase (not on every CPU). */
#define my_cpu_offset()		this_cpu_read(this_cpu_off)

static inline void set_my_cpu_offset(unsigned long offset)
{
	/* A zero-based section: the GS base is the address of the copy, i.e. the offset. */
	native_write_msr(MSR_GS_BASE, offset);
}

#endif /* __ASSEMBLER__ */

#endif
