/*
 * Population count: the number of 1 bits in a word (Linux's "Hamming
 * weight", hweight32() and hweight64()).
 *
 * Both come from <asm/hweight.h>: on x86_64 a call to the portable version
 * that is patched at boot into one popcnt instruction when the CPU has
 * POPCNT; elsewhere the portable version.
 */
#ifndef _KERNEL_HWEIGHT_H
#define _KERNEL_HWEIGHT_H

#include <kernel/types.h>

/* Portable C (kernel/lib/hweight.c): add bits in parallel, in ever wider fields. */
unsigned int __sw_hweight32(u32 w);
unsigned int __sw_hweight64(u64 w);

#include <asm/hweight.h>

#endif
