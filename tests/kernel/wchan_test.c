/*
 * The "wchan" suite: wait channels (kernel/wchan.c) and the .sched.text
 * range that decides them.
 *
 * - A thread asleep in each primitive, called from a function that is not
 *   __sched, has that function as its wait channel: ktest_sleeper_a in
 *   msleep() shows ktest_sleeper_a, never msleep or schedule.
 * - A helper left out of .sched.text (ktest_unmarked_nap) is the wait
 *   channel instead of its caller, and one put in (ktest_marked_nap) is
 *   skipped: the range, not a list of names, decides. A thread whose
 *   slice ended between set_current_state() and schedule() has none.
 * - Every __sched function lies in [__sched_text_start, __sched_text_end)
 *   and nothing else does (the symbol table, walked through the range).
 * All threads are stopped before a case ends.
 */
#include <asm/processor.h>
#include <kernel/completion.h>
#include <kernel/kallsyms.h>
#include <kernel/ktest.h>
#include <kernel/kthread.h>
#include <kernel/mutex.h>
#include <kernel/smp.h>
#include <kernel/stacktrace.h>
#include <kernel/string.h>
#include <kernel/time.h>
#include <kernel/timer.h>
#include <kernel/wait.h>

#include "nap.h"

#define POLL_ROUNDS	500	/* of schedule() */
#define POLL_SECONDS	1	/* at most, however loaded the host */

static DEFINE_MUTEX(wchan_mutex);
static struct completion wchan_done;
static struct wait_queue_head wchan_wq;
static bool wchan_flag;
static bool stop_spin, spinning;

/* Poll until t is asleep somewhere; its wait channel's name, or "" after POLL_SECONDS. */
static const char *wchan_name_of(struct thread *t, char *buf)
{
	u64 end = get_cycles() + POLL_SECONDS * cycle_freq_hz;

	for (int i = 0; get_cycles() < end; i++) {
		unsigned long wchan = get_wchan(t);
		unsigned long size, offset;

		if (wchan && kallsyms_lookup(wchan, &size, &offset, buf))
			return buf;
		/* Woken by the same tick, t may be queued behind us: let it run to its sleep. */
		if (i & 1)
			nap();
		else
			schedule();
	}
	return "";
}

/* 1 ms naps: kthread_stop() waits out the one under way (msleep() sleeps on when woken). */
static int __noinline ktest_sleeper_a(void *arg)
{
	(void)arg;
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/*
 * Naps of a few microseconds (nap.h), not msleep(1): kthread_stop() waits
 * out the one under way. The barrier() keeps the sleep from becoming a
 * tail call, which would leave no frame here.
 */
static void __noinline ktest_unmarked_nap(void)
{
	nap();
	barrier();
}

static void __noinline __sched ktest_marked_nap(void)
{
	nap();
	barrier();
}

static int __noinline ktest_sleeper_b(void *arg)
{
	(void)arg;
	while (!kthread_should_stop())
		ktest_unmarked_nap();
	return 0;
}

static int __noinline ktest_sleeper_c(void *arg)
{
	(void)arg;
	while (!kthread_should_stop())
		ktest_marked_nap();
	return 0;
}

static int __noinline ktest_timeout_sleeper(void *arg)
{
	(void)arg;
	while (!kthread_should_stop()) {
		set_current_state(THREAD_SLEEPING);
		schedule_timeout(MAX_SCHEDULE_TIMEOUT);
	}
	return 0;
}

static int __noinline kwchan_mutex_waiter(void *arg)
{
	(void)arg;
	mutex_lock(&wchan_mutex);
	mutex_unlock(&wchan_mutex);
	return 1;
}

static int __noinline ktest_completion_waiter(void *arg)
{
	(void)arg;
	wait_for_completion(&wchan_done);
	return 2;
}

static int __noinline ktest_event_waiter(void *arg)
{
	(void)arg;
	wait_event(wchan_wq, READ_ONCE(wchan_flag));
	return 3;
}

static void expect_wchan(struct ktest *t, int (*fn)(void *), const char *want,
			 void (*release)(void))
{
	char buf[KSYM_NAME_LEN];
	struct thread *th = kthread_run(fn, NULL, want);

	KTEST_ASSERT_TRUE(t, th != NULL);
	KTEST_EXPECT_STREQ(t, wchan_name_of(th, buf), want);
	if (release)
		release();
	kthread_stop(th);
}

static void release_mutex(void)
{
	mutex_unlock(&wchan_mutex);
}

static void release_completion(void)
{
	complete(&wchan_done);
}

static void release_event(void)
{
	WRITE_ONCE(wchan_flag, true);
	wake_up(&wchan_wq);
}

static void wchan_names_the_caller(struct ktest *t)
{
	init_completion(&wchan_done);
	init_waitqueue_head(&wchan_wq);
	wchan_flag = false;
	expect_wchan(t, ktest_sleeper_a, "ktest_sleeper_a", NULL);
	expect_wchan(t, ktest_timeout_sleeper, "ktest_timeout_sleeper", NULL);
	mutex_lock(&wchan_mutex);
	expect_wchan(t, kwchan_mutex_waiter, "kwchan_mutex_waiter", release_mutex);
	expect_wchan(t, ktest_completion_waiter, "ktest_completion_waiter", release_completion);
	expect_wchan(t, ktest_event_waiter, "ktest_event_waiter", release_event);
}

static void wchan_follows_the_range(struct ktest *t)
{
	expect_wchan(t, ktest_sleeper_b, "ktest_unmarked_nap", NULL);
	expect_wchan(t, ktest_sleeper_c, "ktest_sleeper_c", NULL);
}

/* Set to sleep, then spin: only its slice's end takes it off the CPU, still THREAD_SLEEPING. */
static int preempted_sleeper(void *arg)
{
	(void)arg;
	set_current_state(THREAD_SLEEPING);
	WRITE_ONCE(spinning, true);
	while (!READ_ONCE(stop_spin))
		cpu_relax();
	set_current_state(THREAD_RUNNING);
	return 0;
}

/* Queued to run again, it is not asleep: no wait channel (not the interrupt entry). */
static void preempted_thread_has_no_wchan(struct ktest *t)
{
	struct thread *th;

	stop_spin = spinning = false;
	th = kthread_create_on_cpu(preempted_sleeper, NULL, smp_processor_id(), "preempted");
	KTEST_ASSERT_TRUE(t, th != NULL);
	wake_up_process(th);
	/* Queued behind it: back here once its slice's end preempted it (maybe before it got to spin). */
	for (int i = 0; i < POLL_ROUNDS && !READ_ONCE(spinning); i++)
		schedule();
	KTEST_ASSERT_TRUE(t, READ_ONCE(spinning));
	KTEST_EXPECT_EQ(t, READ_ONCE(th->state), THREAD_SLEEPING);
	KTEST_EXPECT_EQ(t, get_wchan(th), 0);
	WRITE_ONCE(stop_spin, true);
	kthread_stop(th);
}

static const char *const sched_functions[] = {
	"schedule", "__schedule", "schedule_timeout", "schedule_hrtimeout", "msleep", "mutex_lock",
	"wait_for_completion", "cpu_switch_to", "ktest_marked_nap",
};

static bool is_sched_function(const char *name)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(sched_functions); i++)
		if (!strcmp(name, sched_functions[i]))
			return true;
	return false;
}

