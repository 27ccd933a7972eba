/*
 * Small 32-bit ARM CPU operations the generic kernel needs, and what a
 * thread in user mode has of its own.
 */
#ifndef _ASM_PROCESSOR_H
#define _ASM_PROCESSOR_H

#include <asm/vfp.h>
#include <kernel/types.h>

/*
 * User addresses are [0, TASK_SIZE): what TTBR0, a process's own table,
 * translates with TTBCR.N = 1 (asm/pgtable.h). The kernel starts at
 * PAGE_OFFSET, 0xc0000000; the GiB between is mapped by neither.
 */
#define TASK_SIZE	0x80000000UL

/*
 * A thread's own CPU state beyond its registers: its TLS pointer (TPIDRURO,
 * set_tls) and its VFP/NEON registers while another program runs.
 */
struct thread_struct {
	unsigned long tp_value;
	struct vfp_state vfp;
};

static inline void cpu_relax(void)
{
	/* "yield" hints a spin loop to an SMT core; a compiler barrier either way. */
	__asm__ __volatile__("yield" ::: "memory");
}

/* IRQs and FIQs masked, then wait for an interrupt that can no longer come. */
static inline void __attribute__((__noreturn__)) halt_forever(void)
{
	__asm__ __volatile__("cpsid if" ::: "memory");
	for (;;)
		__asm__ __volatile__("wfi");
}

/*
 * The generic timer's virtual count, CNTVCT (CNTFRQ = 62.5 MHz on QEMU).
 * Chosen over the PMU cycle counter PMCCNTR because it is 64 bits wide (the
 * cycle counter is 32 bits and wraps in seconds), always running (the PMU
 * must be enabled first) and readable the same way on every ARMv7 CPU with
 * the generic timer (cortex-a7, cortex-a15, max). Under QEMU's
 * -icount shift=0 it is exact and advances once per 16 guest instructions.
 * The isb keeps the read from being done early, before preceding code.
 */
static inline u64 get_cycles(void)
{
	u32 lo, hi;

	__asm__ __volatile__("isb\n\tmrrc p15, 1, %0, %1, c14" : "=r"(lo), "=r"(hi) : : "memory");
	return ((u64)hi << 32) | lo;
}

#endif
