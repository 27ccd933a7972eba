/*
 * The tick, jiffies and timed sleeps (kernel/timer.c).
 *
 * Each CPU's timer (the arch's: the local APIC timer, the ARM generic
 * timer) interrupts HZ times a second and calls scheduler_tick(): time
 * slices, and the threads of this CPU whose schedule_timeout() has run
 * out. tick_init() starts it on the boot CPU at boot step 12, after the
 * interrupt controller; each secondary CPU starts its own as it goes idle.
 */
#ifndef _KERNEL_TIMER_H
#define _KERNEL_TIMER_H

#include <kernel/types.h>

/*
 * 1000, not 100: a time slice (TIMESLICE_TICKS, kernel/sched.c) lasts 2 ms,
 * so the self-tests that wait for preemption wait a tenth as long; under
 * -icount every waited microsecond is a thousand instructions counted.
 */
#define HZ			1000
#define MAX_SCHEDULE_TIMEOUT	(~0ul >> 1)

u64 get_jiffies_64(void);
unsigned long msecs_to_jiffies(unsigned int ms);
/* Sleep in the state set before (set_current_state()) for up to `timeout` ticks; ticks left. */
unsigned long schedule_timeout(unsigned long timeout);
void msleep(unsigned int ms);

/* Boot step 12: the arch's timer set up once, then this CPU's tick started. */
void tick_init(void);
/* Start this CPU's tick (once; a secondary CPU as it goes idle). */
void timer_cpu_start(void);
/* The timed sleepers of this CPU whose time has come: woken (timer interrupt). */
void timer_wake_sleepers(void);

/* Arch: the timer that calls scheduler_tick() HZ times a second: once, then on each CPU. */
void arch_timer_init(void);
void arch_timer_cpu_init(void);

#endif
