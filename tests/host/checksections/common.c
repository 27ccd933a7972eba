/*
 * Linked in front of every case, so that in the combined object ("ld -r")
 * the case's .text and .init.* sections do not start at offset 0, as
 * in the kernel: section-relative addends must be adjusted by the link.
 * Nothing here is a mismatch.
 */
#include <kernel/init.h>

int common_counter;
static int common_boot_value __initdata = 1;
static const char common_boot_names[3][8] __initconst = { "one", "two", "three" };

int __init common_boot_setup(unsigned int i)
{
	return common_boot_value + common_counter + common_boot_names[i % 3][0];
}

int common_work(void)
{
	return common_counter * 3;
}
