/*
 * The scheduler's tick on ARM: each CPU's virtual generic timer (CNTV),
 * PPI 27 at the GIC (include/kernel/sched.h, kernel/timer.c).
 *
 * CNTV_TVAL is a down-counter in CNTFRQ units (time.c read the frequency):
 * the timer fires when it reaches 0 and keeps its level-triggered line up
 * until TVAL is written again, which is how each tick sets up the next.
 * ARM ARM (ARMv7-A), "The Generic Timer".
 */
#include <asm/gic.h>
#include <kernel/init.h>
#include <kernel/sched.h>
#include <kernel/time.h>

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

void __init arch_timer_init(void)
{
	ticks_per_jiffy = cycle_freq_hz / HZ;
	gic_dist_init();
	gic_cpu_init();
}

void arch_timer_cpu_init(void)
{
	gic_enable_private(TIMER_PPI);
	write_cntv_tval(ticks_per_jiffy);
	write_cntv_ctl(CNTV_CTL_ENABLE);
}

/* IRQs masked (gic.c). */
void arch_timer_interrupt(void)
{
	write_cntv_tval(ticks_per_jiffy);
	scheduler_tick();
}
