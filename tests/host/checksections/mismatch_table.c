/*
 * Permanent tables pointing into boot-only memory: a self-test suite list
 * (.ktest_suites, used after init is freed) naming an __initconst suite, and
 * an exception-table entry for an instruction in __init code. Linux reports
 * the latter too, though after boot it is only dead weight.
 */
#include <kernel/init.h>

struct table_suite {
	const char *name;
};

static const struct table_suite boot_only_suite __initconst = { "boot only" };
static const struct table_suite *const suite_ptr __attribute__((used))
	__attribute__((section(".ktest_suites"))) = &boot_only_suite;

void __init risky_boot_probe(void)
{
}

static void (*const extable_entry)(void) __attribute__((used))
	__attribute__((section("__ex_table"))) = risky_boot_probe;
