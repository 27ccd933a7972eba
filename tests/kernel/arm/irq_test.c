/*
 * The "gic" suite (ARM): interrupt dispatch through irq.c's table
 * (asm/irq.h). A handler registered for a free SGI runs when this CPU
 * sends itself that SGI; an id that has a handler, or none that exists,
 * is refused; the tick and, with other CPUs, the wake-up are registered
 * by their drivers, so the GIC driver needs to know neither.
 */
#include <asm/gic.h>
#include <asm/irq.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/ktest.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <kernel/time.h>
#include <kernel/timer.h>

#include "../nap.h"

#define TEST_SGI	15

static unsigned int test_sgi_seen;

static void test_sgi_handler(unsigned int irq)
{
	WRITE_ONCE(test_sgi_seen, irq);
}

static void registered_handler_runs(struct ktest *t)
{
	u64 start;

	KTEST_ASSERT_EQ(t, request_percpu_irq(TEST_SGI, test_sgi_handler, "ktest"), 0);
	KTEST_EXPECT_STREQ(t, irq_name(TEST_SGI), "ktest");
	enable_percpu_irq(TEST_SGI);
	KTEST_EXPECT_FALSE(t, arch_irqs_disabled());
	gic_send_sgi(smp_processor_id(), TEST_SGI);
	start = get_cycles();
	while (!READ_ONCE(test_sgi_seen) && cycles_to_us(get_cycles() - start) < 100000)
		cpu_relax();
	KTEST_EXPECT_EQ(t, READ_ONCE(test_sgi_seen), TEST_SGI);
	KTEST_EXPECT_EQ(t, irq_count(TEST_SGI), 1);
}

static void taken_or_missing_refused(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, request_percpu_irq(TIMER_PPI, test_sgi_handler, "again"), -EBUSY);
	KTEST_EXPECT_EQ(t, request_percpu_irq(NR_IRQS, test_sgi_handler, "none"), -EINVAL);
	KTEST_EXPECT_EQ(t, request_percpu_irq(TEST_SGI - 1, NULL, "none"), -EINVAL);
}

/*
 * The tick is counted once one has come: a sleep ends through the timer
 * interrupt, so after a nap (nap.h) there was one, unless the host stalled
 * QEMU past the nap's deadline before it began (it then does not sleep at
 * all): naps until the count moves, at most 1000 (20 ms). With one nap the
 * case failed once in a make check on a loaded host (arm-debug-mm).
 */
static void drivers_registered_themselves(struct ktest *t)
{
	KTEST_EXPECT_STREQ(t, irq_name(TIMER_PPI), "arch_timer");
	for (int i = 0; i < 1000 && !irq_count(TIMER_PPI); i++)
		nap();
	KTEST_EXPECT_GT(t, irq_count(TIMER_PPI), 0);
	if (num_online_cpus() > 1)
		KTEST_EXPECT_STREQ(t, irq_name(SGI_WAKEUP), "wakeup");
}

static const struct ktest_case irq_cases[] = {
	KTEST_CASE(registered_handler_runs),
	KTEST_CASE(taken_or_missing_refused),
	KTEST_CASE(drivers_registered_themselves),
	{}
};

static const struct ktest_suite irq_suite = { "gic", irq_cases };
ktest_suite(irq_suite);
