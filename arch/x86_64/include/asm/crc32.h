/*
 * x86_64 CRC-32 (include/kernel/crc32.h).
 *
 * SSE4.2 has a crc32 instruction, for Castagnoli's polynomial only. So
 * crc32c() is a call to the portable function, patched at boot into a call
 * to crc32c_sse42() (arch/x86_64/lib/crc32c.c) when the CPU has it: the
 * replacement is itself a relative call, which apply_alternatives() must
 * re-aim once it is copied to the site. crc32_le() has no instruction here
 * (carry-less multiply would need the SSE registers the kernel does not
 * save) and stays portable.
 *
 * Included by <kernel/crc32.h>, after its declarations: include that one.
 */
#ifndef _ASM_CRC32_H
#define _ASM_CRC32_H

#include <asm/alternative.h>
#include <asm/cpufeature.h>
#include <kernel/alternative.h>
#include <kernel/types.h>

/* Only once patched in: it executes crc32, an invalid opcode without SSE4.2. */
u32 crc32c_sse42(u32 crc, const void *p, size_t len);

static inline u32 crc32_le(u32 crc, const void *p, size_t len)
{
	return crc32_le_generic(crc, p, len);
}

static inline u32 crc32c(u32 crc, const void *p, size_t len)
{
	u32 result;

	alternative_io("call crc32c_generic", "call crc32c_sse42", X86_FEATURE_XMM4_2,
		       ALT_OUTPUT("=a"(result), "+D"(crc), "+S"(p), "+d"(len), ASM_CALL_CONSTRAINT),
		       ALT_INPUT(), "rcx", "r8", "r9", "r10", "r11", "cc", "memory");
	return result;
}

#endif
