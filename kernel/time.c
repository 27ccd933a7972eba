/*
 * Measuring the cycle counter's frequency is the first early initcall, so
 * that initcall_debug can report every later call in microseconds.
 */
#include <kernel/init.h>
#include <kernel/time.h>

static int __init time_init(void)
{
	arch_time_init();
	return 0;
}
early_initcall(time_init);
