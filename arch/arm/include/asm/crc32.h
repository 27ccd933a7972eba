/*
 * 32-bit ARM CRC-32 (include/kernel/crc32.h). ARMv8 added crc32{b,h,w} and
 * crc32c{b,h,w} to the A32 instruction set; ID_ISAR5 says whether a CPU
 * has them (in QEMU only -cpu max). Each function is a call to the portable
 * version, patched at boot into a call to the version that uses the
 * instructions (arch/arm/lib/crc32-armv8.S). The replacement is itself a
 * bl, a relative branch, which apply_alternatives() re-aims when it copies
 * it to the site.
 *
 * The arguments sit in r0-r2, where the calling convention wants them; the
 * compiler is told the call may change what a C function may change.
 *
 * Included by <kernel/crc32.h>, after its declarations: include that one.
 */
#ifndef _ASM_CRC32_H
#define _ASM_CRC32_H

#include <asm/cpufeature.h>
#include <kernel/alternative.h>
#include <kernel/types.h>

/* Only once patched in: they execute ARMv8 instructions. */
u32 crc32_le_armv8(u32 crc, const void *p, size_t len);
u32 crc32c_armv8(u32 crc, const void *p, size_t len);

#define CRC32_CALL(generic, armv8, crc, p, len)						\
	({										\
		register u32 __r0 __asm__("r0") = (crc);				\
		register const void *__r1 __asm__("r1") = (p);				\
		register size_t __r2 __asm__("r2") = (len);				\
		alternative_io("bl " #generic, "bl " #armv8, ARM_FEATURE_CRC32,		\
			       ALT_OUTPUT("+r"(__r0), "+r"(__r1), "+r"(__r2)), ALT_INPUT(),	\
			       "r3", "r12", "lr", "cc", "memory");			\
		__r0;									\
	})

static inline u32 crc32_le(u32 crc, const void *p, size_t len)
{
	return CRC32_CALL(crc32_le_generic, crc32_le_armv8, crc, p, len);
}

static inline u32 crc32c(u32 crc, const void *p, size_t len)
{
	return CRC32_CALL(crc32c_generic, crc32c_armv8, crc, p, len);
}

#endif
