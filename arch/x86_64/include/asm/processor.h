/*
 * Small x86_64 CPU operations the generic kernel needs.
 */
#ifndef _ASM_PROCESSOR_H
#define _ASM_PROCESSOR_H

#include <kernel/types.h>

static inline void cpu_relax(void)
{
	__asm__ __volatile__("pause" ::: "memory");
}

/* Interrupts off and halt: nothing will wake us. */
static inline void __attribute__((__noreturn__)) halt_forever(void)
{
	for (;;)
		__asm__ __volatile__("cli; hlt");
}

/* The time-stamp counter: cycles, or guest instructions under -icount. */
static inline u64 get_cycles(void)
{
	u32 lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
}

#endif
