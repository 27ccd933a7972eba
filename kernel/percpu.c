/*
 * Boot step 9: one copy of .data..percpu for every possible CPU.
 *
 * The template (__per_cpu_start .. __per_cpu_end, its bytes at
 * __per_cpu_load in the init region) holds every DEFINE_PER_CPU variable
 * with its initial value. Each CPU's area is a page-aligned block from the
 * page allocator with the template copied in; __per_cpu_offset[cpu] says
 * how far that copy lies from the template's link address, which is what
 * per_cpu() adds. The areas are never freed; the template goes with the
 * init memory at step 17, so nothing may use it after this step: CPU 0
 * switches its base register to its own area here, each secondary CPU
 * sets its own before it runs any C that touches per-CPU data.
 *
 * The line printed is Linux's, with the same fields: pages per CPU, the
 * static size s, the part reserved for modules' per-CPU variables r (the
 * rest of the unit after the template, at least PERCPU_MODULE_MIN), no
 * dynamic part (d, for alloc_percpu), the unit size u, then how many
 * areas were made.
 */
#include <kernel/export.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <kernel/string.h>

unsigned long __per_cpu_offset[NR_CPUS] = { [0 ... NR_CPUS - 1] = BOOT_PERCPU_OFFSET };
EXPORT_SYMBOL(__per_cpu_offset);
DEFINE_PER_CPU(unsigned long, this_cpu_off) = BOOT_PERCPU_OFFSET;
EXPORT_PER_CPU_SYMBOL(this_cpu_off);

size_t percpu_module_reserve;

void __init setup_per_cpu_areas(void)
{
	size_t size = percpu_static_size();
	unsigned int order = get_order(percpu_module_base() + PERCPU_MODULE_MIN);
	size_t unit = (size_t)PAGE_SIZE << order;
	unsigned int cpu;

	/* LAB percpu_setup: begin */
	for_each_possible_cpu(cpu) {
		char *area = alloc_pages(order);

		if (!area)
			panic("percpu: no memory for CPU %u's area (%zu bytes)", cpu, unit);
		memcpy(area, __per_cpu_load, size);
		memset(area + size, 0, unit - size);
		__per_cpu_offset[cpu] = (unsigned long)area - (unsigned long)__per_cpu_start;
		per_cpu(this_cpu_off, cpu) = __per_cpu_offset[cpu];
		per_cpu(cpu_number, cpu) = cpu;
	}
	/* LAB percpu_setup: end */
	/* From here CPU 0 uses its own copy: the template will be freed. */
	set_my_cpu_offset(__per_cpu_offset[0]);
	percpu_module_reserve = unit - percpu_module_base();
	pr_info("percpu: Embedded %zu pages/cpu s%zu r%zu d0 u%zu, %u CPU%s (NR_CPUS %d)\n",
		unit / PAGE_SIZE, size, percpu_module_reserve, unit, nr_cpu_ids,
		nr_cpu_ids == 1 ? "" : "s", NR_CPUS);
}
