/*
 * The tick and timed sleeps (include/kernel/timer.h).
 *
 * Each CPU's timer (the local APIC timer, the ARM generic timer) is a
 * one-shot, set by arch_timer_set_next_event() for a get_cycles() value:
 * the earliest of the CPU's next tick (HZ a second), its running thread's
 * slice end (hrtick()) and the earliest deadline of its sleepers. So a
 * sleep ends when it is due, not at the next tick after (Linux's hrtimers,
 * reduced to one list per CPU); under QEMU's -icount, where a waiting
 * guest's time is counted, a 1 ms sleep costs 1 ms, not up to 2.
 * Deadlines are get_cycles() values, one clock all CPUs share, so a CPU
 * whose timer is held off (a thread running with interrupts off) delays
 * only its own sleepers. get_jiffies_64() is the same clock counted in
 * ticks.
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
	u64 next_tick;		/* get_cycles() of this CPU's next tick */
	u64 slice_end;		/* and of the end of its running thread's slice (~0: none) */
	u64 next_event;		/* what its timer is set to fire at */
	bool started;
};

static DEFINE_PER_CPU(struct timer_base, timer_bases);

/* Ticks of cycles_per_jiffy (kernel/clocksource.c: rounded up, so n jiffies last n ms or more). */
u64 get_jiffies_64(void)
{
	return cycles_to_jiffies(get_cycles());
}
EXPORT_SYMBOL(get_jiffies_64);

unsigned long msecs_to_jiffies(unsigned int ms)
{
	return ((unsigned long)ms * HZ + 999) / 1000;
}
EXPORT_SYMBOL(msecs_to_jiffies);

/* Set the timer for the next tick, the slice's end or the earliest sleeper; lock held. */
static void program_next_event(struct timer_base *base)
{
	u64 next = base->slice_end < base->next_tick ? base->slice_end : base->next_tick;
	struct list_head *pos;

	list_for_each(pos, &base->sleepers) {
		struct thread *t = list_entry(pos, struct thread, timer_list);

		if (t->wake_at < next)
			next = t->wake_at;
	}
	base->next_event = next;
	arch_timer_set_next_event(next);
}

/*
 * This CPU's timer fired (interrupts off): wake the sleepers whose time has
 * come, count a tick if one is due, end the slice if it is over, set the
 * timer again. A sleep ends at its deadline, not at the tick after it: the
 * timer is a one-shot set for whichever comes first.
 */
void timer_interrupt(void)
{
	struct timer_base *base = this_cpu_ptr(&timer_bases);
	u64 now = get_cycles();
	bool tick = now >= base->next_tick, slice_over = now >= base->slice_end;
	struct list_head *pos, *n;

	spin_lock(&base->lock);
	if (tick) {
		base->next_tick += cycles_per_jiffy;
		/* Ticks missed (interrupts off that long, a debugger's stop): the rhythm restarts now. */
		if (base->next_tick <= now)
			base->next_tick = now + cycles_per_jiffy;
	}
	if (slice_over)		/* alone, it runs on to the tick: no more interrupts */
		base->slice_end = ~0ull;
	list_for_each_safe(pos, n, &base->sleepers) {
		struct thread *t = list_entry(pos, struct thread, timer_list);

		if (now >= t->wake_at) {
			list_del_init(&t->timer_list);
			wake_up_process(t);
		}
	}
	program_next_event(base);
	spin_unlock(&base->lock);
	if (slice_over || tick)
		hrtick();
}

/* At a switch, interrupts off: the thread switched to runs a slice; an idle thread, none. */
void timer_start_slice(bool idle)
{
	struct timer_base *base = this_cpu_ptr(&timer_bases);

	if (!base->started)	/* before tick_init(), or on a CPU not yet idle */
		return;
	spin_lock(&base->lock);
	base->slice_end = idle ? ~0ull : get_cycles() + (cycles_per_jiffy >> TIMER_SLICE_SHIFT);
	program_next_event(base);
	spin_unlock(&base->lock);
}

/* Sleep (in the state set before) until get_cycles() reaches `expires`, or a wake_up_process(). */
void __sched schedule_hrtimeout(u64 expires)
{
	struct timer_base *base = this_cpu_ptr(&timer_bases);
	struct thread *t = current;
	unsigned long flags;

	t->wake_at = expires;
	spin_lock_irqsave(&base->lock, flags);
	list_add_tail(&t->timer_list, &base->sleepers);
	if (expires < base->next_event) {
		base->next_event = expires;
		arch_timer_set_next_event(expires);
	}
	spin_unlock_irqrestore(&base->lock, flags);

	schedule();

	spin_lock_irqsave(&base->lock, flags);
	if (!list_empty(&t->timer_list))
		list_del_init(&t->timer_list);
	spin_unlock_irqrestore(&base->lock, flags);
}
EXPORT_SYMBOL(schedule_hrtimeout);

unsigned long __sched schedule_timeout(unsigned long timeout)
{
	u64 expires, now;

	if (timeout >= MAX_SCHEDULE_TIMEOUT) {
		schedule();
		return MAX_SCHEDULE_TIMEOUT;
	}
	expires = get_cycles() + timeout * cycles_per_jiffy;
	schedule_hrtimeout(expires);
	now = get_cycles();
	return now >= expires ? 0 : cycles_to_jiffies(expires - now) + 1;
}
EXPORT_SYMBOL(schedule_timeout);

/*
 * No extra jiffy, unlike Linux's msleep(): a deadline here is a cycle count
 * (now + ms, rounded up), not a tick number, and the timer fires at it.
 * msleep(1) sleeps 1 ms, never less (more only if others hold the CPU).
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
	unsigned long flags;

	if (base->started)
		return;
	spin_lock_init(&base->lock);
	INIT_LIST_HEAD(&base->sleepers);
	base->slice_end = ~0ull;
	base->started = true;
	arch_timer_cpu_init();
	spin_lock_irqsave(&base->lock, flags);
	base->next_tick = get_cycles() + cycles_per_jiffy;
	program_next_event(base);
	spin_unlock_irqrestore(&base->lock, flags);
}

/* Boot step 12, after init_IRQ(); the clock has its frequency (step 11). */
void __init tick_init(void)
{
	arch_timer_init();
	timer_cpu_start();
	pr_info("sched: %d Hz tick on CPU0\n", HZ);
}
