/*
 * The "bug" suite: WARN() through __bug_table. A WARN traps, is reported
 * with a backtrace, and execution goes on after it (the test would not get
 * to its next line otherwise); the warning count moves; WARN_ON_ONCE marks
 * its table entry done after the first report and is neither reported nor
 * counted again.
 * BUG() itself is checked by a matrix line that boots with crash=bug and
 * expects the oops.
 */
#include <kernel/bug.h>
#include <kernel/ktest.h>
#include <kernel/sections.h>

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

static const struct ktest_case bug_cases[] = {
	KTEST_CASE(warn_returns_and_counts),
	KTEST_CASE(warn_once_marks_entry_done),
	{}
};

static const struct ktest_suite bug_suite = { "bug", bug_cases };
ktest_suite(bug_suite);
