/*
 * 32-bit ARM side of the benchmarks (include/kernel/bench.h): the PMU
 * cycle counter PMCCNTR. QEMU runs it at 1 GHz of virtual time, so under
 * -icount shift=0 it counts one per guest instruction; get_cycles()'s
 * generic timer (62.5 MHz) moves only once per 16.
 *
 * head.S starts it, from 0, with its first four instructions (PMCR.E and
 * .C, then PMCNTENSET bit 31): it counts from the last of them, so an
 * instruction that has k kernel instructions before it reads k - 3
 * (BENCH_ENTRY_INSNS). The counter is 32 bits wide: a boot, and every
 * figure here, stays far below 2^32 instructions.
 */
#ifndef _ASM_BENCH_H
#define _ASM_BENCH_H

#include <kernel/compiler.h>
#include <kernel/types.h>

#define BENCH_COUNTER_NAME	"pmccntr"
#define BENCH_ENTRY_INSNS	3

static __always_inline u64 bench_counter(void)
{
	u32 count;

	/* The isb: no read ahead of the instructions before it. */
	__asm__ __volatile__("isb\n\tmrc p15, 0, %0, c9, c13, 0" : "=r"(count) : : "memory");
	return count;
}

/* The counter reading that corresponds to the kernel's first instruction. */
static inline u64 bench_entry_count(void)
{
	return -(u64)BENCH_ENTRY_INSNS;
}

/*
 * Let user mode read PMCCNTR (PMUSERENR.EN), or stop it, on this CPU:
 * /bin/bench (tests/user/bench.c) reads the same counter around its
 * system calls. Not the generic timer's CNTVCT, which PL0 could be given
 * (CNTKCTL.PL0VCTEN) but which moves once per 16 instructions. EN opens
 * all of the PMU to user mode, writes too (a program could stop the
 * counter every figure uses), so it is on only while that program runs,
 * as Linux keeps the PMU from user mode unless asked.
 */
static inline void bench_allow_user_counter(bool allow)
{
	__asm__ __volatile__("mcr p15, 0, %0, c9, c14, 0\n\tisb" : : "r"((u32)allow) : "memory");
}

#endif
