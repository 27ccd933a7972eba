/*
 * The in-kernel half of `make bench` (include/kernel/bench.h): the boot-step
 * and initcall counts the core records during boot (kernel/boot_steps.c,
 * kernel/initcall.c), and the benchmark cases of .bench_cases, run at the
 * end of boot (boot step 19, report) when the command line says `bench`.
 *
 * The core records always, a counter read and a store, and prints nothing,
 * so the counts of a bench boot are those of a plain boot. Everything is printed
 * at the end, after the self-tests, as "bench: ..." lines through
 * console_write() (like KTAP: loglevel= and quiet cannot hide them).
 * scripts/bench boots under -icount, collects the lines and writes the
 * report.
 */
#include <kernel/bench.h>
#include <kernel/console.h>
#include <kernel/glob.h>
#include <kernel/init.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/sections.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

#define CALIBRATION_NOPS	100

static bool bench_enabled;
static unsigned int cases_ran;
/* bench=GLOB: only the matching cases run; plain `bench` runs them all. */
static char bench_filter[64] = "*";
u64 bench_counter_overhead;

/* What reading the counter twice in a row costs: subtracted from every measurement. */
static u64 measure_counter_overhead(void)
{
	u64 start = bench_counter();

	barrier();
	return bench_counter() - start;
}

static int __init set_bench(char *val)
{
	bench_enabled = true;
	if (*val)
		strscpy(bench_filter, val, sizeof(bench_filter));
	bench_counter_overhead = measure_counter_overhead();
	return 0;
}
__setup("bench", set_bench);

void bench_print(const char *group, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	size_t len;

	/* One byte is kept for the newline: even a line cut short must end. */
	len = scnprintf(buf, sizeof(buf) - 1, "bench: %s ", group);
	va_start(ap, fmt);
	len += vscnprintf(buf + len, sizeof(buf) - 1 - len, fmt, ap);
	va_end(ap);
	buf[len++] = '\n';
	console_write(buf, len);
}

/*
 * The counter must count exactly one per instruction: a straight run of
 * NOPs measures its own length (under -icount; on hardware, or without
 * -icount, it will not, and the report says so).
 */
static void print_counter(void)
{
	u64 nops = bench_measure(__asm__ __volatile__(".rept " __stringify(CALIBRATION_NOPS)
						      "\n\tnop\n\t.endr"));

	bench_print("counter", "%s overhead=%llu nops=%d measured=%llu", BENCH_COUNTER_NAME,
		    (unsigned long long)bench_counter_overhead, CALIBRATION_NOPS,
		    (unsigned long long)nops);
}

static void print_boot_steps(void)
{
	u64 previous = 0;

	for (unsigned int i = 0; i < nr_boot_steps; i++) {
		const struct boot_step_record *s = &boot_steps[i];

		bench_print("step", "%u name=%s insns=%llu delta=%llu", s->step,
			    boot_step_table[s->step - 1].name,
			    (unsigned long long)s->insns,
			    (unsigned long long)(s->insns - previous));
		previous = s->insns;
	}
}

/* Each self-test suite's instructions, in the order the suites ran (kernel/ktest.c). */
static void print_suites(void)
{
	for (unsigned int i = 0; i < nr_ktest_costs; i++)
		bench_print("suite", "%s insns=%llu", ktest_costs[i].name,
			    (unsigned long long)ktest_costs[i].insns);
}

/*
 * Every initcall with its level, and each level's total, from the core's
 * record (less what reading the counter costs). The functions are init
 * code, freed by now: %ps still names them (kallsyms keeps every symbol),
 * but nothing here calls or reads them.
 */
static u64 initcall_insns(const struct initcall_result *r)
{
	return r->insns - bench_counter_overhead;
}

