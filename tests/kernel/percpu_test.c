/*
 * The "percpu" suite: setup_per_cpu_areas() and the accessors, seen from
 * the boot CPU (tests/kernel/smp_test.c has the other CPUs' view).
 *
 * - Every possible CPU's area holds the template's initial values, at its
 *   own page-aligned address, with its own cpu_number and this_cpu_off,
 *   and CPU 0 no longer uses the template.
 * - this_cpu_read/write/add/inc/dec on 1, 2, 4 and 8-byte variables land
 *   in CPU 0's copy (read back through per_cpu()), wrapping like the type.
 * What this_cpu_inc() costs against per_cpu(var, smp_processor_id())++ is
 * make bench's to measure (tests/kernel/bench_percpu.c, exact under -icount).
 */
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/percpu.h>
#include <kernel/smp.h>

#define PCPU_INITIAL	0x5eed0000c0ffee01ull

static DEFINE_PER_CPU(u64, pcpu_initial) = PCPU_INITIAL;
static DEFINE_PER_CPU(char [12], pcpu_initial_text) = "per-CPU";
static DEFINE_PER_CPU_SHARED_ALIGNED(u32, pcpu_aligned) = 7;
static DEFINE_PER_CPU(u8, pcpu_u8);
static DEFINE_PER_CPU(u16, pcpu_u16);
static DEFINE_PER_CPU(u32, pcpu_u32);
static DEFINE_PER_CPU(u64, pcpu_u64);

/* Nobody writes these: each area must still hold what the template held. */
static void initial_values_in_every_area(struct ktest *t)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		const char *text = per_cpu(pcpu_initial_text, cpu);

		KTEST_EXPECT_EQ(t, per_cpu(pcpu_initial, cpu), PCPU_INITIAL);
		KTEST_EXPECT_TRUE(t, text[0] == 'p' && text[7] == '\0' && text[11] == '\0');
		KTEST_EXPECT_EQ(t, per_cpu(pcpu_aligned, cpu), 7);
		KTEST_EXPECT_TRUE(t, IS_ALIGNED((unsigned long)per_cpu_ptr(&pcpu_aligned, cpu),
						SMP_CACHE_BYTES));
	}
}

static void areas_apart_and_own(struct ktest *t)
{
	size_t size = percpu_static_size();
	unsigned int cpu, other;

	KTEST_EXPECT_GT(t, size, 0);
	for_each_possible_cpu(cpu) {
		unsigned long area = per_cpu_offset(cpu) + (unsigned long)__per_cpu_start;

		KTEST_EXPECT_TRUE(t, IS_ALIGNED(area, PAGE_SIZE));
		KTEST_EXPECT_EQ(t, per_cpu(cpu_number, cpu), cpu);
		KTEST_EXPECT_EQ(t, per_cpu(this_cpu_off, cpu), per_cpu_offset(cpu));
		/* No two areas overlap. */
		for_each_possible_cpu(other) {
			unsigned long a = per_cpu_offset(cpu), b = per_cpu_offset(other);

			if (other != cpu)
				KTEST_EXPECT_TRUE(t, b >= a + size || a >= b + size);
		}
	}
	/* The template is init memory, freed by now: CPU 0 must be on its own area. */
	KTEST_EXPECT_NE(t, per_cpu_offset(0), BOOT_PERCPU_OFFSET);
	KTEST_EXPECT_EQ(t, my_cpu_offset(), per_cpu_offset(0));
	KTEST_EXPECT_EQ(t, smp_processor_id(), 0);
	KTEST_EXPECT_TRUE(t, this_cpu_ptr(&pcpu_u64) == per_cpu_ptr(&pcpu_u64, 0));
	ktest_diag("percpu: %zu bytes of per-CPU data, %u area%s", size, nr_cpu_ids,
		   nr_cpu_ids == 1 ? "" : "s");
}

/* One size of variable: write, add, inc, dec, each read back both ways. */
#define CHECK_OPS(t, var, type)							\
	do {									\
		this_cpu_write(var, (type)(~(type)0 - 1));			\
		KTEST_EXPECT_EQ(t, this_cpu_read(var), (type)(~(type)0 - 1));	\
		this_cpu_inc(var);						\
		KTEST_EXPECT_EQ(t, per_cpu(var, 0), (type)~(type)0);		\
		this_cpu_inc(var);	/* wraps to 0, as the type does */	\
		KTEST_EXPECT_EQ(t, per_cpu(var, 0), 0);				\
		this_cpu_add(var, 40);						\
		this_cpu_add(var, 2);						\
		this_cpu_dec(var);						\
		this_cpu_sub(var, 1);						\
		KTEST_EXPECT_EQ(t, this_cpu_read(var), 40);			\
		KTEST_EXPECT_EQ(t, per_cpu(var, 0), 40);			\
	} while (0)

static void this_cpu_ops_every_size(struct ktest *t)
{
	unsigned int cpu;

	CHECK_OPS(t, pcpu_u8, u8);
	CHECK_OPS(t, pcpu_u16, u16);
	CHECK_OPS(t, pcpu_u32, u32);
	CHECK_OPS(t, pcpu_u64, u64);
	/* A full-width value: no half of a 64-bit add may be lost (ARM does it in two words). */
	this_cpu_write(pcpu_u64, 0xffffffffull);
	this_cpu_add(pcpu_u64, 1);
	KTEST_EXPECT_EQ(t, per_cpu(pcpu_u64, 0), 0x100000000ull);
	/* Other CPUs' copies are not touched by CPU 0's operations. */
	for_each_possible_cpu(cpu)
		if (cpu)
			KTEST_EXPECT_EQ(t, per_cpu(pcpu_u64, cpu), 0);
}

static const struct ktest_case percpu_cases[] = {
	KTEST_CASE(initial_values_in_every_area),
	KTEST_CASE(areas_apart_and_own),
	KTEST_CASE(this_cpu_ops_every_size),
	{},
};

static const struct ktest_suite percpu_suite = { "percpu", percpu_cases };
ktest_suite(percpu_suite);
