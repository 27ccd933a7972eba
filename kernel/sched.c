/*
 * The scheduler: a run queue per CPU, round robin, preemption when a slice ends.
 *
 * The running thread is never on a run queue; schedule() puts it back at
 * the tail when it is still runnable and takes the head (or the CPU's idle
 * thread when the queue is empty). The run queue's lock is held across the
 * switch and released by the thread switched to, in schedule() after its
 * own cpu_switch_to() returned or in sched_finish_switch() for a new one;
 * that thread also marks the previous one as off the CPU (on_cpu = false),
 * the moment after which its stack may be read by get_wchan() or reused.
 *
 * Every function that may block is __sched (include/kernel/sched.h), from
 * schedule() itself down; wchan.c relies on it.
 */
#include <asm/irqflags.h>
#include <asm/switch_to.h>
#include <kernel/barrier.h>
#include <kernel/errno.h>
#include <kernel/export.h>
#include <kernel/init.h>
#include <kernel/kthread.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <kernel/spinlock.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>
#include <kernel/timer.h>

#include "sched_internal.h"

/*
 * A thread switched in runs a slice, an eighth of a tick (kernel/timer.c); at its end, or at
 * a tick once it ran on alone past it, hrtick() below preempts it if others are queued.
 */
struct rq {
	spinlock_t lock;
	struct list_head queue;		/* runnable threads, not running */
	unsigned int nr_queued;
	struct thread *idle;
	struct thread *prev;		/* switched away from, until the switch is finished */
	bool need_resched;
};

static DEFINE_PER_CPU_SHARED_ALIGNED(struct rq, runqueues);
DEFINE_PER_CPU(struct thread *, current_thread);
EXPORT_PER_CPU_SYMBOL(current_thread);
DEFINE_PER_CPU(int, preempt_count);
EXPORT_PER_CPU_SYMBOL(preempt_count);

struct thread thread_table[NR_THREADS];
static DEFINE_SPINLOCK(table_lock);
/*
 * Ids in the order threads are made, 0 the boot thread's; 1 is never
 * handed out: it is init's, as on Linux, taken by sched_set_init_pid().
 */
static int next_thread_id;
#define INIT_PID	1

static struct rq *cpu_rq(int cpu)
{
	return per_cpu_ptr(&runqueues, cpu);
}

static struct rq *this_rq(void)
{
	return this_cpu_ptr(&runqueues);
}

/*
 * The slot of an orphan process that ended (kernel/exit.c marks it so):
 * nobody will wait for it, so thread_alloc() may take it back.
 */
static bool thread_reapable(struct thread *t)
{
	return t->state == THREAD_DEAD && t->exited && t->orphan && !READ_ONCE(t->on_cpu);
}

/* A free slot, filled in and not yet runnable; NULL when the table is full. */
struct thread *thread_alloc(const char *name, int cpu, bool need_stack)
{
	struct thread *found = NULL;
	unsigned long flags;

	spin_lock_irqsave(&table_lock, flags);
	for (int i = 0; i < NR_THREADS && !found; i++) {
		struct thread *t = &thread_table[i];
		char *stack = t->stack;		/* the slot's own, kept when it is reused */

		if (thread_reapable(t))
			t->state = THREAD_UNUSED;
		if (t->state != THREAD_UNUSED || (need_stack && !t->stack))
			continue;
		memset(t, 0, sizeof(*t));	/* a reused slot keeps nothing else of before */
		t->stack = stack;
		t->id = next_thread_id++;
		if (next_thread_id == INIT_PID)
			next_thread_id++;
		t->state = THREAD_SLEEPING;
		t->cpu = cpu;
		INIT_LIST_HEAD(&t->run_list);
		INIT_LIST_HEAD(&t->timer_list);
		INIT_LIST_HEAD(&t->children);
		INIT_LIST_HEAD(&t->sibling);
		t->umask = 0022;
		strscpy(t->name, name, sizeof(t->name));
		found = t;
	}
	spin_unlock_irqrestore(&table_lock, flags);
	return found;
}

int sched_set_init_pid(struct thread *t)
{
	unsigned long flags;
	int err = 0;

	spin_lock_irqsave(&table_lock, flags);
	for (int i = 0; i < NR_THREADS; i++)
		if (thread_table[i].state != THREAD_UNUSED && thread_table[i].id == INIT_PID)
			err = -EBUSY;
	if (!err)
		t->id = INIT_PID;
	spin_unlock_irqrestore(&table_lock, flags);
	return err;
}

void thread_free(struct thread *t)
{
	unsigned long flags;

	spin_lock_irqsave(&table_lock, flags);
	t->state = THREAD_UNUSED;
	spin_unlock_irqrestore(&table_lock, flags);
}

/* The state is written before the caller re-checks its condition (a full barrier). */
void set_current_state(enum thread_state state)
{
	WRITE_ONCE(current->state, state);
	smp_mb();
}
EXPORT_SYMBOL(set_current_state);

static void finish_switch(struct rq *rq)
{
	smp_mb();	/* everything saved on prev's stack, before it counts as off the CPU */
	WRITE_ONCE(rq->prev->on_cpu, false);
}

