/*
 * x86_64 side of the benchmarks (include/kernel/bench.h): the time-stamp
 * counter. Under QEMU's -icount shift=0 it advances by exactly one per
 * guest instruction, counted from machine reset, firmware included. So
 * head.S reads it at the kernel's entry into boot_entry_cycles, after the
 * BENCH_ENTRY_INSNS instructions that come before that rdtsc (cli, cld and
 * the two stores of the boot loader's registers).
 */
#ifndef _ASM_BENCH_H
#define _ASM_BENCH_H

#include <asm/processor.h>
#include <kernel/types.h>

#define BENCH_COUNTER_NAME	"tsc"
#define BENCH_ENTRY_INSNS	4

extern u64 boot_entry_cycles;

static __always_inline u64 bench_counter(void)
{
	return get_cycles();
}

/* The counter reading that corresponds to the kernel's first instruction. */
static inline u64 bench_entry_count(void)
{
	return boot_entry_cycles - BENCH_ENTRY_INSNS;
}

/*
 * User mode reading the counter (/bin/bench, tests/user/bench.c): rdtsc
 * works in ring 3 as long as CR4.TSD is clear, which this kernel never
 * sets (Linux's default too), so there is nothing to open or close.
 */
static inline void bench_allow_user_counter(bool allow)
{
	(void)allow;
}

#endif
