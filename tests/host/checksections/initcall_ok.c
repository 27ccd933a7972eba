/*
 * Tables that legitimately point at boot-only code: initcalls, __setup()
 * entries, init-time test suites and alternatives are themselves freed with
 * init memory; entry code runs once, before anything is freed. Debug
 * information (-g) refers to everything. Must give no report.
 */
#include <kernel/init.h>

struct setup_entry {
	const char *name;
	int (*fn)(char *);
};

static int initcall_ok_ran;

static int __init my_driver_init(void)
{
	initcall_ok_ran = 1;
	return 0;
}
core_initcall(my_driver_init);
late_initcall(my_driver_init);

static int __init my_option(char *s)
{
	return s[0];
}
static const struct setup_entry my_option_entry __attribute__((used))
	__attribute__((section(".init.setup"))) = { "my_option=", my_option };

static const char boot_suite[] __initconst = "boot suite";
static const char *const boot_suite_ptr __attribute__((used))
	__attribute__((section(".init.ktest_suites"))) = boot_suite;

static void (*const alt_entry)(void) __attribute__((used))
	__attribute__((section(".altinstructions"))) = (void (*)(void))my_driver_init;

int __init __attribute__((noinline)) start_kernel_like(void)
{
	return initcall_ok_ran;
}

int __attribute__((section(".head.text"))) entry_like(void)
{
	return start_kernel_like();
}