static void print_initcalls(void)
{
	for (unsigned int level = 0; level < NR_INITCALL_LEVELS; level++) {
		u64 total = 0;
		unsigned int calls = 0;

		for (unsigned int i = 0; i < initcall_results_count; i++) {
			if (initcall_results[i].level != level)
				continue;
			total += initcall_insns(&initcall_results[i]);
			calls++;
		}
		bench_print("initcall_level", "%s calls=%u insns=%llu", initcall_levels[level].name,
			    calls, (unsigned long long)total);
	}
	for (unsigned int i = 0; i < initcall_results_count; i++)
		bench_print("initcall", "%ps level=%s insns=%llu", initcall_results[i].fn,
			    initcall_levels[initcall_results[i].level].name,
			    (unsigned long long)initcall_insns(&initcall_results[i]));
}

/*
 * Boot step 19 (report), a late hook. The cases run on the finished kernel;
 * each one must give back every page it takes, as a ktest case must.
 */
static int bench_run(int status)
{
	if (!bench_enabled)
		return status;
	bench_print("start", "arch=%s counter=%s filter=%s", SK_ARCH, BENCH_COUNTER_NAME,
		    bench_filter);
	print_counter();
	print_boot_steps();
	print_initcalls();
	print_suites();
	for_each_section_entry(const struct bench_case, __bench_cases_start, __bench_cases_end, c) {
		unsigned long free_before;

		if (!glob_match(bench_filter, c->name))
			continue;
		free_before = nr_free_pages();
		c->run();
		if (nr_free_pages() != free_before)
			bench_print("error", "%s leaked=%ld pages", c->name,
				    (long)(free_before - nr_free_pages()));
		cases_ran++;
	}
	return status;
}

/*
 * Last, after the user-space self-tests and /init, whose starts print
 * "bench: exec" lines: the runner takes a log without this line for one
 * cut short.
 */
static int bench_end(int status)
{
	if (bench_enabled)
		bench_print("end", "cases=%u", cases_ran);
	return status;
}

static struct late_hook bench_run_hook = { .phase = LATE_HOOK_REPORT, .fn = bench_run };
static struct late_hook bench_end_hook = { .phase = LATE_HOOK_END, .fn = bench_end };

static int __init bench_init(void)
{
	register_late_hook(&bench_run_hook);
	register_late_hook(&bench_end_hook);
	return 0;
}
late_initcall(bench_init);

/*
 * From call_usermodehelper() deciding to start the program (a thread,
 * its console, kernel_execve()) to the last kernel instructions before
 * ret_to_user() (restoring the registers, the return itself: not
 * counted). On one CPU: a bench boot's.
 */
void bench_user_entry(const char *path, u64 start)
{
	u64 insns = bench_counter() - start - bench_counter_overhead;

	if (bench_enabled)
		bench_print("exec", "%s insns=%llu", path, (unsigned long long)insns);
}

void bench_cost_add(struct bench_cost *cost, u64 insns, bool wrong)
{
	cost->total += insns;
	if (!cost->min || insns < cost->min)
		cost->min = insns;
	if (insns > cost->max)
		cost->max = insns;
	cost->wrong += wrong;
}

void bench_print_cost(const char *group, const char *search, size_t lookups,
		      const struct bench_cost *cost, u64 miss)
{
	bench_print(group, "%s lookups=%zu total=%llu min=%llu max=%llu miss=%llu wrong=%u",
		    search, lookups, (unsigned long long)cost->total,
		    (unsigned long long)cost->min, (unsigned long long)cost->max,
		    (unsigned long long)miss, cost->wrong);
}

void bench_print_synthetic(const char *group, const char *count, size_t n, unsigned int lookups,
			   const struct bench_cost *binary, const struct bench_cost *linear,
			   u64 binary_miss, u64 linear_miss)
{
	bench_print(group,
		    "%s=%zu lookups=%u bsearch=%llu bsearch_max=%llu linear=%llu "
		    "linear_max=%llu bsearch_miss=%llu linear_miss=%llu wrong=%u",
		    count, n, lookups, (unsigned long long)binary->total,
		    (unsigned long long)binary->max, (unsigned long long)linear->total,
		    (unsigned long long)linear->max, (unsigned long long)binary_miss,
		    (unsigned long long)linear_miss, binary->wrong + linear->wrong);
}

u32 bench_random(u32 *state)
{
	u32 x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *state = x;
}
