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
 */
#include <asm/switch_to.h>
#include <kernel/sched.h>
#include <kernel/sections.h>
#include <kernel/stacktrace.h>

/* LAB get_wchan: begin */
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
/* LAB get_wchan: end */

/*
 * 0 for a thread that runs or may run: its stack changes under our feet.
 * That includes one on a run queue in THREAD_SLEEPING: preempted between
 * set_current_state() and schedule(), it never got to sleep (its stack
 * shows the interrupt entry; Linux checks p->on_rq for the same reason).
 * The walk itself stays inside the thread's stack only by the frame
 * walker's checks; a thread woken meanwhile gives a stale but harmless answer.
 */
unsigned long get_wchan(struct thread *t)
{
	struct wchan_walk walk = { 0 };

	if (!t || READ_ONCE(t->state) != THREAD_SLEEPING || READ_ONCE(t->on_cpu) || !t->sp ||
	    READ_ONCE(t->run_list.next) != &t->run_list)
		return 0;
	walk_stack_frames(thread_saved_fp(t), wchan_frame, &walk);
	return walk.wchan;
}