void sched_finish_switch(void)
{
	struct rq *rq = this_rq();

	finish_switch(rq);
	spin_unlock(&rq->lock);
}

static void __sched __schedule(bool preempt)
{
	unsigned long flags = arch_local_irq_save();
	struct rq *rq = this_rq();
	struct thread *prev = current, *next;

	spin_lock(&rq->lock);
	rq->need_resched = false;
	/* Preempted between set_current_state() and schedule(): still runnable. */
	if ((prev->state == THREAD_RUNNING || preempt) && !prev->is_idle) {
		list_add_tail(&prev->run_list, &rq->queue);
		rq->nr_queued++;
	}
	if (rq->nr_queued) {
		next = list_first_entry(&rq->queue, struct thread, run_list);
		list_del_init(&next->run_list);
		rq->nr_queued--;
	} else {
		next = rq->idle;
	}
	if (next != prev) {
		timer_start_slice(next->is_idle);
		rq->prev = prev;
		next->on_cpu = true;
		next->nr_switches++;
		this_cpu_write(current_thread, next);
		arch_switch_to(prev, next);
		cpu_switch_to(&prev->sp, next->sp);
		/* prev runs again, maybe much later: finish the switch that brought it back. */
		rq = this_rq();
		finish_switch(rq);
	}
	spin_unlock(&rq->lock);
	arch_local_irq_restore(flags);
}

void __sched schedule(void)
{
	__schedule(false);
}
EXPORT_SYMBOL(schedule);

void preempt_schedule_irq(void)
{
	struct rq *rq = this_rq();

	if (READ_ONCE(rq->need_resched) && !this_cpu_read(preempt_count) && !current->is_idle)
		__schedule(true);
}

bool need_resched(void)
{
	return READ_ONCE(this_rq()->nr_queued) != 0;
}

bool wake_up_process(struct thread *t)
{
	struct rq *rq = cpu_rq(t->cpu);
	unsigned long flags;
	bool woken = false;

	spin_lock_irqsave(&rq->lock, flags);
	if (t->state == THREAD_SLEEPING) {
		t->state = THREAD_RUNNING;
		/* Still on its CPU (on its way into schedule()): schedule() will keep it. */
		if (!t->on_cpu && list_empty(&t->run_list)) {
			list_add_tail(&t->run_list, &rq->queue);
			rq->nr_queued++;
		}
		woken = true;
	}
	spin_unlock_irqrestore(&rq->lock, flags);
	/* An idle CPU sleeps in hlt/wfi: end that sleep, it will find the queue full. */
	if (woken && t->cpu != smp_processor_id())
		arch_send_wakeup(t->cpu);
	return woken;
}
EXPORT_SYMBOL(wake_up_process);

void hrtick(void)
{
	struct rq *rq = this_rq();

	if (READ_ONCE(rq->nr_queued))
		rq->need_resched = true;
}

/*
 * The idle thread's loop, with interrupts off except while halted. Also
 * the secondary CPUs' mailbox (on_each_cpu(), kernel/smp.c): a CPU takes
 * calls when it is idle.
 */
void __noreturn cpu_startup_entry(void)
{
	arch_local_irq_save();
	timer_cpu_start();
	for (;;) {
		flush_smp_call_function_queue();
		if (need_resched())
			schedule();
		else
			arch_idle_wait();
	}
}

static int idle_thread_fn(void *arg)
{
	(void)arg;
	cpu_startup_entry();
}

static void __init init_rq(int cpu, struct thread *idle)
{
	struct rq *rq = cpu_rq(cpu);

	spin_lock_init(&rq->lock);
	INIT_LIST_HEAD(&rq->queue);
	rq->idle = idle;
	idle->is_idle = true;
}

/*
 * Boot step 10. The code running now becomes thread "boot" on CPU 0; each
 * secondary CPU's start-up stack becomes its idle thread (it runs
 * cpu_startup_entry() when it comes online); CPU 0's idle thread gets a
 * stack of its own and starts the first time CPU 0 has nothing to run.
 */
void __init sched_init(void)
{
	struct thread *boot, *idle;
	unsigned int cpu;

	thread_stacks_init();
	boot = thread_alloc("boot", 0, false);
	boot->state = THREAD_RUNNING;
	boot->on_cpu = true;
	this_cpu_write(current_thread, boot);

	idle = thread_alloc("idle/0", 0, true);
	idle->fn = idle_thread_fn;
	idle->sp = arch_thread_init_stack(idle, (unsigned long)idle->stack + THREAD_STACK_SIZE);
	idle->state = THREAD_RUNNING;
	init_rq(0, idle);
	for (cpu = 1; cpu < nr_cpu_ids; cpu++) {
		char name[THREAD_NAME_LEN];

		snprintf(name, sizeof(name), "idle/%u", cpu);
		idle = thread_alloc(name, cpu, false);
		idle->state = THREAD_RUNNING;
		idle->on_cpu = true;
		per_cpu(current_thread, cpu) = idle;
		init_rq(cpu, idle);
	}
	pr_info("sched: %d thread slots, %u run queues, %d Hz tick, 1/%d-tick slices\n",
		NR_THREADS, nr_cpu_ids, HZ, 1 << TIMER_SLICE_SHIFT);
}
