/*
 * The thread listing (`ps`): printed by the serial monitor, and at the end
 * of boot with `sched_debug`. Linux: kernel/sched/debug.c.
 *
 * With sched_debug, two threads that stay blocked, so the listing at the
 * end of boot shows real wait channels: each waits from a function of its
 * own, which is what get_wchan() (kernel/wchan.c) must name (not msleep()
 * or schedule()).
 */
#include <kernel/completion.h>
#include <kernel/init.h>
#include <kernel/kthread.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <kernel/sprintf.h>
#include <kernel/timer.h>

#include "sched_internal.h"

static bool sched_debug;
static struct completion never_done;

__setup_flag("sched_debug", sched_debug);

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

const char *thread_state_name(enum thread_state state)
{
	switch (state) {
	case THREAD_RUNNING: return "R";
	case THREAD_SLEEPING: return "S";
	case THREAD_DEAD: return "X";
	default: return "-";
	}
}

/*
 * One line per thread, a minimal `ps -ef`: its id, its parent's (PPID; "-"
 * for a kernel thread, which has none, and for an orphan), its name (a
 * process's is the program it runs, Linux's comm), its state (Z: a
 * process that exited and waits for its parent's wait4()), CPU, switches
 * and wait channel. Every CPU the firmware lists has an idle thread, made
 * ready to run; on a CPU that never came up (maxcpus=, nosmp) it never
 * has: state "-", "offline" where the wait channel goes.
 */
void show_threads(int (*print)(const char *fmt, ...))
{
	print("  PID  PPID NAME             S CPU   SWITCHES WCHAN\n");
	for (int i = 0; i < NR_THREADS; i++) {
		struct thread *t = &thread_table[i];
		enum thread_state state = READ_ONCE(t->state);
		/* A slot of thread_table: readable even if the parent ends meanwhile. */
		struct thread *parent = READ_ONCE(t->parent);
		char ppid[12] = "-";

		if (state == THREAD_UNUSED)
			continue;
		unsigned long wchan = get_wchan(t);
		const char *s = READ_ONCE(t->exited) ? "Z" : thread_state_name(state);

		if (parent)
			snprintf(ppid, sizeof(ppid), "%d", parent->id);
		if (t->is_idle && !cpu_online(t->cpu))
			print("%5d %5s %-16s - %3d %10lu offline\n", t->id, ppid, t->name, t->cpu,
			      t->nr_switches);
		else if (wchan)
			print("%5d %5s %-16s %s %3d %10lu %ps\n", t->id, ppid, t->name, s, t->cpu,
			      t->nr_switches, (void *)wchan);
		else
			print("%5d %5s %-16s %s %3d %10lu -\n", t->id, ppid, t->name, s, t->cpu,
			      t->nr_switches);
	}
}

void sched_debug_show(void)
{
	if (sched_debug)
		show_threads(printk);
}

/* With `sched_debug`, the listing at boot step 19 (report), after the bench figures. */
static int sched_debug_report(int status)
{
	sched_debug_show();
	return status;
}

static struct late_hook sched_debug_hook = { .phase = LATE_HOOK_REPORT, .fn = sched_debug_report };

static int __init sched_debug_init(void)
{
	register_late_hook(&sched_debug_hook);
	return 0;
}
late_initcall(sched_debug_init);
