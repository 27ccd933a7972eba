/*
 * The scheduler's tick on x86_64: each CPU's local APIC timer, in periodic
 * mode, HZ times a second (include/kernel/timer.h, kernel/timer.c).
 *
 * The timer counts down at the APIC's bus clock divided by 16; the bus
 * clock is not written anywhere, so the boot CPU measures it once against
 * the TSC (whose frequency tsc.c measured): start a count, wait one tick
 * by the TSC, see how far it got. Intel SDM vol. 3, "APIC Timer".
 */
#include <asm/apic.h>
#include <asm/desc.h>
#include <asm/processor.h>
#include <kernel/init.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/time.h>
#include <kernel/timer.h>

#define APIC_LVTT		0x320	/* timer: vector, mode, mask */
#define APIC_TMICT		0x380	/* initial count */
#define APIC_TMCCT		0x390	/* current count */
#define APIC_TDCR		0x3e0	/* divide configuration */
#define APIC_TDCR_DIV16		0x3
#define APIC_LVT_MASKED		(1 << 16)
#define APIC_LVTT_PERIODIC	(1 << 17)

static u32 apic_ticks_per_jiffy;

void smp_apic_timer_interrupt(void);

/* From tick_init() (boot step 12): init_IRQ() has set up the local APIC. */
void __init arch_timer_init(void)
{
	u64 start;
	u32 left;

	set_intr_gate(TIMER_VECTOR, apic_timer_interrupt);
	lapic_write(APIC_TDCR, APIC_TDCR_DIV16);
	lapic_write(APIC_LVTT, APIC_LVT_MASKED | TIMER_VECTOR);
	lapic_write(APIC_TMICT, 0xffffffff);
	start = get_cycles();
	while (cycles_to_us(get_cycles() - start) < 1000000 / HZ)
		cpu_relax();
	left = lapic_read(APIC_TMCCT);
	lapic_write(APIC_TMICT, 0);
	apic_ticks_per_jiffy = 0xffffffff - left;
	pr_info("apic: timer at %u.%03u MHz (bus clock / 16), %u counts per tick\n",
		apic_ticks_per_jiffy * HZ / 1000000, apic_ticks_per_jiffy * HZ / 1000 % 1000,
		apic_ticks_per_jiffy);
}

void arch_timer_cpu_init(void)
{
	lapic_write(APIC_TDCR, APIC_TDCR_DIV16);
	lapic_write(APIC_LVTT, APIC_LVTT_PERIODIC | TIMER_VECTOR);
	lapic_write(APIC_TMICT, apic_ticks_per_jiffy);
}

/* From apic_entry.S, interrupts off. EOI first: the switch below may not come back for a while. */
void smp_apic_timer_interrupt(void)
{
	lapic_write(APIC_EOI, 0);
	scheduler_tick();
	preempt_schedule_irq();
}
