/*
 * Benchmarks: exact instruction counts, read by scripts/bench (`make bench`).
 *
 * Under QEMU's -icount shift=0,align=off,sleep=off the guest's counters
 * follow a virtual clock that advances by one per guest instruction, so a
 * difference of two counter readings is an exact, repeatable count of the
 * instructions in between. The arch says which counter (asm/bench.h):
 * the TSC on x86_64, the PMU cycle counter PMCCNTR on ARM (get_cycles()'s
 * CNTVCT there moves only once per 16 instructions).
 *
 * Four things feed the report:
 *  - the boot-step record the core keeps (include/kernel/boot_steps.h,
 *    kernel/boot_steps.c): the count since the kernel's first instruction
 *    (head.S takes the entry reading) at the end of each step;
 *  - the core's initcall record (initcall_results[], include/kernel/init.h):
 *    the cost of each call and of each level;
 *  - ktest's record of each self-test suite's cost (ktest_costs[],
 *    include/kernel/ktest.h);
 *  - benchmark cases, registered like ktest suites through a special
 *    section and run at the end of boot (step 19, report), when the
 *    command line says `bench` (all cases) or `bench=GLOB` (the cases
 *    whose name matches; so `bench=none` prints the boot figures only):
 *
 *	static void bench_my_thing(void) { ... bench_print("thing", ...); }
 *	bench_case(bench_my_thing);
 *
 * Every figure is one serial line, "bench: GROUP NAME key=value ...", which
 * scripts/bench parses; nothing is printed during boot, so a bench boot
 * counts the same instructions as a plain one up to step 19.
 */
#ifndef _KERNEL_BENCH_H
#define _KERNEL_BENCH_H

#include <kernel/boot_steps.h>
#include <kernel/compiler.h>
#include <kernel/init.h>
#include <kernel/types.h>

/* bench_counter(), bench_entry_count(), BENCH_COUNTER_NAME */
#include <asm/bench.h>

/*
 * One benchmark case: 2 pointers (8 bytes on ARM, 16 on x86_64), aligned to
 * a pointer, in .bench_cases between __bench_cases_start and
 * __bench_cases_end (BENCH_CASES in linker/sections.lds.h).
 */
struct bench_case {
	const char *name;
	void (*run)(void);
};

#define bench_case(fn)							\
	DEFINE_SECTION_ENTRY(const struct bench_case, __bench_case_##fn,	\
			     ".bench_cases") = { #fn, fn }

/*
 * kernel/bench.c's late hooks (include/kernel/init.h), registered by its
 * initcall: at boot step 19 (report), with `bench`, it prints the boot
 * figures and runs the selected cases; after /init, "bench: end", the
 * mark that every figure was printed.
 */

/*
 * kernel/umh.c: a program the kernel started (call_usermodehelper(), the
 * counter read then is `start`) is about to leave for user mode: with
 * `bench`, print what starting it cost ("bench: exec PATH insns=N").
 */
void bench_user_entry(const char *path, u64 start);

/*
 * For the cases. bench_measure(stmt) runs stmt and evaluates to the
 * instructions it took: the counter difference minus what reading the
 * counter costs (bench_counter_overhead, measured at startup so that an
 * empty statement measures 0; code generation around the readings can
 * still move a figure by an instruction or two). The compiler barriers
 * keep stmt between the readings.
 */
extern u64 bench_counter_overhead;

#define bench_measure(stmt)						\
	({								\
		u64 __start = bench_counter();				\
		barrier();						\
		stmt;							\
		barrier();						\
		bench_counter() - __start - bench_counter_overhead;	\
	})

/* One report line: "bench: GROUP " and the rest as printf formats it. */
__printf(2, 3) void bench_print(const char *group, const char *fmt, ...);

/* What a series of table lookups cost, for the search benchmarks (extable, ksymtab). */
struct bench_cost {
	u64 total, min, max;
	unsigned int wrong;	/* lookups that found the wrong entry, or none */
};

void bench_cost_add(struct bench_cost *cost, u64 insns, bool wrong);

/* "SEARCH lookups=N total=.. min=.. max=.. miss=.. wrong=..", as group's line. */
void bench_print_cost(const char *group, const char *search, size_t lookups,
		      const struct bench_cost *cost, u64 miss);

/*
 * A synthetic table of n entries, both searches: "COUNT=n lookups=..
 * bsearch=.. bsearch_max=.. linear=.. linear_max=.. bsearch_miss=..
 * linear_miss=.. wrong=..", COUNT saying what the table holds.
 */
void bench_print_synthetic(const char *group, const char *count, size_t n, unsigned int lookups,
			   const struct bench_cost *binary, const struct bench_cost *linear,
			   u64 binary_miss, u64 linear_miss);

/* Marsaglia's xorshift32: cheap, and the same keys in every run. */
u32 bench_random(u32 *state);

#endif
