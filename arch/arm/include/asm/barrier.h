/*
 * 32-bit ARM SMP barriers (include/kernel/barrier.h): dmb ("data memory
 * barrier") over the inner-shareable domain, where the other CPUs are;
 * "ishst" orders stores only. There is no read-only form in ARMv7, so
 * smp_rmb() is the full one.
 *
 * This is ARM's counterpart of x86's .smp_locks: ARM atomics (ldrex/strex)
 * have no prefix to drop, but the barriers around them are what a
 * multiprocessor needs and a uniprocessor does not. Each is an alternative
 * keyed on ARM_FEATURE_UP (the device tree lists one CPU), which makes it
 * a nop. The compiler barrier ("memory") stays either way.
 */
#ifndef _ASM_BARRIER_H
#define _ASM_BARRIER_H

#include <asm/cpufeature.h>
#include <kernel/alternative.h>

#define smp_mb()	alternative("dmb ish", "nop", ARM_FEATURE_UP)
#define smp_rmb()	alternative("dmb ish", "nop", ARM_FEATURE_UP)
#define smp_wmb()	alternative("dmb ishst", "nop", ARM_FEATURE_UP)

#endif
