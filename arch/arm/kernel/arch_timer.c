/*
 * The scheduler's tick on ARM: each CPU's virtual generic timer (CNTV),
 * PPI 27 at the GIC (include/kernel/timer.h, kernel/timer.c), its handler
 * registered with irq.c.
 *
 * CNTV_TVAL is a down-counter in CNTFRQ units (time.c read the frequency):
 * the timer fires when it reaches 0 and keeps its level-triggered line up
 * until TVAL is written again, which is how each tick sets up the next.
 * ARM ARM (ARMv7-A), "The Generic Timer".
 */
#include <asm/gic.h>
#include <asm/irq.h>
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/sched.h>
#include <kernel/time.h>
#include <kernel/timer.h>

#define CNTV_CTL_ENABLE		1

static u32 ticks_per_jiffy;

static void write_cntv_tval(u32 v)
{
	__asm__ __volatile__("mcr p15, 0, %0, c14, c3, 0" : : "r"(v));
}

static void write_cntv_ctl(u32 v)
{
	__asm__ __volatile__("mcr p15, 0, %0, c14, c3, 1\n\tisb" : : "r"(v) : "memory");
}

/* IRQs masked (irq.c). */
static void arch_timer_interrupt(unsigned int irq)
{
	(void)irq;
	write_cntv_tval(ticks_per_jiffy);
	scheduler_tick();
}

/* From tick_init() (boot step 12): init_IRQ() has set up the GIC. */
void __init arch_timer_init(void)
{
	ticks_per_jiffy = cycle_freq_hz / HZ;
	if (request_percpu_irq(TIMER_PPI, arch_timer_interrupt, "arch_timer"))
		panic("arch_timer: PPI %d is taken", TIMER_PPI);
}

void arch_timer_cpu_init(void)
{
	enable_percpu_irq(TIMER_PPI);
	write_cntv_tval(ticks_per_jiffy);
	write_cntv_ctl(CNTV_CTL_ENABLE);
}
