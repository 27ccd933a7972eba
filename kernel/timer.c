/*
 * The tick and timed sleeps (include/kernel/timer.h).
 *
 * Each CPU's timer (the local APIC timer, the ARM generic timer: the
 * arch's arch_timer_cpu_init()) interrupts HZ times a second and calls
 * scheduler_tick(): time slices, and the threads of this CPU whose
 * schedule_timeout() has run out. Deadlines are get_cycles() values, one
 * clock all CPUs share, so a CPU whose ticks stop (a thread running with
 * interrupts off) delays only its own sleepers. get_jiffies_64() is the
 * same clock counted in ticks.
 */
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <kernel/export.h>
#include <kernel/init.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/spinlock.h>
#include <kernel/time.h>
#include <kernel/timer.h>

struct timer_base {
	spinlock_t lock;
	struct list_head sleepers;
	bool started;
};

static DEFINE_PER_CPU(struct timer_base, timer_bases);

static u64 cycles_per_jiffy(void)
{
	return cycle_freq_hz / HZ;
}

u64 get_jiffies_64(void)
{
	return get_cycles() / cycles_per_jiffy();
}
EXPORT_SYMBOL(get_jiffies_64);

unsigned long msecs_to_jiffies(unsigned int ms)
{
	return ((unsigned long)ms * HZ + 999) / 1000;
}
EXPORT_SYMBOL(msecs_to_jiffies);

/* Interrupts off. */
void timer_wake_sleepers(void)
{
	struct timer_base *base = this_cpu_ptr(&timer_bases);
	struct list_head *pos, *n;
	u64 now = get_cycles();

	spin_lock(&base->lock);
	list_for_each_safe(pos, n, &base->sleepers) {
		struct thread *t = list_entry(pos, struct thread, timer_list);

		if (now >= t->wake_at) {
			list_del_init(&t->timer_list);
			wake_up_process(t);
		}
	}
	spin_unlock(&base->lock);
}

unsigned long __sched schedule_timeout(unsigned long timeout)
{
	struct timer_base *base = this_cpu_ptr(&timer_bases);
	struct thread *t = current;
	unsigned long flags;
	u64 now;

	if (timeout >= MAX_SCHEDULE_TIMEOUT) {
		schedule();
		return MAX_SCHEDULE_TIMEOUT;
	}
	t->wake_at = get_cycles() + timeout * cycles_per_jiffy();
	spin_lock_irqsave(&base->lock, flags);
	list_add_tail(&t->timer_list, &base->sleepers);
	spin_unlock_irqrestore(&base->lock, flags);

	schedule();

	spin_lock_irqsave(&base->lock, flags);
	if (!list_empty(&t->timer_list))
		list_del_init(&t->timer_list);
	spin_unlock_irqrestore(&base->lock, flags);
	now = get_cycles();
	return now >= t->wake_at ? 0 : (t->wake_at - now) / cycles_per_jiffy() + 1;
}
EXPORT_SYMBOL(schedule_timeout);

/*
 * No extra jiffy, unlike Linux's msleep(): a deadline here is a cycle count
 * (now + ms), not a tick number, so the tick that wakes the sleeper comes
 * at or after it. msleep(1) sleeps 1 to 2 ms, never less.
 */
void __sched msleep(unsigned int ms)
{
	unsigned long timeout = msecs_to_jiffies(ms);

	while (timeout) {
		set_current_state(THREAD_SLEEPING);
		timeout = schedule_timeout(timeout);
	}
}
EXPORT_SYMBOL(msleep);

/* Start this CPU's tick, once (CPU 0 from tick_init(), the others as they go idle). */
void timer_cpu_start(void)
{
	struct timer_base *base = this_cpu_ptr(&timer_bases);

	if (base->started)
		return;
	spin_lock_init(&base->lock);
	INIT_LIST_HEAD(&base->sleepers);
	base->started = true;
	arch_timer_cpu_init();
}

/* Boot step 12, after init_IRQ(); the clock has its frequency (step 11). */
void __init tick_init(void)
{
	arch_timer_init();
	timer_cpu_start();
	pr_info("sched: %d Hz tick on CPU0\n", HZ);
}
