/*
 * 32-bit ARM's own crash= modes (tests/kernel/crash.h): the exception
 * classes the generic ones do not reach.
 *   crash=ud     an undefined instruction outside __bug_table (not BUG()'s UDF)
 *   crash=align  LDRD from an address that is not word-aligned: an alignment
 *                fault whatever SCTLR.A says
 * 32-bit ARM has no general-protection class and no NMI (FIQ is unused here).
 */
#include <kernel/compiler.h>
#include <kernel/init.h>

#include "../crash.h"

static int __noinline crash_ud(void)
{
	__asm__ __volatile__(".inst 0xe7f123f4");	/* UDF #0x1234 */
	return 0;
}

static u8 align_buffer[16] __aligned(16);

static int __noinline crash_align(void)
{
	register u32 lo __asm__("r4"), hi __asm__("r5");

	__asm__ __volatile__("ldrd %0, %1, [%2]" : "=r"(lo), "=r"(hi) : "r"(align_buffer + 1)
			     : "memory");
	return lo + hi;
}

const struct crash_mode arch_crash_modes[] __initconst = {
	{ "ud", crash_ud },
	{ "align", crash_align },
};
const size_t nr_arch_crash_modes __initconst = ARRAY_SIZE(arch_crash_modes);
