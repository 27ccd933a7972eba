/*
 * The "threads" suite: kernel threads, the scheduler, the blocking
 * primitives and wait channels (.sched.text, kernel/wchan.c).
 *
 * - A thread asleep in each primitive, called from a function that is not
 *   __sched, has that function as its wait channel: ktest_sleeper_a in
 *   msleep() shows ktest_sleeper_a, never msleep or schedule.
 * - A helper left out of .sched.text (ktest_unmarked_nap) is the wait
 *   channel instead of its caller, and one put in (ktest_marked_nap) is
 *   skipped: the range, not a list of names, decides. A thread the tick
 *   preempted between set_current_state() and schedule() has none.
 * - Every __sched function lies in [__sched_text_start, __sched_text_end)
 *   and nothing else does (the symbol table, walked through the range).
 * - Busy threads, two per CPU, all make progress: the tick preempts them.
 * - The boot thread runs with interrupts on (start_kernel() enabled them at
 *   boot step 12), so the tick preempts it too: a busy thread of CPU 0 gets
 *   to run while the boot thread spins without ever sleeping.
 * - wake_up() wakes exactly the sleepers of its own queue.
 * - A mutex keeps a shared read-modify-write counter exact.
 * All threads are stopped before a case ends (their stacks are the thread
 * table's own, so the free-page count is unchanged).
 */
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <kernel/completion.h>
#include <kernel/kallsyms.h>
#include <kernel/ktest.h>
#include <kernel/kthread.h>
#include <kernel/mutex.h>
#include <kernel/smp.h>
#include <kernel/string.h>
#include <kernel/time.h>
#include <kernel/timer.h>
#include <kernel/wait.h>

#define MAX_TEST_THREADS	16
#define MUTEX_ROUNDS		300
/*
 * And at most this long: each hand-over wakes a waiter, often on another
 * CPU, and with 8 virtual CPUs on 2 host cores that can cost a host time
 * slice; 16 threads' 300 rounds then took 30 s of wall time.
 */
#define MUTEX_US		20000

static DEFINE_MUTEX(test_mutex);
static struct completion test_done;
static struct wait_queue_head wq_a, wq_b;
static bool flag_a, flag_b;
static bool stop_busy;
static unsigned long counter;

#define POLL_ROUNDS	500	/* ~1 s at most */

/* Let others run, briefly: yield (a thread queued here runs), or sleep a tick (the rest). */
static void poll_pause(int round)
{
	if (round & 1)
		msleep(1);
	else
		schedule();
}

/* Poll until done(threads, n), or ~1 s: what done() says then. */
static bool poll_until(bool (*done)(struct thread **, int), struct thread **threads, int n)
{
	for (int i = 0; i < POLL_ROUNDS && !done(threads, n); i++)
		poll_pause(i);
	return done(threads, n);
}

