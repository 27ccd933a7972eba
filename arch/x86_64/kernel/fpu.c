/*
 * x87/SSE for user programs (asm/fpu.h): switched on once per CPU, and a
 * register image per thread that runs user code.
 *
 * CR0: no emulation (EM clear), WAIT honours TS (MP), native error
 * reporting (NE), TS clear (no lazy switching: the image is saved and
 * restored eagerly, as Linux does today). CR4: fxsave/fxrstor and SSE
 * (OSFXSR), SSE exceptions as #XM (OSXMMEXCPT). trap_init() calls it at
 * boot step 6: the secondary CPUs copy the boot CPU's CR0 and CR4 when they
 * start (arch/x86_64/kernel/smp.c), so it covers them all; and it is no
 * initcall, which initcall_blacklist= could skip.
 */
#include <asm/fpu.h>
#include <asm/special_insns.h>
#include <kernel/init.h>
#include <kernel/string.h>

#define X86_CR0_MP		(1ul << 1)
#define X86_CR0_EM		(1ul << 2)
#define X86_CR0_TS		(1ul << 3)
#define X86_CR0_NE		(1ul << 5)
#define X86_CR4_OSFXSR		(1ul << 9)
#define X86_CR4_OSXMMEXCPT	(1ul << 10)

#define FXSAVE_FCW		0	/* offsets in the fxsave image */
#define FXSAVE_MXCSR		24

void __init fpu_init(void)
{
	write_cr0((read_cr0() & ~(X86_CR0_EM | X86_CR0_TS)) | X86_CR0_MP | X86_CR0_NE);
	write_cr4(read_cr4() | X86_CR4_OSFXSR | X86_CR4_OSXMMEXCPT);
	__asm__ __volatile__("fninit");
}

void fpu_init_state(struct fpu_state *fpu)
{
	u16 fcw = 0x37f;	/* every x87 exception masked, 64-bit precision */
	u32 mxcsr = 0x1f80;	/* every SSE exception masked, round to nearest */

	memset(fpu, 0, sizeof(*fpu));
	memcpy(fpu->fxsave + FXSAVE_FCW, &fcw, sizeof(fcw));
	memcpy(fpu->fxsave + FXSAVE_MXCSR, &mxcsr, sizeof(mxcsr));
}
