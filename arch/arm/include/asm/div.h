/*
 * 32-bit division on ARM. ARMv7-A does not require a divide instruction,
 * so for a/b the compiler calls the EABI helpers __aeabi_uidiv,
 * __aeabi_idiv (quotient in r0) and __aeabi_uidivmod, __aeabi_idivmod
 * (quotient in r0, remainder in r1). arch/arm/lib/aeabi_div.S defines them: each
 * is a branch to the portable functions below, patched at boot into
 * udiv/sdiv when ID_ISAR0 says the CPU has them (cortex-a7, cortex-a15 and
 * max all do). Linux does the same for this one case on 32-bit ARM
 * (patch_aeabi_idiv()); here it is one more user of the alternatives.
 *
 * The portable functions return the quotient in the low half and the
 * remainder in the high half of a u64, i.e. in r0 and r1, exactly what
 * __aeabi_uidivmod returns. Division by zero gives quotient 0 and
 * remainder n, as udiv/sdiv (followed by mls) do.
 */
#ifndef _ASM_DIV_H
#define _ASM_DIV_H

#include <kernel/types.h>

u64 udivmod32_generic(u32 n, u32 d);
u64 sdivmod32_generic(s32 n, s32 d);

#endif
