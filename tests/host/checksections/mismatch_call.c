/*
 * Permanent code calling boot-only code: two mismatches, one to a global
 * __init function (the relocation names it) and one to a static one (on
 * x86_64 the relocation names .init.text plus an offset).
 */
#include <kernel/init.h>

int mismatch_call_total;

int __init __attribute__((noinline)) global_boot_helper(int x)
{
	return x + 1;
}

static int __init __attribute__((noinline)) static_boot_helper(int x)
{
	mismatch_call_total += x;
	return x * 2;
}

int __init boot_entry(void)
{
	return global_boot_helper(1) + static_boot_helper(2);
}

int late_caller(int x)
{
	return global_boot_helper(x) + static_boot_helper(x);
}
