/*
 * 32-bit ARM population count (include/kernel/hweight.h): the portable
 * version. A32 has no popcount instruction outside NEON (vcnt), and the
 * kernel keeps away from the FP/NEON registers it never saves.
 *
 * Included by <kernel/hweight.h>, after its declarations: include that one.
 */
#ifndef _ASM_HWEIGHT_H
#define _ASM_HWEIGHT_H

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
