/*
 * The TSC's frequency (boot step 11, time_init()), read where the platform
 * states it, measured only where nothing does:
 *   1. CPUID leaf 0x15: TSC = crystal * EBX / EAX, when the leaf exists and
 *      names the crystal (ECX);
 *   2. the hypervisor leaf 0x40000010 (VMware's, also KVM's and QEMU's with
 *      vmware-cpuid-freq): EAX is the TSC in kHz;
 *   3. CPUID leaf 0x16: EAX is the base frequency in MHz;
 *   4. measured against the HPET, whose period its own register states,
 *      over CALIBRATE_HPET_US;
 *   5. measured against the PIT (a fixed 1.193182 MHz input) over
 *      CALIBRATE_PIT_US, where there is no HPET.
 * Leaves past the highest one CPUID reports must not be read: Intel CPUs
 * (and QEMU) answer those with the highest leaf's values. QEMU 7.2's TCG
 * states nothing (its hypervisor leaves stop at 0x40000001, "TCGTCGTCGTCG"):
 * there the HPET is the reference. Under -icount the TSC and the HPET
 * both follow the instruction count, so the short window costs only as
 * many instructions as it lasts nanoseconds.
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
#include <kernel/time.h>

#define PIT_HZ		1193182
#define PIT_CH2		0x42
#define PIT_MODE	0x43
#define PORT_B		0x61	/* bit 0: channel 2 gate, bit 5: channel 2 output */
#define CALIBRATE_HPET_US	100	/* the bracketed reads below keep the error under 0.1 % */
#define CALIBRATE_TRIES		8
#define CALIBRATE_AGREE		500	/* two windows within 0.2 % */
#define CALIBRATE_PIT_US	1000	/* one PIT period is 0.84 us: 0.1 % of 1 ms */
#define HYPERVISOR_LEAF		0x40000000
#define HYPERVISOR_FREQ_LEAF	0x40000010

/*
 * A reference clock's count and the TSC at one moment: the TSC read on
 * both sides of the (slow, uncached: microseconds under a busy emulator)
 * device read; of a few tries, the narrowest pair, its TSC the middle.
 */
u64 tsc_read_ref(u32 (*read)(void), u32 *value)
{
	u64 best = ~0ull, tsc = 0;

	for (int i = 0; i < 4; i++) {
		u64 t0, t1;
		u32 v;

		/* rdtsc is an asm without a memory clobber: clang moves MMIO reads past it. */
		t0 = get_cycles();
		barrier();
		v = read();
		barrier();
		t1 = get_cycles();

		if (t1 - t0 < best) {
			best = t1 - t0;
			tsc = t0 + (t1 - t0) / 2;
			*value = v;
		}
	}
	return tsc;
}

static u64 __init measure_hpet(void)
{
	u32 window = hpet_freq_hz * CALIBRATE_HPET_US / 1000000;
	u32 h0 = 0, h1 = 0;
	u64 t0 = tsc_read_ref(hpet_read, &h0), t1;

	do
		t1 = tsc_read_ref(hpet_read, &h1);
	while (h1 - h0 < window);
	return (t1 - t0) * hpet_freq_hz / (h1 - h0);
}

/*
 * Without -icount a window in which the emulator stalled (translating the
 * loop's code the first time, say) can be several per cent off, bracketed
 * reads or not: measured until two windows in a row agree.
 */
u64 __init calibrate_until_stable(u64 (*measure)(void))
{
	u64 last = measure(), now = last;

	for (int i = 1; i < CALIBRATE_TRIES; i++, last = now) {
		now = measure();
		if ((now > last ? now - last : last - now) <= last / CALIBRATE_AGREE)
			break;
	}
	return now;
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
	bool hpet = hpet_enable();
	const char *how = NULL;
	u64 hz = tsc_freq_from_cpuid(&how);

	if (!hz && hpet) {
		hz = calibrate_until_stable(measure_hpet);
		how = "calibrated against the HPET in " __stringify(CALIBRATE_HPET_US) " us";
	} else if (!hz) {
		hz = calibrate_pit();
		how = "calibrated against the PIT in " __stringify(CALIBRATE_PIT_US) " us";
	}
	clocksource_register_hz(hz);
	pr_info("tsc: Detected %llu.%03llu MHz TSC (%s)\n",
		(unsigned long long)(cycle_freq_hz / 1000000),
		(unsigned long long)(cycle_freq_hz / 1000 % 1000), how);
}
