/*
 * The scheduler's tick on ARM: each CPU's virtual generic timer (CNTV),
 * PPI 27 at the GIC (include/kernel/timer.h, kernel/timer.c), its handler
 * registered with irq.c.
 *
 * CNTV_CVAL is a compare value for the virtual count CNTVCT, which is what
 * get_cycles() reads: the timer fires once the count reaches it, so the
 * next event is written as it is, with no conversion. The level-triggered
 * line stays up until CVAL is moved past the count, which the interrupt's
 * handler does (kernel/timer.c sets the next event). ARM ARM (ARMv7-A),
 * "The Generic Timer".
 */
#include <asm/gic.h>
#include <asm/irq.h>
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/timer.h>

#define CNTV_CTL_ENABLE		1

static void write_cntv_cval(u64 v)
{
	__asm__ __volatile__("mcrr p15, 3, %Q0, %R0, c14\n\tisb" : : "r"(v) : "memory");
}

static void write_cntv_ctl(u32 v)
{
	__asm__ __volatile__("mcr p15, 0, %0, c14, c3, 1\n\tisb" : : "r"(v) : "memory");
}

/* IRQs masked (irq.c). */
static void arch_timer_interrupt(unsigned int irq)
{
	(void)irq;
	timer_interrupt();
}

/* From tick_init() (boot step 12): init_IRQ() has set up the GIC. */
void __init arch_timer_init(void)
{
	if (request_percpu_irq(TIMER_PPI, arch_timer_interrupt, "arch_timer"))
		panic("arch_timer: PPI %d is taken", TIMER_PPI);
}

void arch_timer_cpu_init(void)
{
	enable_percpu_irq(TIMER_PPI);
	write_cntv_cval(~0ull);		/* not yet: kernel/timer.c sets the first event */
	write_cntv_ctl(CNTV_CTL_ENABLE);
}

void arch_timer_set_next_event(u64 when)
{
	write_cntv_cval(when);
}
