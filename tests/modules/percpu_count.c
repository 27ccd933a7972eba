/*
 * percpu_count: a module with a per-CPU variable of its own (its
 * .data..percpu section, which a loader must copy for every CPU), counted
 * on every CPU with on_each_cpu() and summed.
 */
#include <kernel/errno.h>
#include <kernel/module.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/smp.h>

static DEFINE_PER_CPU(unsigned int, percpu_count_hits);

static void percpu_count_hit(void *info)
{
	(void)info;
	this_cpu_inc(percpu_count_hits);
}

static int __init percpu_count_init(void)
{
	unsigned int sum = 0, cpu;

	on_each_cpu(percpu_count_hit, NULL, true);
	for_each_online_cpu(cpu)
		sum += per_cpu(percpu_count_hits, cpu);
	pr_info("percpu_count: %u hits on %u CPUs\n", sum, num_online_cpus());
	return sum == num_online_cpus() ? 0 : -EIO;
}
module_init(percpu_count_init);

static void __exit percpu_count_exit(void)
{
	pr_info("percpu_count: leaving\n");
}
module_exit(percpu_count_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Special K");
MODULE_DESCRIPTION("Counts on every CPU in a per-CPU variable of its own");
