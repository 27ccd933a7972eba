/*
 * Reading a device clock and the TSC together (tsc.c): how the TSC and the
 * local APIC timer are calibrated, and how the clock self-test checks them.
 */
#ifndef _ASM_TSC_H
#define _ASM_TSC_H

#include <kernel/types.h>

/* read() (a device counter) into *value; returns the TSC at that moment. */
u64 tsc_read_ref(u32 (*read)(void), u32 *value);

/* measure() again until two results in a row agree within 0.2 % (at most 8 times). */
u64 calibrate_until_stable(u64 (*measure)(void));

#endif
