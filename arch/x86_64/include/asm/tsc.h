/*
 * Reading a device clock and the TSC together (tsc.c): how the TSC and the
 * local APIC timer are calibrated, and how the clock self-test checks them.
 */
#ifndef _ASM_TSC_H
#define _ASM_TSC_H

#include <kernel/types.h>

/* read() (a device counter) into *value; returns the TSC at that moment, within *width / 2. */
u64 tsc_read_ref(u32 (*read)(void), u32 *value, u64 *width);

/*
 * The precision of a calibration: 1/CALIBRATE_PRECISION (0.1 %). The TSC
 * and the count of read() (counting down if `down`) over one window just
 * long enough for it: *cycles of the TSC, *counts of the device.
 */
#define CALIBRATE_PRECISION	1000
void tsc_measure_window(u32 (*read)(void), bool down, u64 *cycles, u32 *counts);

#endif
