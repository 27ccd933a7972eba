/*
 * The "ksymtab" suite: EXPORT_SYMBOL()'s tables (__ksymtab,
 * __ksymtab_gpl) are sorted and hold no name twice, and find_symbol()
 * answers as a module loader needs: an export's entry holds the address
 * the kernel itself uses (a function, an array, a per-CPU variable), a
 * name nobody exports is not found, and a GPL-only export is found only
 * for a GPL-compatible asker.
 */
#include <kernel/ksymtab.h>
#include <kernel/ktest.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/slab.h>
#include <kernel/string.h>
#include <kernel/uaccess.h>

static bool lookup(const char *name, bool gplok, struct find_symbol_arg *fsa)
{
	*fsa = (struct find_symbol_arg){ .name = name, .gplok = gplok };
	return find_symbol(fsa);
}

static void tables_sorted_and_unique(struct ktest *t)
{
	KTEST_EXPECT_TRUE(t, ksymtab_entries() > 0);
	KTEST_EXPECT_TRUE(t, ksymtab_gpl_entries() > 0);
	KTEST_EXPECT_TRUE(t, !ksymtab_first_unsorted(__start___ksymtab, ksymtab_entries()));
	KTEST_EXPECT_TRUE(t, !ksymtab_first_unsorted(__start___ksymtab_gpl,
						      ksymtab_gpl_entries()));
}

/*
 * The check itself catches both faults, on a table made here (in .bss, near
 * the names). The two "b"s are arrays of their own: equal string literals
 * may share one address, and then a report of the first "b" would pass for
 * the second.
 */
static void unsorted_table_detected(struct ktest *t)
{
	static struct kernel_symbol fake[3];
	static const char a[] = "a", b[] = "b", b_again[] = "b", c[] = "c";
	static const char *const names[][3] = {
		{ a, c, b },		/* out of order: "b" */
		{ a, b, b_again },	/* twice: the second "b" */
		{ a, b, c },		/* fine */
	};

	for (size_t k = 0; k < ARRAY_SIZE(names); k++) {
		for (size_t i = 0; i < 3; i++)
			fake[i].name_offset = (s32)((unsigned long)names[k][i] -
						    (unsigned long)&fake[i].name_offset);
		const char *bad = ksymtab_first_unsorted(fake, 3);

		if (k < 2)
			KTEST_EXPECT_TRUE(t, bad == names[k][2]);
		else
			KTEST_EXPECT_TRUE(t, !bad);
	}
}

static void function_found(struct ktest *t)
{
	struct find_symbol_arg fsa;

	KTEST_ASSERT_TRUE(t, lookup("printk", false, &fsa));
	KTEST_EXPECT_EQ(t, kernel_symbol_value(fsa.sym), (unsigned long)printk);
	KTEST_EXPECT_STREQ(t, kernel_symbol_name(fsa.sym), "printk");
	KTEST_EXPECT_STREQ(t, kernel_symbol_namespace(fsa.sym), "");
	KTEST_EXPECT_EQ(t, fsa.license, NOT_GPL_ONLY);
	KTEST_ASSERT_TRUE(t, lookup("kmalloc", false, &fsa));
	KTEST_EXPECT_EQ(t, kernel_symbol_value(fsa.sym), (unsigned long)kmalloc);
	KTEST_ASSERT_TRUE(t, lookup("kfree", false, &fsa));
	KTEST_EXPECT_EQ(t, kernel_symbol_value(fsa.sym), (unsigned long)kfree);
	KTEST_ASSERT_TRUE(t, lookup("strcmp", true, &fsa));
	KTEST_EXPECT_EQ(t, kernel_symbol_value(fsa.sym), (unsigned long)strcmp);
	KTEST_EXPECT_EQ(t, fsa.license, NOT_GPL_ONLY);
}

/* Data: an array, and per-CPU variables (on x86_64 an offset from 0: the entry wraps). */
static void data_found(struct ktest *t)
{
	struct find_symbol_arg fsa;

	KTEST_ASSERT_TRUE(t, lookup("__per_cpu_offset", false, &fsa));
	KTEST_EXPECT_EQ(t, kernel_symbol_value(fsa.sym), (unsigned long)__per_cpu_offset);
	KTEST_ASSERT_TRUE(t, lookup("this_cpu_off", false, &fsa));
	KTEST_EXPECT_EQ(t, kernel_symbol_value(fsa.sym), (unsigned long)&this_cpu_off);
	KTEST_EXPECT_EQ(t, *per_cpu_ptr((unsigned long *)kernel_symbol_value(fsa.sym), 0),
			per_cpu_offset(0));
}

static void not_found(struct ktest *t)
{
	static const char *const absent[] = {
		"", "printk_", "printkz", "print", "PRINTK", "no_such_symbol",
		"check_ksymtabs",	/* defined, static, not exported */
		"find_symbol",		/* defined, global, not exported */
		"\x7f", "!",		/* above and below every name */
	};
	struct find_symbol_arg fsa;

	for (size_t i = 0; i < ARRAY_SIZE(absent); i++) {
		KTEST_EXPECT_FALSE(t, lookup(absent[i], true, &fsa));
		KTEST_EXPECT_TRUE(t, !fsa.sym);
	}
}

static void gpl_only(struct ktest *t)
{
	struct find_symbol_arg fsa;

	KTEST_EXPECT_FALSE(t, lookup("copy_from_kernel_nofault", false, &fsa));
	KTEST_ASSERT_TRUE(t, lookup("copy_from_kernel_nofault", true, &fsa));
	KTEST_EXPECT_EQ(t, fsa.license, GPL_ONLY);
	KTEST_EXPECT_EQ(t, kernel_symbol_value(fsa.sym), (unsigned long)copy_from_kernel_nofault);
	KTEST_EXPECT_TRUE(t, in_section((unsigned long)fsa.sym, __start___ksymtab_gpl,
					__stop___ksymtab_gpl));
}

/* The binary search reaches every entry of both tables, and each name lies in __ksymtab_strings. */
static void every_entry_found(struct ktest *t)
{
	const struct kernel_symbol *tables[] = { __start___ksymtab, __start___ksymtab_gpl };
	const size_t sizes[] = { ksymtab_entries(), ksymtab_gpl_entries() };
	struct find_symbol_arg fsa;

	for (size_t k = 0; k < ARRAY_SIZE(tables); k++) {
		for (size_t i = 0; i < sizes[k]; i++) {
			const struct kernel_symbol *sym = &tables[k][i];
			const char *name = kernel_symbol_name(sym);

			KTEST_EXPECT_TRUE(t, in_section((unsigned long)name,
							__start___ksymtab_strings,
							__stop___ksymtab_strings));
			KTEST_EXPECT_TRUE(t, lookup(name, true, &fsa) && fsa.sym == sym);
			KTEST_EXPECT_EQ(t, fsa.license, k ? GPL_ONLY : NOT_GPL_ONLY);
		}
	}
}

static const struct ktest_case ksymtab_cases[] = {
	KTEST_CASE(tables_sorted_and_unique),
	KTEST_CASE(unsorted_table_detected),
	KTEST_CASE(function_found),
	KTEST_CASE(data_found),
	KTEST_CASE(not_found),
	KTEST_CASE(gpl_only),
	KTEST_CASE(every_entry_found),
	{}
};

static const struct ktest_suite ksymtab_suite = { "ksymtab", ksymtab_cases };
ktest_suite(ksymtab_suite);
