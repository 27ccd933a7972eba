/*
 * A short sleep for the self-tests that wait for something to happen
 * (a thread to fall asleep, a timer interrupt to come): msleep(1), the
 * shortest msleep(), lasts a whole millisecond, which -icount counts as a
 * million instructions (make bench); a nap of a few microseconds ends the
 * same way, through the timer interrupt at its deadline (kernel/timer.c),
 * only sooner. A wake_up_process() (kthread_stop()) does not cut it short.
 */
#ifndef _TESTS_NAP_H
#define _TESTS_NAP_H

#include <asm/processor.h>
#include <kernel/sched.h>
#include <kernel/time.h>
#include <kernel/timer.h>

#define NAP_US	20

static inline void nap(void)
{
	u64 end = get_cycles() + ns_to_cycles_up(NAP_US * 1000);

	while (get_cycles() < end) {
		set_current_state(THREAD_SLEEPING);
		schedule_hrtimeout(end);
	}
}

#endif
