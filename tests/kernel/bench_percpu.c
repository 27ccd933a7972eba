/*
 * Benchmarks of per-CPU variables (include/kernel/percpu.h): incrementing
 * this CPU's copy with this_cpu_inc(), which the arch turns into as little
 * as one instruction (x86_64: incq %gs:var), against the long way,
 * per_cpu(var, smp_processor_id())++: read the CPU number, look up that
 * CPU's offset, add it, then increment. An increment of an ordinary
 * global variable is the baseline.
 *
 * Each operation sits alone in a function of its own, so that the
 * compiler cannot move other work in between the counter readings; the
 * figure is the call minus the call of an empty function, measured ROUNDS
 * times (the report shows the least and the most).
 *
 * Plus the size of the template (.data..percpu), hence of each CPU's area
 * before it is rounded up to pages.
 */
#include <kernel/bench.h>
#include <kernel/percpu.h>
#include <kernel/smp.h>

#define ROUNDS	8

static DEFINE_PER_CPU(unsigned long, bench_percpu_counter);
static unsigned long bench_global_counter;

static __noinline void empty(void)
{
	barrier();
}

static __noinline void inc_this_cpu(void)
{
	this_cpu_inc(bench_percpu_counter);
}

static __noinline void inc_per_cpu_by_id(void)
{
	per_cpu(bench_percpu_counter, smp_processor_id())++;
}

static __noinline void inc_global(void)
{
	WRITE_ONCE(bench_global_counter, READ_ONCE(bench_global_counter) + 1);
}

static void time_op(const char *name, void (*op)(void))
{
	u64 min = ~0ull, max = 0;

	for (int i = 0; i < ROUNDS; i++) {
		u64 call = bench_measure(op());
		u64 base = bench_measure(empty());
		u64 insns = call > base ? call - base : 0;

		if (insns < min)
			min = insns;
		if (insns > max)
			max = insns;
	}
	bench_print("percpu", "%s min=%llu max=%llu", name, (unsigned long long)min,
		    (unsigned long long)max);
}

static void bench_percpu(void)
{
	unsigned long before = this_cpu_read(bench_percpu_counter);

	time_op("this_cpu_inc", inc_this_cpu);
	time_op("per_cpu_smp_processor_id_inc", inc_per_cpu_by_id);
	time_op("global_inc", inc_global);
	if (this_cpu_read(bench_percpu_counter) != before + 2 * ROUNDS)
		bench_print("error", "percpu: the counter moved by %lu, not %d",
			    this_cpu_read(bench_percpu_counter) - before, 2 * ROUNDS);
	bench_print("percpu", "area static_bytes=%zu cpus=%u", percpu_static_size(), nr_cpu_ids);
}
bench_case(bench_percpu);
