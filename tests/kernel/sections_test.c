/*
 * The "sections" suite: the linker script's promises, checked on the
 * running kernel. Every start/stop pair is ordered and aligned, each table
 * holds a whole number of entries, the init region is page aligned (so it
 * can be freed), and on x86_64 .data..percpu starts at 0.
 */
#include <asm/page.h>
#include <asm/percpu.h>
#include <kernel/ktest.h>
#include <kernel/sections.h>

struct section_range {
	const char *name;
	const char *start, *stop;
	size_t entry_size;	/* 0 for a region that is not a table */
	size_t align;
};

static const struct section_range ranges[] __initconst = {
	{ "text", _stext, _etext, 0, 1 },
	{ ".sched.text", __sched_text_start, __sched_text_end, 0, 8 },
	{ "rodata", __start_rodata, __end_rodata, 0, PAGE_SIZE },
	{ "init", __init_begin, __init_end, 0, PAGE_SIZE },
	{ ".init.text", _sinittext, _einittext, 0, 1 },
	{ ".initcall.init", (const char *)__initcall_start, (const char *)__initcall_end,
	  sizeof(initcall_t), sizeof(initcall_t) },
	{ ".init.setup", __setup_start, __setup_end, 0, 8 },
	{ "__ex_table", __start___ex_table, __stop___ex_table, 0, 4 },
	{ "__bug_table", __start___bug_table, __stop___bug_table, 0, 8 },
	{ ".altinstructions", __alt_instructions, __alt_instructions_end, 0, 8 },
	{ ".ktest_suites", (const char *)__ktest_suites_start, (const char *)__ktest_suites_end,
	  sizeof(void *), sizeof(void *) },
	{ ".init.ktest_suites", (const char *)__ktest_init_suites_start,
	  (const char *)__ktest_init_suites_end, sizeof(void *), sizeof(void *) },
	{ ".data..percpu", __per_cpu_start, __per_cpu_end, 0, 64 },
	{ "data", _sdata, _edata, 0, 1 },
	{ "bss", __bss_start, __bss_stop, 0, PAGE_SIZE },
};

static void __init ranges_ordered_and_aligned(struct ktest *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(ranges); i++) {
		const struct section_range *r = &ranges[i];
		unsigned long start = (unsigned long)r->start, stop = (unsigned long)r->stop;

		if (stop < start)
			ktest_fail(t, __FILE__, __LINE__, "%s: stop %#lx below start %#lx",
				   r->name, stop, start);
		if (!IS_ALIGNED(start, r->align))
			ktest_fail(t, __FILE__, __LINE__, "%s: start %#lx not aligned to %zu",
				   r->name, start, r->align);
	}
}

static void __init tables_hold_whole_entries(struct ktest *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(ranges); i++) {
		const struct section_range *r = &ranges[i];
		size_t bytes = r->stop - r->start;

		if (r->entry_size && bytes % r->entry_size)
			ktest_fail(t, __FILE__, __LINE__, "%s: %zu bytes is not a whole number of %zu-byte entries",
				   r->name, bytes, r->entry_size);
	}
}

/* Each initcall level's start lies within the table, levels in order. */
static void __init initcall_levels_in_order(struct ktest *t)
{
	initcall_t *levels[] = {
		__initcall_start, __initcall0_start, __initcall1_start,
		__initcall2_start, __initcall3_start, __initcall4_start, __initcall5_start,
		__initcallrootfs_start, __initcall6_start, __initcall7_start, __initcall_end,
	};

	for (size_t i = 1; i < ARRAY_SIZE(levels); i++)
		KTEST_EXPECT_LE(t, (unsigned long)levels[i - 1], (unsigned long)levels[i]);
}

/* The image's big regions follow the order the linker script promises. */
static void __init image_layout_in_order(struct ktest *t)
{
	KTEST_EXPECT_LE(t, (unsigned long)_text, (unsigned long)_stext);
	KTEST_EXPECT_LE(t, (unsigned long)_etext, (unsigned long)__start_rodata);
	KTEST_EXPECT_LE(t, (unsigned long)__end_rodata, (unsigned long)__init_begin);
	KTEST_EXPECT_LT(t, (unsigned long)__init_begin, (unsigned long)__init_end);
	KTEST_EXPECT_LE(t, (unsigned long)__init_end, (unsigned long)_sdata);
	KTEST_EXPECT_LE(t, (unsigned long)__bss_stop, (unsigned long)_end);
	KTEST_EXPECT_TRUE(t, in_section((unsigned long)_sinittext, __init_begin, __init_end));
	KTEST_EXPECT_TRUE(t, in_section((unsigned long)__initcall_start, __init_begin, __init_end) ||
			     (void *)__initcall_start == (void *)__initcall_end);
}

/* This very suite is registered in .init.ktest_suites, inside the init region. */
static void __init init_suites_live_in_init(struct ktest *t)
{
	KTEST_EXPECT_TRUE(t, in_section((unsigned long)__ktest_init_suites_start,
					__init_begin, __init_end));
	KTEST_EXPECT_GE(t, section_count(__ktest_init_suites_start, __ktest_init_suites_end,
					 sizeof(void *)), 1);
}

/* The template's bytes (wherever it is linked) are freed with the init region. */
static void __init percpu_template_in_init(struct ktest *t)
{
	size_t size = __per_cpu_end - __per_cpu_start;

	KTEST_EXPECT_TRUE(t, in_section((unsigned long)__per_cpu_load, __init_begin, __init_end));
	KTEST_EXPECT_LE(t, (unsigned long)__per_cpu_load + size, (unsigned long)__init_end);
}

static const struct ktest_case sections_cases[] __initconst = {
	KTEST_CASE(ranges_ordered_and_aligned),
	KTEST_CASE(tables_hold_whole_entries),
	KTEST_CASE(initcall_levels_in_order),
	KTEST_CASE(image_layout_in_order),
	KTEST_CASE(init_suites_live_in_init),
	KTEST_CASE(percpu_template_in_init),
	{}
};

static const struct ktest_suite sections_suite __initconst = {
	"sections", sections_cases,
};
ktest_init_suite(sections_suite);
