/*
 * The boot steps as data, and the record of the steps done.
 *
 * start_kernel() calls boot_step() after each step of
 * include/kernel/boot_steps.h; the record keeps the count of instructions
 * since the kernel's first one (the arch's counter, <asm/bench.h>: exact
 * under QEMU's -icount). It is always kept, a counter read and a store a
 * step, so a plain boot and a measured one run the same code. Its readers
 * are layers: `make bench` prints it (kernel/bench.c), the gdb helper
 * sk-boot shows it (scripts/gdb/sk/boot.py).
 */
#include <asm/bench.h>
#include <kernel/boot_steps.h>
#include <kernel/compiler.h>

#define __BOOT_STEP_INFO(n, name, what)	{ n, #name, what },
const struct boot_step_info boot_step_table[] = { BOOT_STEPS(__BOOT_STEP_INFO) };
const unsigned int nr_boot_step_table = ARRAY_SIZE(boot_step_table);

/* One entry a step: each step is done once. */
struct boot_step_record boot_steps[ARRAY_SIZE(boot_step_table)];
unsigned int nr_boot_steps;

void boot_step(enum boot_step step)
{
	u64 now = bench_counter() - bench_entry_count();

	if (nr_boot_steps < ARRAY_SIZE(boot_steps))
		boot_steps[nr_boot_steps++] = (struct boot_step_record){ step, now };
}