static void sched_text_holds_sched_functions(struct ktest *t)
{
	static const char *const others[] = {
		"wake_up_process", "kthread_create", "get_wchan", "ktest_sleeper_a",
		"ktest_unmarked_nap", "mutex_unlock", "complete", "prepare_to_wait",
	};
	unsigned long addr = (unsigned long)__sched_text_start;
	char buf[KSYM_NAME_LEN];
	int found = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(sched_functions); i++) {
		unsigned long a = kallsyms_lookup_name(sched_functions[i]);

		if (!a)		/* inlined away (__schedule) */
			continue;
		KTEST_EXPECT_TRUE(t, in_sched_functions(a));
	}
	for (unsigned int i = 0; i < ARRAY_SIZE(others); i++) {
		unsigned long a = kallsyms_lookup_name(others[i]);

		KTEST_EXPECT_TRUE(t, a != 0);
		KTEST_EXPECT_FALSE(t, in_sched_functions(a));
	}
	/* Walk the range symbol by symbol: each one must be a known __sched function. */
	while (addr < (unsigned long)__sched_text_end) {
		unsigned long size, offset;
		const char *name = kallsyms_lookup(addr, &size, &offset, buf);

		/* Padding between functions (x86_64 aligns them) belongs to no symbol. */
		if (!name || offset >= size) {
			addr++;
			continue;
		}
		/* The start label itself covers alignment padding before the first function. */
		if (!is_sched_function(name) && strcmp(name, "__sched_text_start"))
			ktest_fail(t, __FILE__, __LINE__, "%s is in .sched.text", name);
		found++;
		addr += size - offset;
	}
	KTEST_EXPECT_GE(t, found, 6);
}

static bool count_frame(unsigned long pc, void *arg)
{
	(void)pc;
	++*(int *)arg;
	return true;
}

/*
 * A chain into memory that is not mapped ends the walk there, without an
 * oops: what get_wchan() reads of a thread that began to run on another
 * CPU under it may point anywhere.
 */
static void walk_stops_at_an_unmapped_frame(struct ktest *t)
{
	int frames = 0;

	walk_stack_frames(64, count_frame, &frames);	/* aligned, in the unmapped first page */
	KTEST_EXPECT_EQ(t, frames, 0);
}

static const struct ktest_case wchan_cases[] = {
	KTEST_CASE(wchan_names_the_caller),
	KTEST_CASE(wchan_follows_the_range),
	KTEST_CASE(preempted_thread_has_no_wchan),
	KTEST_CASE(sched_text_holds_sched_functions),
	KTEST_CASE(walk_stops_at_an_unmapped_frame),
	{}
};

static const struct ktest_suite wchan_suite = { "wchan", wchan_cases };
ktest_suite(wchan_suite);
