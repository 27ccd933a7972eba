/*
 * CRC-32C with the SSE4.2 crc32 instruction: eight bytes per instruction,
 * then the last few one at a time. The instruction is an integer one (no
 * SSE registers), so the kernel may use it without saving FPU state.
 * Reached only through the alternative in asm/crc32.h, when the CPU has it.
 */
#include <kernel/crc32.h>

/* x86 loads need no alignment; the attribute tells the compiler so, and lets the type alias. */
typedef u64 __attribute__((__may_alias__, __aligned__(1))) unaligned_u64;

u32 crc32c_sse42(u32 crc, const void *p, size_t len)
{
	const u8 *b = p;
	u64 c = crc;

	for (; len >= 8; len -= 8, b += 8)
		__asm__("crc32q %1, %0" : "+r"(c) : "rm"(*(const unaligned_u64 *)b));
	for (; len; len--, b++)
		__asm__("crc32b %1, %k0" : "+r"(c) : "rm"(*b));
	return c;
}
