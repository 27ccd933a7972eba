/*
 * The host's "arch" for kernel/lib's population count
 * (include/kernel/hweight.h): the portable versions, as in
 * tests/host/asm/crc32.h.
 *
 * Included by <kernel/hweight.h>, after its declarations: include that one.
 */
#ifndef _HOST_ASM_HWEIGHT_H
#define _HOST_ASM_HWEIGHT_H

static inline unsigned int hweight32(u32 w)
{
	return __sw_hweight32(w);
}

static inline unsigned int hweight64(u64 w)
{
	return __sw_hweight64(w);
}

#endif
