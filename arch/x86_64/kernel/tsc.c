/*
 * The TSC's frequency (boot step 11, time_init()), read where the platform
 * states it, measured only where nothing does:
 *   1. CPUID leaf 0x15: TSC = crystal * EBX / EAX, when the leaf exists and
 *      names the crystal (ECX);
 *   2. the hypervisor leaf 0x40000010 (VMware's, also KVM's and QEMU's with
 *      vmware-cpuid-freq): EAX is the TSC in kHz;
 *   3. CPUID leaf 0x16: EAX is the base frequency in MHz;
 *   4. measured against the HPET, whose period its own register states,
 *      to 0.1 % (tsc_measure_window(): the window as long as that needs);
 *   5. measured against the PIT (a fixed 1.193182 MHz input) over
 *      CALIBRATE_PIT_US, where there is no HPET.
 * Leaves past the highest one CPUID reports must not be read: Intel CPUs
 * (and QEMU) answer those with the highest leaf's values. QEMU 7.2's TCG
 * states nothing (its hypervisor leaves stop at 0x40000001, "TCGTCGTCGTCG"):
 * there the HPET is the reference. Under -icount the TSC and the HPET
 * both follow the instruction count, so the window costs as many
 * instructions as it lasts nanoseconds: it is no longer than the stated
 * precision needs.
 */
#include <asm/cpufeature.h>
#include <asm/hpet.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/tsc.h>
#include <kernel/compiler.h>
#include <kernel/cpufeature.h>
#include <kernel/init.h>
#include <kernel/printk.h>
#include <kernel/sprintf.h>
#include <kernel/time.h>

#define PIT_HZ		1193182
#define PIT_CH2		0x42
#define PIT_MODE	0x43
#define PORT_B		0x61	/* bit 0: channel 2 gate, bit 5: channel 2 output */
#define CALIBRATE_PIT_US	1000	/* one PIT period is 0.84 us: 0.1 % of 1 ms */
#define HYPERVISOR_LEAF		0x40000000
#define HYPERVISOR_FREQ_LEAF	0x40000010

/*
 * A reference clock's count and the TSC at one moment: the TSC read on
 * both sides of the (slow, uncached: microseconds under a busy emulator)
 * device read; of a few tries, the narrowest pair, its TSC the middle,
 * its width in *width.
 */
u64 tsc_read_ref(u32 (*read)(void), u32 *value, u64 *width)
{
	u64 tsc = 0;

	*width = ~0ull;
	for (int i = 0; i < 4; i++) {
		u64 t0, t1;
		u32 v;

		/* rdtsc is an asm without a memory clobber: clang moves MMIO reads past it. */
		t0 = get_cycles();
		barrier();
		v = read();
		barrier();
		t1 = get_cycles();

		if (t1 - t0 < *width) {
			*width = t1 - t0;
			tsc = t0 + (t1 - t0) / 2;
			*value = v;
		}
	}
	return tsc;
}

/*
 * One window, as short as the precision allows: each end is uncertain by
 * half its bracket (in TSC cycles) and by one count of the reference, so
 * the window lasts until the brackets take at most 1/(2 CALIBRATE_PRECISION)
 * of it, and the counts at least 2 CALIBRATE_PRECISION. A stall of the
 * emulator inside a read widens its bracket and so lengthens the window;
 * one between the reads costs nothing, both clocks ran on. Under -icount
 * (brackets of a few instructions) that is 20-35 us on QEMU's clocks.
 */
void __init tsc_measure_window(u32 (*read)(void), bool down, u64 *cycles, u32 *counts)
{
	u64 w0, w1, t0, t1;
	u32 c0 = 0, c1 = 0;

	t0 = tsc_read_ref(read, &c0, &w0);
	do {
		t1 = tsc_read_ref(read, &c1, &w1);
		*cycles = t1 - t0;
		*counts = down ? c0 - c1 : c1 - c0;
	} while (*counts < 2 * CALIBRATE_PRECISION ||
		 (w0 + w1) * CALIBRATE_PRECISION > *cycles);
}

static u64 __init calibrate_pit(void)
{
	u16 count = PIT_HZ / (1000000 / CALIBRATE_PIT_US);
	u64 start, end;

	outb((inb(PORT_B) & ~0x02) | 0x01, PORT_B);	/* gate on, speaker off */
	outb(0xb0, PIT_MODE);				/* channel 2, lo/hi byte, mode 0 */
	outb(count & 0xff, PIT_CH2);
	outb(count >> 8, PIT_CH2);
	start = get_cycles();
	while (!(inb(PORT_B) & 0x20))
		cpu_relax();
	end = get_cycles();
	return (end - start) * PIT_HZ / count;
}

/* The frequency where a CPUID leaf states it, else 0; *how says which leaf. */
static u64 __init tsc_freq_from_cpuid(const char **how)
{
	u32 max = cpuid_count(0, 0).eax;
	struct cpuid_regs r;

	if (max >= 0x15) {
		r = cpuid_count(0x15, 0);
		if (r.eax && r.ebx && r.ecx) {
			*how = "CPUID 0x15";
			return (u64)r.ecx * r.ebx / r.eax;
		}
	}
	if (cpu_has(X86_FEATURE_HYPERVISOR) &&
	    cpuid_count(HYPERVISOR_LEAF, 0).eax >= HYPERVISOR_FREQ_LEAF) {
		r = cpuid_count(HYPERVISOR_FREQ_LEAF, 0);
		if (r.eax) {
			*how = "hypervisor leaf 0x40000010";
			return (u64)r.eax * 1000;
		}
	}
	if (max >= 0x16) {
		r = cpuid_count(0x16, 0);
		if (r.eax) {
			*how = "CPUID 0x16";
			return (u64)r.eax * 1000000;
		}
	}
	return 0;
}

void __init time_init(void)
{
	static char measured[64] __initdata;
	bool hpet = hpet_enable();
	const char *how = NULL;
	u64 hz = tsc_freq_from_cpuid(&how);

	if (!hz && hpet) {
		u64 cycles;
		u32 counts;

		tsc_measure_window(hpet_read, false, &cycles, &counts);
		hz = cycles * hpet_freq_hz / counts;
		snprintf(measured, sizeof(measured), "calibrated against the HPET to 0.1 %% in %llu us",
			 (unsigned long long)((u64)counts * 1000000 / hpet_freq_hz));
		how = measured;
	} else if (!hz) {
		hz = calibrate_pit();
		how = "calibrated against the PIT in " __stringify(CALIBRATE_PIT_US) " us";
	}
	clocksource_register_hz(hz);
	pr_info("tsc: Detected %llu.%03llu MHz TSC (%s)\n",
		(unsigned long long)(cycle_freq_hz / 1000000),
		(unsigned long long)(cycle_freq_hz / 1000 % 1000), how);
}
