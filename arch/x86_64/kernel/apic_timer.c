/*
 * The timer on x86_64: each CPU's local APIC timer, in one-shot mode, set
 * by kernel/timer.c for its next event (the tick or a sleeper's deadline,
 * include/kernel/timer.h). The deadline is a TSC value; the timer counts
 * its own clock, so the distance is converted, rounded up (QEMU's TCG has
 * no TSC-deadline mode for the models we boot).
 *
 * The timer counts down at the APIC's bus clock divided by 16. Where the
 * platform states that clock, it is read: the hypervisor leaf 0x40000010
 * (EBX, in kHz), or CPUID leaf 0x15's crystal (ECX), which drives the APIC
 * timer on the CPUs that have the leaf. Otherwise (QEMU's TCG) the boot CPU
 * measures it once against the TSC, whose frequency tsc.c found: start a
 * count, see how far it got in a window of the TSC just long enough for
 * 0.1 % (tsc_measure_window(): 32 us at QEMU's 62.5 MHz under -icount). Intel SDM
 * vol. 3, "APIC Timer".
 */
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/desc.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/tsc.h>
#include <kernel/compiler.h>
#include <kernel/cpufeature.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/sprintf.h>
#include <kernel/time.h>
#include <kernel/timer.h>

#define APIC_LVTT		0x320	/* timer: vector, mode, mask */
#define APIC_TMICT		0x380	/* initial count */
#define APIC_TMCCT		0x390	/* current count */
#define APIC_TDCR		0x3e0	/* divide configuration */
#define APIC_TDCR_DIV16		0x3
#define APIC_LVT_MASKED		(1 << 16)
#define APIC_TIMER_DIVIDE	16
#define HYPERVISOR_LEAF		0x40000000
#define HYPERVISOR_FREQ_LEAF	0x40000010

static u32 max_counts;		/* apic_timer_limit_us(): 0, or the longest wait allowed */
u64 apic_timer_freq_hz;

void smp_apic_timer_interrupt(void);

/* The bus clock where a CPUID leaf states it, else 0; *how says which leaf. */
static u64 __init bus_freq_from_cpuid(const char **how)
{
	struct cpuid_regs r;

	if (cpu_has(X86_FEATURE_HYPERVISOR) &&
	    cpuid_count(HYPERVISOR_LEAF, 0).eax >= HYPERVISOR_FREQ_LEAF) {
		r = cpuid_count(HYPERVISOR_FREQ_LEAF, 0);
		if (r.ebx) {
			*how = "hypervisor leaf 0x40000010";
			return (u64)r.ebx * 1000;
		}
	}
	if (cpuid_count(0, 0).eax >= 0x15) {
		r = cpuid_count(0x15, 0);
		if (r.ecx) {
			*how = "CPUID 0x15 crystal";
			return r.ecx;
		}
	}
	return 0;
}

u32 apic_timer_read(void)
{
	return lapic_read(APIC_TMCCT);
}

/* The timer's rate against the TSC, to 0.1 %: counting down from the top, masked. */
static u64 __init measure_against_tsc(u64 *us)
{
	u64 cycles;
	u32 counts;

	lapic_write(APIC_LVTT, APIC_LVT_MASKED | TIMER_VECTOR);
	lapic_write(APIC_TMICT, 0xffffffff);
	tsc_measure_window(apic_timer_read, true, &cycles, &counts);
	lapic_write(APIC_TMICT, 0);
	*us = cycles_to_us(cycles);
	return (u64)counts * cycle_freq_hz / cycles;
}

/* From tick_init() (boot step 12): init_IRQ() has set up the local APIC. */
void __init arch_timer_init(void)
{
	static char measured[64] __initdata;
	const char *how = NULL;
	u64 us;

	set_intr_gate(TIMER_VECTOR, apic_timer_interrupt);
	lapic_write(APIC_TDCR, APIC_TDCR_DIV16);
	apic_timer_freq_hz = bus_freq_from_cpuid(&how) / APIC_TIMER_DIVIDE;
	if (!apic_timer_freq_hz) {
		apic_timer_freq_hz = measure_against_tsc(&us);
		snprintf(measured, sizeof(measured), "calibrated against the TSC to 0.1 %% in %llu us",
			 (unsigned long long)us);
		how = measured;
	}
	pr_info("apic: timer at %llu.%03llu MHz (bus clock / 16, %s), %u counts per tick\n",
		(unsigned long long)(apic_timer_freq_hz / 1000000),
		(unsigned long long)(apic_timer_freq_hz / 1000 % 1000), how, (u32)(apic_timer_freq_hz / HZ));
}

/* One-shot (the LVT's mode bits 0), not yet counting: kernel/timer.c sets the first event. */
void arch_timer_cpu_init(void)
{
	lapic_write(APIC_TDCR, APIC_TDCR_DIV16);
	lapic_write(APIC_LVTT, TIMER_VECTOR);
}

void arch_timer_set_next_event(u64 when)
{
	u64 now = get_cycles(), counts = 1;	/* 0 would stop the timer */

	if (when > now) {
		/* Never more than a second ahead (the tick is a jiffy away): no overflow below. */
		u64 delta = when - now < cycle_freq_hz ? when - now : cycle_freq_hz;

		counts = (delta * apic_timer_freq_hz + cycle_freq_hz - 1) / cycle_freq_hz ?: 1;
	}
	if (max_counts && counts > max_counts)
		counts = max_counts;
	lapic_write(APIC_TMICT, counts);
}

/*
 * While CPUs start (smp.c): the timer fires at least every `us`, 0 lifts
 * the limit. An early event costs only an interrupt: kernel/timer.c finds
 * nothing due and sets the timer again.
 */
void apic_timer_limit_us(unsigned int us)
{
	max_counts = apic_timer_freq_hz * us / 1000000;
	lapic_write(APIC_TMICT, 1);	/* now, and from then on with the new limit */
}

/* From apic_entry.S, interrupts off. EOI first: the switch below may not come back for a while. */
void smp_apic_timer_interrupt(void)
{
	lapic_write(APIC_EOI, 0);
	if (debug_pagealloc_enabled())
		debug_pagealloc_flush_tlb();
	timer_interrupt();
	preempt_schedule_irq();
}
