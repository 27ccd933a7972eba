/*
 * Permanent code and data using boot-only data: static objects. x86_64
 * relocations name them as their section plus an offset (one store has an
 * immediate after the displacement); ARM ones, built without section
 * anchors, name the objects, except the pointer in .data (an offset in the
 * word). No object starts its section, so a wrong addend shows.
 */
#include <kernel/init.h>

static int boot_first __initdata = 1;
static int boot_second __initdata = 2;
static int boot_third __initdata = 3;
static const int boot_table[4] __initconst = { 1, 2, 3, 4 };
static const int boot_limits[4] __initconst = { 5, 6, 7, 8 };

/* A permanent pointer to boot-only data. */
const int *late_limits = boot_limits;

int *boot_first_address(void)
{
	return &boot_first;
}

int read_boot_second(void)
{
	return boot_second;
}

void store_boot_third(void)
{
	boot_third = 0x12345;	/* x86_64: an immediate follows the displacement */
}

int __init boot_sum(unsigned int i)
{
	return boot_first + boot_second + boot_third + boot_table[i % 4] + boot_limits[i % 4];
}
