/*
 * The frequency of get_cycles() on ARM: the generic timer's counter runs at
 * a fixed rate that firmware writes into CNTFRQ (QEMU: 62.5 MHz), so there
 * is nothing to measure, unlike the x86 TSC. Under -icount the counter
 * follows virtual time and the figure still converts it to microseconds.
 */
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/time.h>

void __init time_init(void)
{
	u32 cntfrq;

	__asm__ __volatile__("mrc p15, 0, %0, c14, c0, 0" : "=r"(cntfrq));
	if (!cntfrq)
		panic("time: CNTFRQ is 0, the firmware did not set the timer frequency");
	clocksource_register_hz(cntfrq);
	pr_info("arch_timer: %lu.%03lu MHz generic timer (CNTFRQ)\n",
		(unsigned long)(cntfrq / 1000000), (unsigned long)(cntfrq / 1000 % 1000));
}
