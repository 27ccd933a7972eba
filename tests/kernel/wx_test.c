/*
 * The "wx" suite: the finished kernel's memory protection, checked by its
 * effects. No page is both writable and executable (a walk of the page
 * tables, seen to count one page made so on purpose); a write to .rodata
 * faults (recovered through __ex_table, so the test sees -EFAULT and the
 * value unchanged); a read of the freed init region faults; code stays
 * readable.
 */
#include <asm/page.h>
#include <kernel/errno.h>
#include <kernel/ktest.h>
#include <kernel/pgtable.h>
#include <kernel/sections.h>
#include <kernel/uaccess.h>

#include "wx_arch.h"

static const unsigned long rodata_word = 0x600dc0de;

static void no_page_writable_and_executable(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, count_wx_pages(), 0);
}

/* A page of its own: no other data shares the entry made executable. */
static unsigned long wx_page[PAGE_SIZE / sizeof(long)] __aligned(PAGE_SIZE);

/* The walk does find one: a data page made executable too counts, and no longer once undone. */
static void count_finds_a_wx_page(struct ktest *t)
{
	KTEST_ASSERT_TRUE(t, wx_arch_set_exec(wx_page, true));
	KTEST_EXPECT_EQ(t, count_wx_pages(), 1);
	wx_arch_set_exec(wx_page, false);
	KTEST_EXPECT_EQ(t, count_wx_pages(), 0);
}

static void write_to_rodata_faults(struct ktest *t)
{
	unsigned long *p = (unsigned long *)&rodata_word;

	KTEST_EXPECT_EQ(t, put_kernel_nofault(p, 0xbadul), -EFAULT);
	KTEST_EXPECT_EQ(t, READ_ONCE(*p), 0x600dc0de);
}

static void read_of_freed_init_memory_faults(struct ktest *t)
{
	unsigned long val = 1, last = (unsigned long)__init_end - sizeof(long);

	KTEST_EXPECT_EQ(t, get_kernel_nofault(val, (unsigned long *)__init_begin), -EFAULT);
	KTEST_EXPECT_EQ(t, val, 0);
	KTEST_EXPECT_EQ(t, get_kernel_nofault(val, (unsigned long *)last), -EFAULT);
}

static void text_still_readable(struct ktest *t)
{
	unsigned long val;

	KTEST_EXPECT_EQ(t, get_kernel_nofault(val, (unsigned long *)_stext), 0);
}

static const struct ktest_case wx_cases[] = {
	KTEST_CASE(no_page_writable_and_executable),
	KTEST_CASE(count_finds_a_wx_page),
	KTEST_CASE(write_to_rodata_faults),
	KTEST_CASE(read_of_freed_init_memory_faults),
	KTEST_CASE(text_still_readable),
	{}
};

static const struct ktest_suite wx_suite = { "wx", wx_cases };
ktest_suite(wx_suite);
