/*
 * The host's "arch" for kernel/lib's CRC-32 (include/kernel/crc32.h): the
 * host tests build kernel/lib with -I tests/host, so <asm/crc32.h> is this
 * file there, and the host has nothing to patch: the portable versions.
 *
 * Included by <kernel/crc32.h>, after its declarations: include that one.
 */
#ifndef _HOST_ASM_CRC32_H
#define _HOST_ASM_CRC32_H

static inline u32 crc32_le(u32 crc, const void *p, size_t len)
{
	return crc32_le_generic(crc, p, len);
}

static inline u32 crc32c(u32 crc, const void *p, size_t len)
{
	return crc32c_generic(crc, p, len);
}

#endif
