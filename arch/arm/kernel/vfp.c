/*
 * VFP and NEON for user programs: switched on at boot on every CPU, saved
 * and loaded whole at each switch between threads that run user code
 * (arch_switch_to(), process.c).
 *
 * An armhf program passes floating-point arguments in VFP registers and
 * its C library may copy memory with NEON, so a program cannot run without
 * them. Linux switches them lazily (an undefined-instruction trap on the
 * first use after a switch); here they are switched eagerly, 33 stores and
 * loads per switch between programs and nothing for kernel threads: the
 * kernel never uses them (-mgeneral-regs-only), so at a switch the
 * registers still hold the outgoing program's values.
 *
 * Access: CPACR gives PL0 and PL1 the coprocessors 10 and 11 (VFP and NEON
 * share them); FPEXC.EN switches the unit on. MVFR0 says 16 or 32 double
 * registers, MVFR0/MVFR1 the version, which AT_HWCAP reports.
 */
#include <asm/vfp.h>
#include <kernel/init.h>
#include <kernel/printk.h>
#include <generated/asm-hwcap.h>

#define CPACR_CP10_CP11_FULL	(0xf << 20)
#define FPEXC_EN		(1 << 30)

static unsigned long hwcap;
static bool d32;

static unsigned int field(u32 reg, unsigned int shift)
{
	return (reg >> shift) & 0xf;
}

void vfp_init(void)
{
	u32 cpacr, mvfr0, mvfr1;

	__asm__ __volatile__("mrc p15, 0, %0, c1, c0, 2" : "=r"(cpacr));
	cpacr |= CPACR_CP10_CP11_FULL;
	__asm__ __volatile__("mcr p15, 0, %0, c1, c0, 2\n\tisb" : : "r"(cpacr));
	/* Bits for absent coprocessors read as zero: no VFP. */
	__asm__ __volatile__("mrc p15, 0, %0, c1, c0, 2" : "=r"(cpacr));
	if ((cpacr & CPACR_CP10_CP11_FULL) != CPACR_CP10_CP11_FULL)
		return;
	__asm__ __volatile__(".fpu neon\n\t"
			     "vmsr fpexc, %2\n\t"
			     "vmrs %0, mvfr0\n\t"
			     "vmrs %1, mvfr1"
			     : "=r"(mvfr0), "=r"(mvfr1) : "r"(FPEXC_EN));
	if (hwcap)
		return;
	d32 = field(mvfr0, 0) >= 2;
	hwcap = HWCAP_VFP | (d32 ? HWCAP_VFPD32 : HWCAP_VFPv3D16);
	if (field(mvfr0, 8) >= 2)		/* double precision, VFPv3 or later */
		hwcap |= HWCAP_VFPv3;
	if (field(mvfr1, 28) >= 1)		/* fused multiply-accumulate: VFPv4 */
		hwcap |= HWCAP_VFPv4;
	if (field(mvfr1, 8) >= 1)		/* Advanced SIMD integer */
		hwcap |= HWCAP_NEON;
	pr_info("vfp: %d double registers%s, on for user programs\n", d32 ? 32 : 16,
		hwcap & HWCAP_NEON ? ", NEON" : "");
}

unsigned long vfp_hwcap(void)
{
	return hwcap;
}

void vfp_save(struct vfp_state *s)
{
	if (!hwcap)
		return;
	__asm__ __volatile__(".fpu neon\n\t"
			     "vstmia %1, {d0-d15}\n\t"
			     "vmrs %0, fpscr"
			     : "=r"(s->fpscr) : "r"(s->d) : "memory");
	if (d32)
		__asm__ __volatile__(".fpu neon\n\tvstmia %0, {d16-d31}" : : "r"(&s->d[16]) : "memory");
}

void vfp_load(const struct vfp_state *s)
{
	if (!hwcap)
		return;
	__asm__ __volatile__(".fpu neon\n\t"
			     "vldmia %0, {d0-d15}\n\t"
			     "vmsr fpscr, %1"
			     : : "r"(s->d), "r"(s->fpscr) : "memory");
	if (d32)
		__asm__ __volatile__(".fpu neon\n\tvldmia %0, {d16-d31}" : : "r"(&s->d[16]) : "memory");
}
