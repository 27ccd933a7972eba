/*
 * The "sections" suite: the linker script's promises, checked on the
 * running kernel against the registry (include/kernel/section_registry.h).
 * Every start/stop pair is ordered and aligned, each table holds a whole
 * number of entries, the sections the registry calls init lie in the init
 * region and no other does, the init region is page aligned (so it
 * can be freed), and on x86_64 .data..percpu starts at 0.
 */
#include <asm/page.h>
#include <asm/percpu.h>
#include <kernel/ktest.h>
#include <kernel/sections.h>

/* The image's regions that are not special sections, and the alignment each start keeps. */
struct layout_range {
	const char *name;
	const char *start, *stop;
	size_t align;
};

static const struct layout_range layout[] __initconst = {
	{ "text", _stext, _etext, 1 },
	{ "rodata", __start_rodata, __end_rodata, PAGE_SIZE },
	{ "init", __init_begin, __init_end, PAGE_SIZE },
	{ ".sched.text", __sched_text_start, __sched_text_end, 8 },
	{ ".data..percpu", __per_cpu_start, __per_cpu_end, 64 },
	{ "data", _sdata, _edata, 1 },
	{ "bss", __bss_start, __bss_stop, PAGE_SIZE },
};

static void __init check_range(struct ktest *t, const char *name, unsigned long start,
			       unsigned long stop, size_t align)
{
	if (stop < start)
		ktest_fail(t, __FILE__, __LINE__, "%s: stop %#lx below start %#lx", name, stop, start);
	if (!IS_ALIGNED(start, align))
		ktest_fail(t, __FILE__, __LINE__, "%s: start %#lx not aligned to %zu",
			   name, start, align);
}

static void __init ranges_ordered_and_aligned(struct ktest *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(layout); i++)
		check_range(t, layout[i].name, (unsigned long)layout[i].start,
			    (unsigned long)layout[i].stop, layout[i].align);
	for (size_t i = 0; i < nr_special_sections; i++) {
		const struct special_section *s = &special_sections[i];

		check_range(t, s->name, (unsigned long)s->start, (unsigned long)s->stop,
			    s->entry_align);
	}
}

/* Every section the registry calls a table holds whole entries of its type, and has a size. */
static void __init tables_hold_whole_entries(struct ktest *t)
{
	for (size_t i = 0; i < nr_special_sections; i++) {
		const struct special_section *s = &special_sections[i];
		size_t bytes = (const char *)s->stop - (const char *)s->start;

		if (s->entry_size && bytes % s->entry_size)
			ktest_fail(t, __FILE__, __LINE__, "%s: %zu bytes is not a whole number of %zu-byte entries",
				   s->name, bytes, s->entry_size);
	}
}

/* The registry says which sections are freed with the init region: the addresses agree. */
static void __init init_sections_lie_in_init(struct ktest *t)
{
	for (size_t i = 0; i < nr_special_sections; i++) {
		const struct special_section *s = &special_sections[i];
		unsigned long where = (unsigned long)section_image_start(s);
		bool inside = in_section(where, __init_begin, __init_end) ||
			      (where == (unsigned long)__init_end && s->start == s->stop);

		if (inside != s->init)
			ktest_fail(t, __FILE__, __LINE__, "%s at %#lx: the registry says %s, it lies %s",
				   s->name, where, s->init ? "init" : "kept",
				   inside ? "inside the init region" : "outside it");
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
	KTEST_CASE(init_sections_lie_in_init),
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
