/*
 * The HPET (High Precision Event Timer): a free-running counter whose
 * period the hardware states, so it is the reference the TSC and the local
 * APIC timer are calibrated against (tsc.c, apic_timer.c) and checked
 * against (tests/kernel/x86_64/clock_test.c).
 */
#ifndef _ASM_HPET_H
#define _ASM_HPET_H

#include <kernel/types.h>

/* The counter's frequency, from its period register; 0 when there is no HPET. */
extern u64 hpet_freq_hz;

/* Find the HPET through ACPI, map it, start its counter. False when there is none. */
bool hpet_enable(void);

/* The main counter: only its low 32 bits, which wrap every 42 s at QEMU's 100 MHz. */
u32 hpet_read(void);

#endif
