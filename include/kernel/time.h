/*
 * Elapsed time from the CPU's cycle counter (get_cycles() in
 * asm/processor.h: the TSC on x86_64, the generic timer on ARM).
 * time_init(), the arch's, finds the counter's frequency at boot step 11
 * (read from CPUID where stated, else measured against the HPET on
 * x86_64; read from CNTFRQ on ARM).
 */
#ifndef _KERNEL_TIME_H
#define _KERNEL_TIME_H

#include <kernel/types.h>

extern u64 cycle_freq_hz;

void time_init(void);

static inline u64 cycles_to_us(u64 cycles)
{
	return cycle_freq_hz ? cycles * 1000000 / cycle_freq_hz : 0;
}

#endif
