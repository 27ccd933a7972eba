/*
 * Wait channels: where a sleeping thread waits, by name.
 *
 * A blocked thread's stack holds, innermost first, the return addresses
 * into cpu_switch_to()'s caller (schedule()), into the primitive that
 * called schedule() (msleep(), mutex_lock(), ...), and then into the
 * function that decided to wait. All of the first kind are __sched, i.e.
 * inside [__sched_text_start, __sched_text_end) (linker/sections.lds.h,
 * SCHED_TEXT), so the wait channel is the first return address outside
 * that range: get_wchan() walks the saved frame-pointer chain to it, and
 * %ps names it. Linux: get_wchan() in kernel/sched/core.c.
 *
 * Also the thread listing (`ps`): printed at the end of boot with
 * `sched_debug`, and by the serial monitor.
 */
#include <asm/switch_to.h>
#include <kernel/completion.h>
#include <kernel/init.h>
#include <kernel/kthread.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/sections.h>
#include <kernel/stacktrace.h>

static bool sched_debug;

static int __init set_sched_debug(char *val)
{
	(void)val;
	sched_debug = true;
	return 0;
}
__setup("sched_debug", set_sched_debug);

/*
 * With sched_debug, two threads that stay blocked, so the listing at the
 * end of boot shows real wait channels: each waits from a function of its
 * own, which is what get_wchan() must name (not msleep() or schedule()).
 */
static struct completion never_done;

static int sched_debug_napper(void *arg)
{
	(void)arg;
	for (;;)
		msleep(1000);
	return 0;
}

static int sched_debug_waiter(void *arg)
{
	(void)arg;
	wait_for_completion(&never_done);
	return 0;
}

static int __init sched_debug_demo(void)
{
	if (!sched_debug)
		return 0;
	init_completion(&never_done);
	kthread_run(sched_debug_napper, NULL, "napper");
	kthread_run(sched_debug_waiter, NULL, "waiter");
	return 0;
}
late_initcall(sched_debug_demo);

bool in_sched_functions(unsigned long addr)
{
	return addr >= (unsigned long)__sched_text_start && addr < (unsigned long)__sched_text_end;
}

struct wchan_walk {
	unsigned long wchan;
};

static bool wchan_frame(unsigned long pc, void *arg)
{
	struct wchan_walk *walk = arg;

	if (in_sched_functions(pc))
		return true;
	walk->wchan = is_kernel_text(pc) ? pc : 0;
	return false;
}

/*
 * 0 for a thread that runs or may run: its stack changes under our feet.
 * The walk itself stays inside the thread's stack only by the frame
 * walker's checks; a thread woken meanwhile gives a stale but harmless answer.
 */
unsigned long get_wchan(struct thread *t)
{
	struct wchan_walk walk = { 0 };

	if (!t || READ_ONCE(t->state) != THREAD_SLEEPING || READ_ONCE(t->on_cpu) || !t->sp)
		return 0;
	walk_stack_frames(thread_saved_fp(t), wchan_frame, &walk);
	return walk.wchan;
}

const char *thread_state_name(enum thread_state state)
{
	switch (state) {
	case THREAD_RUNNING: return "R";
	case THREAD_SLEEPING: return "S";
	case THREAD_DEAD: return "X";
	default: return "-";
	}
}

void show_threads(int (*print)(const char *fmt, ...))
{
	print("  PID NAME             S CPU   SWITCHES WCHAN\n");
	for (int i = 0; i < NR_THREADS; i++) {
		struct thread *t = &thread_table[i];
		enum thread_state state = READ_ONCE(t->state);

		if (state == THREAD_UNUSED)
			continue;
		unsigned long wchan = get_wchan(t);

		if (wchan)
			print("%5d %-16s %s %3d %10lu %ps\n", t->id, t->name,
			      thread_state_name(state), t->cpu, t->nr_switches, (void *)wchan);
		else
			print("%5d %-16s %s %3d %10lu -\n", t->id, t->name,
			      thread_state_name(state), t->cpu, t->nr_switches);
	}
}

void sched_debug_show(void)
{
	if (sched_debug)
		show_threads(printk);
}
