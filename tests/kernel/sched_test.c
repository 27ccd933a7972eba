/*
 * The "threads" suite: kernel threads, the scheduler and the blocking
 * primitives (their wait channels are the "wchan" suite's, wchan_test.c).
 *
 * - Busy threads, two per CPU, all make progress: each slice's end
 *   (kernel/timer.c) preempts them.
 * - The boot thread runs with interrupts on (start_kernel() enabled them at
 *   boot step 12), so a slice's end preempts it too: a thread of CPU 0 gets to
 *   run while the boot thread spins without ever sleeping.
 * - wake_up() wakes exactly the sleepers of its own queue.
 * - A mutex keeps a shared read-modify-write counter exact.
 * - msleep() never ends before its time.
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

#include "nap.h"

#define MAX_TEST_THREADS	16
#define MUTEX_ROUNDS		300
/*
 * And at most this long: each hand-over wakes a waiter, often on another
 * CPU, and with 8 virtual CPUs on 2 host cores that can cost a host time
 * slice; 16 threads' 300 rounds then took 30 s of wall time.
 */
#define MUTEX_US		20000

static DEFINE_MUTEX(test_mutex);
static struct wait_queue_head wq_a, wq_b;
static bool flag_a, flag_b;
static bool stop_busy;
static unsigned long counter;

#define POLL_SECONDS	1	/* at most, however loaded the host */

/* Let others run, briefly: yield (a thread queued here runs), or nap (the rest). */
static void poll_pause(int round)
{
	if (round & 1)
		nap();
	else
		schedule();
}

/* Poll until done(threads, n), or POLL_SECONDS: what done() says then. */
static bool poll_until(bool (*done)(struct thread **, int), struct thread **threads, int n)
{
	u64 end = get_cycles() + POLL_SECONDS * cycle_freq_hz;

	for (int i = 0; !done(threads, n) && get_cycles() < end; i++)
		poll_pause(i);
	return done(threads, n);
}

/* The busy threads of busy_threads_all_progress(), and the thread waiting for them. */
static struct thread *busy[MAX_TEST_THREADS];
static unsigned long busy_counts[MAX_TEST_THREADS];
static int nr_busy;
static struct thread *busy_waiter;

/*
 * Each has counted and been switched in twice (the slices took turns). Both:
 * being switched in is not running. When the host stalls QEMU's CPU thread
 * past a slice's end, the end is due the moment a thread is switched in, and it
 * can be preempted again before its first count, twice in a row (x86-smp2,
 * once in 46 rounds of make stress: count 0 after two switches).
 */
static bool all_busy_progressed(void)
{
	for (int i = 0; i < nr_busy; i++) {
		struct thread *th = READ_ONCE(busy[i]);

		if (!th || !READ_ONCE(busy_counts[i]) || READ_ONCE(th->nr_switches) < 2)
			return false;
	}
	return true;
}

/*
 * Count until all have progressed; the one that sees it stops them all and
 * wakes the waiter. The waiter sleeps meanwhile, out of the turns: only a
 * slice's end switches busy threads.
 */
static int busy_loop(void *arg)
{
	unsigned long *count = arg;

	while (!READ_ONCE(stop_busy)) {
		WRITE_ONCE(*count, *count + 1);
		if (all_busy_progressed()) {
			WRITE_ONCE(stop_busy, true);
			wake_up_process(busy_waiter);
		}
	}
	return 0;
}

static void busy_threads_all_progress(struct ktest *t)
{
	u64 end = get_cycles() + POLL_SECONDS * cycle_freq_hz;
	int n = 2 * num_online_cpus();

	if (n > MAX_TEST_THREADS)
		n = MAX_TEST_THREADS;
	memset(busy, 0, sizeof(busy));
	memset(busy_counts, 0, sizeof(busy_counts));
	nr_busy = n;
	busy_waiter = current;
	stop_busy = false;
	for (int i = 0; i < n; i++) {
		WRITE_ONCE(busy[i], kthread_run(busy_loop, &busy_counts[i], "busy"));
		KTEST_ASSERT_TRUE(t, busy[i] != NULL);
	}
	/* Until a busy thread wakes us, at most POLL_SECONDS. */
	while (!READ_ONCE(stop_busy) && get_cycles() < end) {
		set_current_state(THREAD_SLEEPING);
		if (!READ_ONCE(stop_busy))
			schedule_hrtimeout(end);
		set_current_state(THREAD_RUNNING);
	}
	WRITE_ONCE(stop_busy, true);
	for (int i = 0; i < n; i++) {
		KTEST_EXPECT_GT(t, READ_ONCE(busy_counts[i]), 0);
		/* Two busy threads per CPU: each ran more than once, so the slices took turns. */
		KTEST_EXPECT_GT(t, busy[i]->nr_switches, 1);
		kthread_stop(busy[i]);
	}
}

/* Count once and end: the preempted boot thread gets its CPU back at once, not a slice later. */
static int count_once(void *arg)
{
	WRITE_ONCE(*(unsigned long *)arg, 1);
	return 0;
}

static void boot_thread_is_preempted(struct ktest *t)
{
	unsigned long count = 0;
	struct thread *th;
	u64 start;

	KTEST_EXPECT_FALSE(t, arch_irqs_disabled());
	/* Switched out and in again: a slice starts, so the wait below is a slice, not a tick. */
	nap();
	th = kthread_create_on_cpu(count_once, &count, smp_processor_id(), "count_once");
	KTEST_ASSERT_TRUE(t, th != NULL);
	wake_up_process(th);
	/* Spin, never yield: only its slice's end can let the thread in. At most ~1 s. */
	start = get_cycles();
	while (!READ_ONCE(count) && cycles_to_us(get_cycles() - start) < 1000000)
		cpu_relax();
	KTEST_EXPECT_GT(t, READ_ONCE(count), 0);
	kthread_stop(th);
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

/* A deadline is a cycle count (kernel/timer.c), not a tick: msleep(1) never lasts under 1 ms. */
static void msleep_never_ends_early(struct ktest *t)
{
	u64 start = get_cycles();

	msleep(1);
	KTEST_EXPECT_GE(t, cycles_to_us(get_cycles() - start), 1000);
}

static const struct ktest_case sched_cases[] = {
	KTEST_CASE(busy_threads_all_progress),
	KTEST_CASE(wake_up_wakes_its_own_waiters),
	KTEST_CASE(mutex_keeps_counter_exact),
	KTEST_CASE(msleep_never_ends_early),
	KTEST_CASE(boot_thread_is_preempted),
	{}
};

static const struct ktest_suite sched_suite = { "threads", sched_cases };
ktest_suite(sched_suite);
