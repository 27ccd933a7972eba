/*
 * Population count where the arch has no instruction the kernel uses for it
 * (include/kernel/hweight.h): hweight32() and hweight64() are the portable
 * versions. 32-bit ARM's <asm/hweight.h> and the host tests' include this.
 *
 * Included by <kernel/hweight.h>, after its declarations: include that one.
 */
#ifndef _ASM_GENERIC_HWEIGHT_H
#define _ASM_GENERIC_HWEIGHT_H

#include <kernel/types.h>

static inline unsigned int hweight32(u32 w)
{
	return __sw_hweight32(w);
}

static inline unsigned int hweight64(u64 w)
{
	return __sw_hweight64(w);
}

#endif
