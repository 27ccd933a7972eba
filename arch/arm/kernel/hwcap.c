/*
 * AT_HWCAP on 32-bit ARM: what user code may use, as Linux's HWCAP_* bits
 * (taken from Debian's copy of Linux's asm/hwcap.h into
 * generated/asm-hwcap.h at build time), read from the ID registers rather
 * than a table of cores.
 *
 * Only what a program can rely on here is said: HWCAP_TLS because every
 * ARMv7 core has TPIDRURO and set_tls loads it (a libc then reads the
 * register instead of calling a kuser helper, which this kernel does not
 * provide); no SWP (ARMv7 multiprocessor cores disable it, libcs use
 * ldrex/strex); no EVTSTRM (the timer's event stream is off).
 */
#include <asm/cpufeature.h>
#include <asm/elf.h>
#include <asm/sysreg.h>
#include <asm/vfp.h>
#include <kernel/cpufeature.h>
#include <generated/asm-hwcap.h>

static unsigned int id_field(u32 reg, unsigned int shift)
{
	return (reg >> shift) & 0xf;
}

unsigned long arch_elf_hwcap(void)
{
	u32 pfr0 = read_cp15(0, c0, c1, 0);
	u32 isar2 = read_cp15(0, c0, c2, 2);
	u32 isar3 = read_cp15(0, c0, c2, 3);
	unsigned long hwcap = HWCAP_HALF | HWCAP_TLS;

	if (id_field(pfr0, 4) >= 1)		/* State1: Thumb */
		hwcap |= HWCAP_THUMB;
	if (id_field(isar2, 20) >= 1)		/* MultU: umull/umlal */
		hwcap |= HWCAP_FAST_MULT;
	if (id_field(isar3, 0) >= 1)		/* Saturate: qadd and the v5TE DSP set */
		hwcap |= HWCAP_EDSP;
	if (cpu_has(ARM_FEATURE_THUMBEE))
		hwcap |= HWCAP_THUMBEE;
	if (cpu_has(ARM_FEATURE_IDIV))
		hwcap |= HWCAP_IDIVA;
	if (cpu_has(ARM_FEATURE_IDIVT))
		hwcap |= HWCAP_IDIVT;
	if (cpu_has(ARM_FEATURE_LPAE))
		hwcap |= HWCAP_LPAE;
	return hwcap | vfp_hwcap();
}
