/*
 * Kernel threads: creating, starting and collecting them.
 *
 * Stacks: every slot of the thread table gets its stack at boot step 10,
 * with an unmapped guard page below (alloc_stack_with_guard(), as for the
 * secondary CPUs), and keeps it. So a
 * thread costs no allocation once the kernel runs, threads on any CPU may
 * be created without the page allocator (which has no lock), and a test
 * that starts and stops threads leaves the free-page count as it was.
 *
 * A new thread's stack is made to look as if it had called cpu_switch_to()
 * from ret_from_kthread (asm/switch_to.h): the first switch to it "returns"
 * there, which calls kthread_start() below.
 */
#include <asm/irqflags.h>
#include <asm/switch_to.h>
#include <asm/processor.h>
#include <kernel/export.h>
#include <kernel/init.h>
#include <kernel/kthread.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/smp.h>
#include <kernel/spinlock.h>
#include <kernel/wait.h>

#include "sched_internal.h"

static struct wait_queue_head exit_wait;
static DEFINE_SPINLOCK(cpu_choice_lock);
static unsigned int next_cpu;

void __init thread_stacks_init(void)
{
	init_waitqueue_head(&exit_wait);
	for (int i = 0; i < NR_THREADS; i++) {
		thread_table[i].stack = alloc_stack_with_guard(THREAD_STACK_ORDER);
		if (!thread_table[i].stack)
			panic("sched: no stack for thread slot %d", i);
	}
}

/* The online CPUs in turn. */
static int pick_cpu(void)
{
	unsigned long flags;
	int cpu;

	spin_lock_irqsave(&cpu_choice_lock, flags);
	do {
		cpu = next_cpu++ % nr_cpu_ids;
	} while (!cpu_online(cpu));
	spin_unlock_irqrestore(&cpu_choice_lock, flags);
	return cpu;
}

/* The first code a new thread runs (from ret_from_kthread, switch.S). */
void __noreturn kthread_start(struct thread *t)
{
	sched_finish_switch();
	arch_local_irq_enable();
	kthread_exit(t->fn(t->arg));
}

void __noreturn kthread_exit(int code)
{
	current->exit_code = code;
	arch_local_irq_save();
	set_current_state(THREAD_DEAD);
	wake_up(&exit_wait);
	schedule();
	panic("sched: dead thread %s ran again", current->name);
}

struct thread *kthread_create_on_cpu(int (*fn)(void *arg), void *arg, int cpu,
				     const char *name)
{
	struct thread *t = thread_alloc(name, cpu, true);

	if (!t)
		return NULL;
	t->fn = fn;
	t->arg = arg;
	t->sp = arch_thread_init_stack(t, (unsigned long)t->stack + THREAD_STACK_SIZE);
	return t;
}
EXPORT_SYMBOL(kthread_create_on_cpu);

struct thread *kthread_create(int (*fn)(void *arg), void *arg, const char *name)
{
	return kthread_create_on_cpu(fn, arg, pick_cpu(), name);
}
EXPORT_SYMBOL(kthread_create);

struct thread *kthread_run(int (*fn)(void *arg), void *arg, const char *name)
{
	struct thread *t = kthread_create(fn, arg, name);

	if (t)
		wake_up_process(t);
	return t;
}
EXPORT_SYMBOL(kthread_run);

bool kthread_should_stop(void)
{
	return READ_ONCE(current->should_stop);
}
EXPORT_SYMBOL(kthread_should_stop);

int kthread_stop(struct thread *t)
{
	int ret;

	WRITE_ONCE(t->should_stop, true);
	wake_up_process(t);
	wait_event(exit_wait, READ_ONCE(t->state) == THREAD_DEAD);
	/* Dead, but maybe still switching away on its CPU: its slot is free only after. */
	while (READ_ONCE(t->on_cpu))
		cpu_relax();
	ret = t->exit_code;
	thread_free(t);
	return ret;
}
EXPORT_SYMBOL(kthread_stop);
