/*
 * The in-kernel half of `make bench` (include/kernel/bench.h): boot-step
 * and initcall counts recorded during boot, and the benchmark cases of
 * .bench_cases, run at the end of boot (boot step 19, report) when the command line says `bench`.
 *
 * Recording costs a counter read and a store, and prints nothing, so the
 * counts of a bench boot are those of a plain boot. Everything is printed
 * at the end, after the self-tests, as "bench: ..." lines through
 * console_write() (like KTAP: loglevel= and quiet cannot hide them).
 * scripts/bench boots under -icount, collects the lines and writes the
 * report.
 */
#include <kernel/bench.h>
#include <kernel/console.h>
#include <kernel/glob.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/sections.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

#define MAX_BOOT_STEPS		24
#define MAX_INITCALLS		64
#define CALIBRATION_NOPS	100

struct boot_step_record {
	enum boot_step step;
	u64 insns;		/* since the kernel's first instruction */
};

struct initcall_record {
	initcall_t fn;
	unsigned int level;	/* index into initcall_levels[] */
	u64 insns;
};

/* include/kernel/boot_steps.h as data: what the bench lines and the gdb helper sk-boot print. */
#define __BOOT_STEP_INFO(n, name, what)	{ n, #name, what },
const struct boot_step_info boot_step_table[] = { BOOT_STEPS(__BOOT_STEP_INFO) };
const unsigned int nr_boot_step_table = ARRAY_SIZE(boot_step_table);

static bool bench_enabled;
static unsigned int cases_ran;
/* bench=GLOB: only the matching cases run; plain `bench` runs them all. */
static char bench_filter[64] = "*";
u64 bench_counter_overhead;

static struct boot_step_record boot_steps[MAX_BOOT_STEPS];
static unsigned int nr_boot_steps;
static struct initcall_record initcalls[MAX_INITCALLS];
static unsigned int nr_initcalls, initcalls_dropped;

/* Instructions since the kernel's first one. */
static u64 bench_insns_since_entry(void)
{
	return bench_counter() - bench_entry_count();
}

void boot_step(enum boot_step step)
{
	u64 now = bench_insns_since_entry();

	if (nr_boot_steps < ARRAY_SIZE(boot_steps))
		boot_steps[nr_boot_steps++] = (struct boot_step_record){ step, now };
}

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

u64 bench_initcall_begin(void)
{
	return bench_enabled ? bench_counter() : 0;
}

void __init bench_initcall_end(initcall_t fn, unsigned int level, u64 begin)
{
	u64 insns;

	if (!bench_enabled)
		return;
	insns = bench_counter() - begin - bench_counter_overhead;
	if (nr_initcalls == ARRAY_SIZE(initcalls)) {
		initcalls_dropped++;
		return;
	}
	initcalls[nr_initcalls++] = (struct initcall_record){ fn, level, insns };
}

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

/*
 * Every initcall with its level, and each level's total. The functions
 * are init code, freed by now: %ps still names them (kallsyms keeps every
 * symbol), but nothing here calls or reads them.
 */
static void print_initcalls(void)
{
	for (unsigned int level = 0; level < NR_INITCALL_LEVELS; level++) {
		u64 total = 0;
		unsigned int calls = 0;

		for (unsigned int i = 0; i < nr_initcalls; i++) {
			if (initcalls[i].level != level)
				continue;
			total += initcalls[i].insns;
			calls++;
		}
		bench_print("initcall_level", "%s calls=%u insns=%llu", initcall_levels[level].name,
			    calls, (unsigned long long)total);
	}
	for (unsigned int i = 0; i < nr_initcalls; i++)
		bench_print("initcall", "%ps level=%s insns=%llu", initcalls[i].fn,
			    initcall_levels[initcalls[i].level].name,
			    (unsigned long long)initcalls[i].insns);
	if (initcalls_dropped)
		bench_print("initcall", "dropped=%u", initcalls_dropped);
}

/*
 * Boot step 19 (report). The cases run on the finished kernel; each one must give
 * back every page it takes, as a ktest case must.
 */
void bench_run(void)
{
	if (!bench_enabled)
		return;
	bench_print("start", "arch=%s counter=%s filter=%s", SK_ARCH, BENCH_COUNTER_NAME,
		    bench_filter);
	print_counter();
	print_boot_steps();
	print_initcalls();
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
}

/*
 * Last, after the user-space self-tests and /init, whose starts print
 * "bench: exec" lines: the runner takes a log without this line for one
 * cut short.
 */
void bench_end(void)
{
	if (bench_enabled)
		bench_print("end", "cases=%u", cases_ran);
}

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
