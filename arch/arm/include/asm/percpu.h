/*
 * 32-bit ARM per-CPU addressing. Unlike x86_64 the .data..percpu template
 * is linked at an ordinary address inside the init region (PERCPU_SECTION in
 * linker/arm.lds.S): there is no segment register that adds a base, so each
 * CPU finds its copy as template address + its offset, and the offset lives
 * in TPIDRPRW (the CP15 "PL1-only thread ID" register).
 */
#ifndef _ASM_PERCPU_H
#define _ASM_PERCPU_H

#define PERCPU_ZERO_BASED	0

#endif