/* Poll until t is asleep somewhere; its wait channel's name, or "" after ~1 s. */
static const char *wchan_name_of(struct thread *t, char *buf)
{
	for (int i = 0; i < POLL_ROUNDS; i++) {
		unsigned long wchan = get_wchan(t);
		unsigned long size, offset;

		if (wchan && kallsyms_lookup(wchan, &size, &offset, buf))
			return buf;
		/* Woken by the same tick, t may be queued behind us: let it run to its sleep. */
		poll_pause(i);
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

/* The barrier() keeps msleep() from becoming a tail call, which would leave no frame here. */
static void __noinline ktest_unmarked_nap(void)
{
	msleep(1);
	barrier();
}

static void __noinline __sched ktest_marked_nap(void)
{
	msleep(1);
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

static int __noinline ktest_mutex_waiter(void *arg)
{
	(void)arg;
	mutex_lock(&test_mutex);
	mutex_unlock(&test_mutex);
	return 1;
}

static int __noinline ktest_completion_waiter(void *arg)
{
	(void)arg;
	wait_for_completion(&test_done);
	return 2;
}

static int __noinline ktest_event_waiter(void *arg)
{
	(void)arg;
	wait_event(wq_a, READ_ONCE(flag_a));
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
	mutex_unlock(&test_mutex);
}

static void release_completion(void)
{
	complete(&test_done);
}

static void release_event(void)
{
	WRITE_ONCE(flag_a, true);
	wake_up(&wq_a);
}

static void wchan_names_the_caller(struct ktest *t)
{
	init_completion(&test_done);
	init_waitqueue_head(&wq_a);
	flag_a = false;
	expect_wchan(t, ktest_sleeper_a, "ktest_sleeper_a", NULL);
	expect_wchan(t, ktest_timeout_sleeper, "ktest_timeout_sleeper", NULL);
	mutex_lock(&test_mutex);
	expect_wchan(t, ktest_mutex_waiter, "ktest_mutex_waiter", release_mutex);
	expect_wchan(t, ktest_completion_waiter, "ktest_completion_waiter", release_completion);
	expect_wchan(t, ktest_event_waiter, "ktest_event_waiter", release_event);
}

static void wchan_follows_the_range(struct ktest *t)
{
	expect_wchan(t, ktest_sleeper_b, "ktest_unmarked_nap", NULL);
	expect_wchan(t, ktest_sleeper_c, "ktest_sleeper_c", NULL);
}

/* Set to sleep, then spin: only the tick takes it off the CPU, still THREAD_SLEEPING. */
static int preempted_sleeper(void *arg)
{
	(void)arg;
	set_current_state(THREAD_SLEEPING);
	while (!READ_ONCE(stop_busy))
		cpu_relax();
	set_current_state(THREAD_RUNNING);
	return 0;
}

/* Queued to run again, it is not asleep: no wait channel (not the interrupt entry). */
static void preempted_thread_has_no_wchan(struct ktest *t)
{
	struct thread *th;

	stop_busy = false;
	th = kthread_create_on_cpu(preempted_sleeper, NULL, smp_processor_id(), "preempted");
	KTEST_ASSERT_TRUE(t, th != NULL);
	wake_up_process(th);
	schedule();	/* queued behind it: back here once the tick preempted it */
	KTEST_EXPECT_EQ(t, READ_ONCE(th->state), THREAD_SLEEPING);
	KTEST_EXPECT_EQ(t, get_wchan(th), 0);
	WRITE_ONCE(stop_busy, true);
	kthread_stop(th);
}

static const char *const sched_functions[] = {
	"schedule", "__schedule", "schedule_timeout", "msleep", "mutex_lock",
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

static int busy_loop(void *arg)
{
	unsigned long *count = arg;

	while (!READ_ONCE(stop_busy))
		WRITE_ONCE(*count, *count + 1);
	return 0;
}

static void busy_threads_all_progress(struct ktest *t)
{
	struct thread *threads[MAX_TEST_THREADS];
	unsigned long counts[MAX_TEST_THREADS];
	int n = 2 * num_online_cpus();

	memset(counts, 0, sizeof(counts));
	if (n > MAX_TEST_THREADS)
		n = MAX_TEST_THREADS;
	stop_busy = false;
	for (int i = 0; i < n; i++) {
		threads[i] = kthread_run(busy_loop, &counts[i], "busy");
		KTEST_ASSERT_TRUE(t, threads[i] != NULL);
	}
	/* Until each has been switched in twice (the tick took turns), at most ~1 s. */
	for (int tries = 0; tries < POLL_ROUNDS; tries++) {
		bool all = true;

		for (int i = 0; i < n; i++)
			all &= READ_ONCE(threads[i]->nr_switches) > 1;
		if (all)
			break;
		msleep(1);
	}
	WRITE_ONCE(stop_busy, true);
	for (int i = 0; i < n; i++) {
		KTEST_EXPECT_GT(t, READ_ONCE(counts[i]), 0);
		/* Two busy threads per CPU: each ran more than once, so the tick took turns. */
		KTEST_EXPECT_GT(t, threads[i]->nr_switches, 1);
		kthread_stop(threads[i]);
	}
}

static void boot_thread_is_preempted(struct ktest *t)
{
	unsigned long count = 0;
	struct thread *busy;
	u64 start;

	KTEST_EXPECT_FALSE(t, arch_irqs_disabled());
	stop_busy = false;
	busy = kthread_create_on_cpu(busy_loop, &count, smp_processor_id(), "busy");
	KTEST_ASSERT_TRUE(t, busy != NULL);
	wake_up_process(busy);
	/* Spin, never yield: only the tick can let the thread in. At most ~1 s. */
	start = get_cycles();
	while (!READ_ONCE(count) && cycles_to_us(get_cycles() - start) < 1000000)
		cpu_relax();
	KTEST_EXPECT_GT(t, READ_ONCE(count), 0);
	WRITE_ONCE(stop_busy, true);
	kthread_stop(busy);
}

static int queue_waiter(void *arg)
{
	struct wait_queue_head *wq = arg ? &wq_b : &wq_a;
	bool *flag = arg ? &flag_b : &flag_a;

	wait_event(*wq, READ_ONCE(*flag));
	return 0;
}

static bool all_asleep(struct thread **threads, int n)
{
	for (int i = 0; i < n; i++)
		if (!get_wchan(threads[i]))
			return false;
	return true;
}

static bool all_dead(struct thread **threads, int n)
{
	for (int i = 0; i < n; i++)
		if (READ_ONCE(threads[i]->state) != THREAD_DEAD)
			return false;
	return true;
}

static void wake_up_wakes_its_own_waiters(struct ktest *t)
{
	struct thread *threads[5];

	init_waitqueue_head(&wq_a);
	init_waitqueue_head(&wq_b);
	flag_a = flag_b = false;
	for (int i = 0; i < 5; i++) {
		threads[i] = kthread_run(queue_waiter, i < 3 ? NULL : (void *)1, "waiter");
		KTEST_ASSERT_TRUE(t, threads[i] != NULL);
	}
	KTEST_ASSERT_TRUE(t, poll_until(all_asleep, threads, 5));
	/* The condition is still false: woken, they must go back to sleep. */
	KTEST_EXPECT_EQ(t, wake_up(&wq_a), 3);
	KTEST_EXPECT_TRUE(t, poll_until(all_asleep, threads, 5));
	WRITE_ONCE(flag_a, true);
	KTEST_EXPECT_EQ(t, wake_up(&wq_a), 3);
	KTEST_EXPECT_TRUE(t, poll_until(all_dead, threads, 3));
	KTEST_EXPECT_TRUE(t, all_asleep(threads + 3, 2));
	WRITE_ONCE(flag_b, true);
	KTEST_EXPECT_EQ(t, wake_up(&wq_b), 2);
	for (int i = 0; i < 5; i++)
		kthread_stop(threads[i]);
}

/* arg: this worker's count of rounds; at least one. */
static int mutex_worker(void *arg)
{
	unsigned long *rounds = arg;
	u64 end = get_cycles() + cycle_freq_hz * MUTEX_US / 1000000;

	*rounds = 0;
	do {
		unsigned long v;

		mutex_lock(&test_mutex);
		v = READ_ONCE(counter);
		for (int j = 0; j < 50; j++)
			cpu_relax();
		WRITE_ONCE(counter, v + 1);
		mutex_unlock(&test_mutex);
	} while (++*rounds < MUTEX_ROUNDS && get_cycles() < end);
	return 0;
}

static void mutex_keeps_counter_exact(struct ktest *t)
{
	struct thread *threads[MAX_TEST_THREADS];
	unsigned long rounds[MAX_TEST_THREADS], total = 0;
	int n = 2 * num_online_cpus();

	if (n > MAX_TEST_THREADS)
		n = MAX_TEST_THREADS;
	counter = 0;
	for (int i = 0; i < n; i++) {
		threads[i] = kthread_run(mutex_worker, &rounds[i], "mutex");
		KTEST_ASSERT_TRUE(t, threads[i] != NULL);
	}
	for (int i = 0; i < n; i++) {
		kthread_stop(threads[i]);
		total += rounds[i];
	}
	KTEST_EXPECT_EQ(t, counter, total);
	KTEST_EXPECT_TRUE(t, mutex_trylock(&test_mutex));
	mutex_unlock(&test_mutex);
}

static const struct ktest_case sched_cases[] = {
	KTEST_CASE(wchan_names_the_caller),
	KTEST_CASE(wchan_follows_the_range),
	KTEST_CASE(preempted_thread_has_no_wchan),
	KTEST_CASE(sched_text_holds_sched_functions),
	KTEST_CASE(busy_threads_all_progress),
	KTEST_CASE(boot_thread_is_preempted),
	KTEST_CASE(wake_up_wakes_its_own_waiters),
	KTEST_CASE(mutex_keeps_counter_exact),
	{}
};

static const struct ktest_suite sched_suite = { "threads", sched_cases };
ktest_suite(sched_suite);
