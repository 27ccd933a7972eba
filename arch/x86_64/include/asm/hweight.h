/*
 * x86_64 population count (include/kernel/hweight.h): a call to the
 * portable function, patched at boot into the popcnt instruction when the
 * CPU has POPCNT. Both are 5 bytes, so no padding either way.
 *
 * The call's argument and result sit where the x86_64 calling convention
 * puts them (rdi, rax), which is also where the popcnt replacement reads
 * and writes them. The compiler is told the call may change every register
 * a C function may change; the patched sites pay for that caution a
 * little. (Linux writes its fallback in assembly to avoid it.)
 *
 * Included by <kernel/hweight.h>, after its declarations: include that one.
 */
#ifndef _ASM_HWEIGHT_H
#define _ASM_HWEIGHT_H

#include <asm/alternative.h>
#include <asm/cpufeature.h>
#include <kernel/alternative.h>
#include <kernel/types.h>

#define HWEIGHT_CALL_CLOBBERS	"rcx", "rdx", "rsi", "r8", "r9", "r10", "r11", "cc"

static __always_inline unsigned int hweight32(u32 w)
{
	unsigned int count;

	alternative_io("call __sw_hweight32", "popcntl %%edi, %%eax", X86_FEATURE_POPCNT,
		       ALT_OUTPUT("=a"(count), "+D"(w), ASM_CALL_CONSTRAINT), ALT_INPUT(),
		       HWEIGHT_CALL_CLOBBERS);
	return count;
}

static __always_inline unsigned int hweight64(u64 w)
{
	unsigned long count;

	alternative_io("call __sw_hweight64", "popcntq %%rdi, %%rax", X86_FEATURE_POPCNT,
		       ALT_OUTPUT("=a"(count), "+D"(w), ASM_CALL_CONSTRAINT), ALT_INPUT(),
		       HWEIGHT_CALL_CLOBBERS);
	return count;
}

#endif
