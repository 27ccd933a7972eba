/*
 * Boot-only code and data using permanent code and data, and each other:
 * references out of .init.* are always allowed. Must give no report.
 */
#include <kernel/init.h>

int init_to_text_total;
static int boot_limit __initdata = 4;

static int __attribute__((noinline)) permanent_add(int x)
{
	init_to_text_total += x;
	return init_to_text_total;
}

static int __init __attribute__((noinline)) boot_step(int x)
{
	return permanent_add(x) + boot_limit;
}

/* Boot-only tables pointing at permanent and at boot-only code. */
int (*const boot_steps[])(int) __initconst = { permanent_add, boot_step };
int (*boot_hook)(int) __initdata = permanent_add;

int __init boot_run(void)
{
	boot_limit = 5;
	return boot_steps[1](boot_limit) + boot_hook(1);
}
