/*
 * Benchmarks of the scheduler (kernel/sched.c): what a context switch and
 * a wake-up cost. The running thread and a partner thread on the same CPU
 * take turns, ROUNDS times: each sets itself sleeping, wakes the other
 * and calls schedule(). A switch is measured across the two threads, from
 * the counter reading just before one thread's schedule() to the reading
 * just after the other's schedule() returned; one CPU and one counter, so
 * the difference is exact. wake_up_process() of the sleeping partner is
 * measured on its own.
 *
 * The first round is left out: a new thread's first switch ends in
 * kthread_start(), not in schedule(). Without a scheduler (boot step 10
 * not run) the case says so and measures nothing.
 */
#include <kernel/bench.h>
#include <kernel/kthread.h>
#include <kernel/sched.h>
#include <kernel/smp.h>

#define ROUNDS	17

struct pingpong {
	struct thread *main, *partner;
	u64 partner_in;		/* the partner's reading just after schedule() returned */
	u64 partner_out;	/* its reading just before it calls schedule() again */
};

struct cost {
	u64 min, max, total;
	unsigned int count;
};

static void account(struct cost *c, u64 insns)
{
	if (!c->count || insns < c->min)
		c->min = insns;
	if (insns > c->max)
		c->max = insns;
	c->total += insns;
	c->count++;
}

static int partner_fn(void *arg)
{
	struct pingpong *pp = arg;

	while (!kthread_should_stop()) {
		pp->partner_in = bench_counter();
		set_current_state(THREAD_SLEEPING);
		wake_up_process(pp->main);
		pp->partner_out = bench_counter();
		schedule();
	}
	return 0;
}

static void print_cost(const char *what, const struct cost *c)
{
	bench_print("sched", "%s count=%u min=%llu max=%llu total=%llu", what, c->count,
		    (unsigned long long)c->min, (unsigned long long)c->max,
		    (unsigned long long)c->total);
}

static void bench_sched(void)
{
	struct pingpong pp = { .main = current };
	struct cost to_partner = { 0 }, to_main = { 0 }, wake = { 0 };

	if (!pp.main) {
		bench_print("sched", "running=0");
		return;
	}
	pp.partner = kthread_create_on_cpu(partner_fn, &pp, smp_processor_id(), "bench-pong");
	if (!pp.partner) {
		bench_print("error", "sched: no thread for the partner");
		return;
	}
	for (int round = 0; round < ROUNDS; round++) {
		u64 woke, out, back;

		set_current_state(THREAD_SLEEPING);
		woke = bench_measure(wake_up_process(pp.partner));
		out = bench_counter();
		schedule();
		back = bench_counter();
		if (round == 0)
			continue;
		account(&wake, woke);
		account(&to_partner, pp.partner_in - out - bench_counter_overhead);
		account(&to_main, back - pp.partner_out - bench_counter_overhead);
	}
	kthread_stop(pp.partner);
	bench_print("sched", "running=1");
	print_cost("switch_to_partner", &to_partner);
	print_cost("switch_back", &to_main);
	print_cost("wake_up_process", &wake);
}
bench_case(bench_sched);
