/*
 * The "extable" suite: faults recovered through __ex_table, checked by
 * their effect. A nofault read of an address that is not mapped returns
 * -EFAULT and zeroes the destination (had the fixup not run, this would be
 * an oops, not a failed test); every entry of the real table is found by
 * its own address and addresses between entries are not; the table is
 * sorted (scripts/sorttable ran at link time).
 */
#include <kernel/errno.h>
#include <kernel/extable.h>
#include <kernel/ktest.h>
#include <kernel/sections.h>
#include <kernel/string.h>
#include <kernel/uaccess.h>

static void nofault_read_of_null(struct ktest *t)
{
	unsigned long val = 0x5a5a5a5a;
	u8 bytes[3] = { 1, 2, 3 };

	KTEST_EXPECT_EQ(t, get_kernel_nofault(val, (unsigned long *)NULL), -EFAULT);
	KTEST_EXPECT_EQ(t, val, 0);
	KTEST_EXPECT_EQ(t, copy_from_kernel_nofault(bytes, (void *)1, sizeof(bytes)), -EFAULT);
	KTEST_EXPECT_EQ(t, bytes[0] | bytes[1] | bytes[2], 0);
}

static void nofault_write_to_null(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, put_kernel_nofault((unsigned long *)NULL, 1ul), -EFAULT);
	KTEST_EXPECT_EQ(t, put_kernel_nofault((u8 *)7, (u8)1), -EFAULT);
}

static void nofault_on_good_memory(struct ktest *t)
{
	static unsigned long word = 0x1234;
	char src[13] = "special k", dst[13];
	unsigned long val;

	KTEST_EXPECT_EQ(t, get_kernel_nofault(val, &word), 0);
	KTEST_EXPECT_EQ(t, val, 0x1234);
	KTEST_EXPECT_EQ(t, put_kernel_nofault(&word, 77ul), 0);
	KTEST_EXPECT_EQ(t, word, 77);
	KTEST_EXPECT_EQ(t, copy_from_kernel_nofault(dst, src, sizeof(src)), 0);
	KTEST_EXPECT_EQ(t, memcmp(dst, src, sizeof(src)), 0);
	KTEST_EXPECT_EQ(t, copy_to_kernel_nofault(dst + 1, "KK", 2), 0);
	KTEST_EXPECT_STREQ(t, dst, "sKKcial k");
}

static void every_entry_found(struct ktest *t)
{
	const struct exception_table_entry *e = (const void *)__start___ex_table;
	size_t n = exception_table_entries();

	KTEST_ASSERT_TRUE(t, n > 0);
	for (size_t i = 0; i < n; i++) {
		unsigned long insn = ex_insn_addr(&e[i]);
		const struct exception_table_entry *found = search_exception_tables(insn);

		KTEST_EXPECT_TRUE(t, found && ex_insn_addr(found) == insn);
		/* One byte later is inside the same instruction, never another entry's. */
		if (i + 1 == n || ex_insn_addr(&e[i + 1]) != insn + 1)
			KTEST_EXPECT_TRUE(t, search_exception_tables(insn + 1) == NULL);
	}
	KTEST_EXPECT_TRUE(t, search_exception_tables((unsigned long)_stext) == NULL);
	KTEST_EXPECT_TRUE(t, search_exception_tables(0) == NULL);
}

static void table_sorted_at_build_time(struct ktest *t)
{
	KTEST_EXPECT_TRUE(t, exception_table_sorted());
	ktest_diag("__ex_table: %zu entries of %zu bytes", exception_table_entries(),
		   sizeof(struct exception_table_entry));
}

static const struct ktest_case extable_cases[] = {
	KTEST_CASE(nofault_read_of_null),
	KTEST_CASE(nofault_write_to_null),
	KTEST_CASE(nofault_on_good_memory),
	KTEST_CASE(every_entry_found),
	KTEST_CASE(table_sorted_at_build_time),
	{}
};

static const struct ktest_suite extable_suite = { "extable", extable_cases };
ktest_suite(extable_suite);
