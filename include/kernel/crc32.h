/*
 * CRC-32 checksums, without the pre- and post-inversion (pass ~0 as the
 * first crc and invert the result for the usual "CRC-32" value), as in
 * Linux:
 *
 *   crc32_le(crc, p, len)  the IEEE 802.3 polynomial, bit-reflected (Ethernet, zlib)
 *   crc32c(crc, p, len)    Castagnoli's polynomial, bit-reflected (iSCSI, ext4, btrfs)
 *
 * Both come from <asm/crc32.h>: the arch uses its CRC instructions where
 * the CPU has them, patched in at boot as alternatives (x86_64: SSE4.2
 * crc32 for crc32c; ARM: the ARMv8 crc32 and crc32c instructions), and the
 * portable versions below otherwise. The two must give the same results;
 * the host tests check the portable ones against a bit-at-a-time reference.
 */
#ifndef _KERNEL_CRC32_H
#define _KERNEL_CRC32_H

#include <kernel/types.h>

/* Portable C (kernel/lib/crc32.c): 16-entry tables, half a byte per step. */
u32 crc32_le_generic(u32 crc, const void *p, size_t len);
u32 crc32c_generic(u32 crc, const void *p, size_t len);

#include <asm/crc32.h>

#endif
