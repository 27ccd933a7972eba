/*
 * The "clock" suite (x86_64): the frequencies found at boot (tsc.c,
 * apic_timer.c), from a CPUID leaf or from a calibration to 0.1 %, agree
 * with the HPET, whose period is stated in hardware, over CHECK_US: the
 * TSC's and the APIC timer's counts, converted to time, may differ from
 * the HPET's by at most 1 %.
 *
 * The APIC timer, a one-shot set to fire after the window: read twice
 * within it, interrupts off, its count went down by the elapsed counts.
 */
#include <asm/apic.h>
#include <asm/hpet.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/tsc.h>
#include <kernel/ktest.h>
#include <kernel/time.h>
#include <kernel/timer.h>

#define CHECK_US	50	/* longer than a calibration window (20-35 us), a twentieth of a tick */
#define TOLERANCE_PCT	1
#define MAX_TRIES	10

/* |measured - expected| within TOLERANCE_PCT of expected. */
static bool agree(u64 measured, u64 expected)
{
	u64 diff = measured > expected ? measured - expected : expected - measured;

	return diff * 100 <= expected * TOLERANCE_PCT;
}

/* Spin for CHECK_US by the HPET; the TSC and the HPET count at both ends. */
static void hpet_interval(u64 *tsc0, u32 *h0, u64 *tsc1, u32 *h1)
{
	u32 window = hpet_freq_hz * CHECK_US / 1000000;
	u64 width;

	*tsc0 = tsc_read_ref(hpet_read, h0, &width);
	do
		*tsc1 = tsc_read_ref(hpet_read, h1, &width);
	while (*h1 - *h0 < window);
}

static void tsc_agrees_with_hpet(struct ktest *t)
{
	u64 tsc0, tsc1;
	u32 h0, h1;

	if (!hpet_freq_hz) {
		ktest_skip(t, "no HPET on this machine");
		return;
	}
	hpet_interval(&tsc0, &h0, &tsc1, &h1);
	/* The TSC's count, and the count the HPET's time says it should have. */
	KTEST_EXPECT_TRUE(t, agree(tsc1 - tsc0, (u64)(h1 - h0) * cycle_freq_hz / hpet_freq_hz));
}

/*
 * The timer is set to fire well after the window (interrupts are off
 * meanwhile); when they come back on it fires, and kernel/timer.c finds
 * its real next event. Without -icount the host may stop this CPU's thread
 * past that point, so a sample whose count ran out is taken again.
 */
static void apic_timer_agrees_with_tsc(struct ktest *t)
{
	u64 wait = cycle_freq_hz * CHECK_US / 1000000, tsc0, tsc1;
	u32 c0 = 0, c1 = 0;
	u64 width;
	int tries = 0;

	do {
		unsigned long flags = arch_local_irq_save();

		arch_timer_set_next_event(get_cycles() + 4 * wait);
		tsc0 = tsc_read_ref(apic_timer_read, &c0, &width);
		do
			tsc1 = tsc_read_ref(apic_timer_read, &c1, &width);
		while (tsc1 - tsc0 < wait);
		arch_local_irq_restore(flags);
	} while (c1 == 0 && ++tries < MAX_TRIES);
	KTEST_ASSERT_TRUE(t, c1 != 0);
	KTEST_EXPECT_TRUE(t, agree(c0 - c1, (tsc1 - tsc0) * apic_timer_freq_hz / cycle_freq_hz));
}

static const struct ktest_case clock_cases[] = {
	KTEST_CASE(tsc_agrees_with_hpet),
	KTEST_CASE(apic_timer_agrees_with_tsc),
	{}
};

static const struct ktest_suite clock_suite = { "clock", clock_cases };
ktest_suite(clock_suite);
