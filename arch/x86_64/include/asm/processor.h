/*
 * Small x86_64 CPU operations the generic kernel needs, and what a thread
 * in user mode has of its own.
 */
#ifndef _ASM_PROCESSOR_H
#define _ASM_PROCESSOR_H

#include <asm/fpu.h>
#include <kernel/types.h>

/*
 * User addresses are [0, TASK_SIZE): the lower half of the 48-bit address
 * space, less its last page, as in Linux: a user page right below the
 * non-canonical hole would let an instruction fetch run past the end of
 * user space into a non-canonical address, and SYSRET to one faults in ring 0.
 */
#define TASK_SIZE	0x00007ffffffff000UL

/* A thread's own CPU state beyond its registers: the FS base its TLS is at. */
struct thread_struct {
	unsigned long fsbase;
	struct fpu_state fpu;		/* its x87/SSE registers while switched out (asm/fpu.h) */
};

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
