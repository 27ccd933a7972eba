/*
 * crash=MODE: crash the kernel on purpose, late in boot, so the runner can
 * check that a fault ends in a readable oops naming the right exception
 * and function, and a failure exit rather than a hang or a reset.
 *   crash=null   read through a NULL pointer (a page fault / data abort)
 *   crash=bug    BUG() (an undefined instruction listed in __bug_table)
 *   crash=stack  unbounded recursion into the stack's guard page
 *   crash=divide an integer division by zero (x86_64: #DE; 32-bit ARM has
 *                no such trap: udiv/sdiv return 0, which is reported)
 *   crash=nx     call into a buffer in .data, mapped never-executable
 *   crash=panic  call panic()
 */
#include <kernel/bug.h>
#include <kernel/compiler.h>
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/string.h>
#include <kernel/types.h>

static char crash_mode[16] __initdata;

static int __init set_crash_mode(char *val)
{
	strscpy(crash_mode, val, sizeof(crash_mode));
	return 0;
}
__setup("crash=", set_crash_mode);

static int __noinline crash_null_deref(void)
{
	int *volatile p = NULL;

	return *p;
}

static void __noinline crash_bug(void)
{
	BUG();
}

/*
 * Each frame keeps a buffer live, so the recursion eats the stack quickly.
 * It stops only at an absurd depth, which the stack never reaches.
 */
static int __noinline crash_stack_overflow(int depth)
{
	volatile char frame[256];

	frame[0] = (char)depth;
	if (depth > 1000000)
		return frame[0];
	return crash_stack_overflow(depth + 1) + frame[0];
}

static int __noinline crash_divide(void)
{
	volatile int zero = 0;

	return 100 / zero;
}

/* Not code: a data page, which the page tables map writable and never executable. */
static u8 nx_buffer[16] __aligned(16);

static int __noinline crash_execute_nx(void)
{
	int (*fn)(void) = (int (*)(void))(void *)nx_buffer;

	return fn();
}

static int __init crash_test(void)
{
	if (!crash_mode[0])
		return 0;
	pr_info("crash: crashing on purpose (crash=%s)\n", crash_mode);
	if (strcmp(crash_mode, "null") == 0)
		return crash_null_deref();
	if (strcmp(crash_mode, "bug") == 0)
		crash_bug();
	if (strcmp(crash_mode, "stack") == 0)
		return crash_stack_overflow(0);
	if (strcmp(crash_mode, "divide") == 0) {
		int r = crash_divide();

		pr_warn("crash: 100 / 0 gave %d: this CPU does not trap on division by zero\n", r);
		return r;
	}
	if (strcmp(crash_mode, "nx") == 0)
		return crash_execute_nx();
	if (strcmp(crash_mode, "panic") == 0)
		panic("crash=panic on the command line");
	pr_warn("crash: unknown mode '%s' (null, bug, stack, divide, nx, panic)\n", crash_mode);
	return -22;
}
late_initcall(crash_test);
