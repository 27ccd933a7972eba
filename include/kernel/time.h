/*
 * Elapsed time from the CPU's cycle counter (get_cycles() in
 * asm/processor.h: the TSC on x86_64, the generic timer on ARM).
 * time_init(), the arch's, finds the counter's frequency at boot step 11
 * (read from CPUID where stated, else measured against the HPET on
 * x86_64; read from CNTFRQ on ARM) and hands it to
 * clocksource_register_hz(), which prepares the conversions below
 * (kernel/clocksource.c): exact, and without a 64-bit divide.
 */
#ifndef _KERNEL_TIME_H
#define _KERNEL_TIME_H

#include <kernel/types.h>

#define NSEC_PER_SEC	1000000000u
#define USEC_PER_SEC	1000000u

extern u64 cycle_freq_hz;
/* Cycles in a jiffy, rounded up: a sleep of n jiffies never ends early. */
extern u64 cycles_per_jiffy;

void time_init(void);
/* The counter's frequency, once: 1 Hz to 18 GHz (past that, panic). */
void clocksource_register_hz(u64 hz);

/* Whole seconds in a count of cycles, and the rest in units of 1/per_sec s, rounded down. */
u64 cycles_to_sec(u64 cycles, u32 per_sec, u32 *rest);
u64 cycles_to_ns(u64 cycles);
u64 cycles_to_us(u64 cycles);
/* Whole jiffies (of cycles_per_jiffy) in a count of cycles. */
u64 cycles_to_jiffies(u64 cycles);
/* The first count at which cycles_to_ns() reads ns or more: ns in cycles, rounded up (at most ~0). */
u64 ns_to_cycles_up(u64 ns);

/*
 * The arch's battery clock (arch/<arch>/kernel/rtc.c: x86_64's CMOS RTC,
 * the ARM virt board's PL031), read at boot: seconds since 1970 (UTC).
 */
s64 read_persistent_clock64(void);

#endif
