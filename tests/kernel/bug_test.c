/*
 * The "bug" suite: WARN() through __bug_table. A WARN traps, is reported
 * with a backtrace, and execution goes on after it (the test would not get
 * to its next line otherwise); the warning count moves; WARN_ON_ONCE marks
 * its table entry done after the first report and is neither reported nor
 * counted again; every CPU warning at once, many times, loses no count.
 * BUG() itself is checked by a matrix line that boots with crash=bug and
 * expects the oops.
 */
#include <asm/processor.h>
#include <kernel/bug.h>
#include <kernel/ktest.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/smp.h>

static void warn_returns_and_counts(struct ktest *t)
{
	int before = atomic_read(&nr_warnings);
	bool fired = WARN_ON(before != -1);

	KTEST_EXPECT_TRUE(t, fired);
	KTEST_EXPECT_EQ(t, atomic_read(&nr_warnings), before + 1);
	KTEST_EXPECT_FALSE(t, WARN_ON(false));
	KTEST_EXPECT_EQ(t, atomic_read(&nr_warnings), before + 1);
}

static unsigned int __noinline once_site(void)
{
	WARN_ON_ONCE(true);
	return __LINE__ - 1;
}

static void warn_once_marks_entry_done(struct ktest *t)
{
	unsigned int line = once_site();
	const struct bug_entry *entry = NULL;
	int count;

	for_each_section_entry(const struct bug_entry, __start___bug_table, __stop___bug_table, b)
		if (b->line == line && (b->flags & BUGFLAG_ONCE))
			entry = b;
	KTEST_ASSERT_TRUE(t, entry != NULL);
	KTEST_EXPECT_TRUE(t, entry->flags & BUGFLAG_DONE);
	count = atomic_read(&nr_warnings);
	once_site();
	once_site();
	KTEST_EXPECT_EQ(t, atomic_read(&nr_warnings), count);
}

#define WARNS_PER_CPU	1000

static atomic_t arrived;

static void __noinline warn_many(void *info __unused)
{
	/* on_each_cpu() starts the CPUs one after another: all wait for the last. */
	atomic_inc_return(&arrived);
	while (atomic_read(&arrived) < (int)num_online_cpus())
		cpu_relax();
	for (int i = 0; i < WARNS_PER_CPU; i++)
		WARN_ON(true);
}

/*
 * Every CPU warns WARNS_PER_CPU times at once; a count that is a plain
 * load, add and store loses some of them. The reports are not printed
 * (console_loglevel), so the traps follow each other closely.
 */
static void warnings_counted_on_every_cpu(struct ktest *t)
{
	int before = atomic_read(&nr_warnings), loglevel = console_loglevel;

	atomic_set(&arrived, 0);
	console_loglevel = 0;
	on_each_cpu(warn_many, NULL, true);
	console_loglevel = loglevel;
	KTEST_EXPECT_EQ(t, atomic_read(&nr_warnings) - before,
			(int)(WARNS_PER_CPU * num_online_cpus()));
}

static const struct ktest_case bug_cases[] = {
	KTEST_CASE(warn_returns_and_counts),
	KTEST_CASE(warn_once_marks_entry_done),
	KTEST_CASE(warnings_counted_on_every_cpu),
	{}
};

static const struct ktest_suite bug_suite = { "bug", bug_cases };
ktest_suite(bug_suite);
