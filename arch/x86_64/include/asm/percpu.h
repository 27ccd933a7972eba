/*
 * x86_64 per-CPU addressing. The .data..percpu template is linked at
 * address 0, so a per-CPU variable's address is its offset in every CPU's
 * copy and %gs (MSR_GS_BASE) holds the base of the running CPU's copy.
 */
#ifndef _ASM_PERCPU_H
#define _ASM_PERCPU_H

#define PERCPU_ZERO_BASED	1

#endif
