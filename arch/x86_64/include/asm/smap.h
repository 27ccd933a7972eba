/*
 * SMAP, Supervisor Mode Access Prevention: with CR4.SMAP set, the kernel
 * faults when it touches a user page, unless it says it means to with stac
 * ("set AC flag") and closes the window again with clac. So every access to
 * user memory goes between stac() and clac().
 *
 * On a CPU without SMAP both instructions are invalid opcodes, so they are
 * alternatives: the sites are three bytes of NOPs (the size of stac and clac)
 * and become the instructions where the CPU has SMAP (the uaccess
 * primitives, asm/uaccess.h; entry stubs use the same ALTERNATIVE in
 * assembly). traps.c sets CR4.SMAP once they are patched.
 */
#ifndef _ASM_SMAP_H
#define _ASM_SMAP_H

#include <asm/cpufeature.h>
#include <kernel/alternative.h>

static __always_inline void clac(void)
{
	alternative("", "clac", X86_FEATURE_SMAP);
}

static __always_inline void stac(void)
{
	alternative("", "stac", X86_FEATURE_SMAP);
}

#endif
