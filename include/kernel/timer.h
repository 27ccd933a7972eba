/*
 * The tick, jiffies and timed sleeps (kernel/timer.c).
 *
 * Each CPU's timer (the arch's: the local APIC timer, the ARM generic
 * timer) is a one-shot that kernel/timer.c sets for the CPU's next tick
 * (HZ a second), the end of its running thread's time slice or the
 * earliest deadline of the threads sleeping on it, whichever comes first.
 * tick_init() starts it on the boot CPU at boot step 12, after the
 * interrupt controller; each secondary CPU starts its own as it goes idle.
 */
#ifndef _KERNEL_TIMER_H
#define _KERNEL_TIMER_H

#include <kernel/types.h>

/*
 * A jiffy of 1 ms; a time slice of an eighth of it, 125 µs: at a few
 * thousand instructions a switch, about 2 % goes to switching, and every
 * wait for a preemption (under -icount, 1,000 instructions a microsecond)
 * is short.
 */
#define HZ			1000
#define TIMER_SLICE_SHIFT	3
#define MAX_SCHEDULE_TIMEOUT	(~0ul >> 1)

u64 get_jiffies_64(void);
unsigned long msecs_to_jiffies(unsigned int ms);
/* Sleep in the state set before (set_current_state()) for up to `timeout` ticks; ticks left. */
unsigned long schedule_timeout(unsigned long timeout);
/* The same until get_cycles() reaches `expires` (Linux's takes nanoseconds; ours, the clock's unit). */
void schedule_hrtimeout(u64 expires);
void msleep(unsigned int ms);

/* Boot step 12: the arch's timer set up once, then this CPU's tick started. */
void tick_init(void);
/* Start this CPU's tick (once; a secondary CPU as it goes idle). */
void timer_cpu_start(void);
/* The arch's timer interrupt, interrupts off: sleepers woken, the tick, the slice, the timer set. */
void timer_interrupt(void);
/* kernel/sched.c, at a switch, interrupts off: a slice starts (none for idle). */
void timer_start_slice(bool idle);

/* Arch: the timer set up once, then on each CPU (not yet set to fire). */
void arch_timer_init(void);
void arch_timer_cpu_init(void);
/* Arch, interrupts off: this CPU's timer fires once, when get_cycles() reaches `when` (at once if past). */
void arch_timer_set_next_event(u64 when);

#endif
