/*
 * 32-bit ARM's side of kernel/alternative.h.
 *
 * Every A32 instruction is one 4-byte word, so sites, replacements and
 * padding are whole words. The assembler pads a site with zero words:
 * 0x00000000 decodes as "andeq r0, r0, r0", which changes nothing whether
 * or not it executes, so an unpatched site may run through its padding.
 * A patched site gets real "nop" words (arch/arm/kernel/alternative.c).
 *
 * There is no .smp_locks here: ARM's atomics (ldrex/strex) carry no prefix
 * to drop. What a multiprocessor kernel pays for on one CPU are its
 * barriers, and asm/barrier.h makes those alternatives instead.
 */
#ifndef _ASM_ALTERNATIVE_H
#define _ASM_ALTERNATIVE_H

#define ALT_PAD_FILL		0

#define ARM_NOP_INSN		0xe320f000	/* nop (ARMv6K and later) */

#endif
