/*
 * The boot steps: what start_kernel() (kernel/main.c) does, in order.
 *
 * This list is the one place where the steps are numbered and named,
 * X(number, name, what) each. start_kernel() marks each step done with
 * boot_step(BOOT_STEP_<name>) (kernel/boot_steps.c records the instruction
 * count; kernel/bench.c prints "bench: step N name=..." from it); scripts/bench
 * reads this file for its report; the gdb helper sk-boot prints the steps
 * done from the kernel's copy (boot_step_table[]); and
 * scripts/check-boot-steps, run by make check, fails when start_kernel(),
 * the README's list or a "boot step N" mention disagrees with it.
 *
 * The check script reads the list as text: keep one X() a line.
 */
#ifndef _KERNEL_BOOT_STEPS_H
#define _KERNEL_BOOT_STEPS_H

#include <kernel/types.h>

#define BOOT_STEPS(X)								\
	X(1, console, "early console and banner")				\
	X(2, bootinfo, "boot information: memory map and command line")	\
	X(3, params, "parameters: early_param() handlers, then every __setup()") \
	X(4, cpufeatures, "CPU features")					\
	X(5, alternatives, "alternatives")					\
	X(6, traps, "trap handlers")						\
	X(7, memory, "page allocator and page tables")				\
	X(8, cpus, "CPU enumeration: the possible CPUs")			\
	X(9, percpu, "per-CPU areas")						\
	X(10, sched, "scheduler")						\
	X(11, time, "clock calibration")					\
	X(12, irq, "interrupt controller, the tick, interrupts on")		\
	X(13, early_initcalls, "early initcalls")				\
	X(14, smp, "secondary CPUs")						\
	X(15, initcalls, "initcalls, level by level")				\
	X(16, init_selftests, "self-tests using init memory")			\
	X(17, free_initmem, "free init memory, rodata read-only")		\
	X(18, selftests, "self-tests of the finished kernel")			\
	X(19, report, "report and exit")

#define __BOOT_STEP_ENUM(n, name, what)	BOOT_STEP_##name = n,
enum boot_step { BOOT_STEPS(__BOOT_STEP_ENUM) };

/* A boot step is done: record the instruction count since the kernel's first instruction. */
void boot_step(enum boot_step step);

/* The steps as data, in order (boot_step_table[n - 1] is step n). */
struct boot_step_info {
	unsigned int n;
	const char *name;
	const char *what;
};
extern const struct boot_step_info boot_step_table[];
extern const unsigned int nr_boot_step_table;

/* The steps done, in order, each with the count at its end. */
struct boot_step_record {
	enum boot_step step;
	u64 insns;
};
extern struct boot_step_record boot_steps[];
extern unsigned int nr_boot_steps;

#endif
