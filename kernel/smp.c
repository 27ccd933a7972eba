/*
 * Secondary CPUs: counting them (boot step 8), starting them (boot step
 * 14), and giving them work (on_each_cpu). The arch does the hardware part: the start call
 * (INIT-SIPI-SIPI on x86_64, PSCI CPU_ON on ARM), the way to sleep and the
 * wake-up interrupt; see include/kernel/smp.h for the interface.
 *
 * Starting is one CPU at a time: the boot CPU sends the start call and
 * waits until the new CPU sets its flag in cpu_online_flag[], which it does
 * last, after printing its report line, so that the lines come out in
 * order. The boot CPU waits asleep (arch_idle_wait()), and the new CPU
 * wakes it: a spinning CPU would keep the new one from running where one
 * host thread runs the CPUs in turn (QEMU's -icount), until the next tick. The line gives the time from the CPU's own first instruction
 * (read there by the arch's entry code) to its report: get_cycles() units,
 * guest instructions under scripts/qemu --icount on x86_64.
 *
 * Work: each CPU has a mailbox, a per-CPU variable alone on its cache
 * line. A CPU's idle thread (cpu_startup_entry(), kernel/sched.c) loops: if
 * its mailbox holds a function, run it and mark the mailbox empty; if a
 * thread is ready, run it; else sleep until woken. So a CPU busy with
 * threads takes a call only when it next goes idle. on_each_cpu() fills the
 * mailboxes, wakes their CPUs, runs the function itself with interrupts
 * off (as the idle loop does) and waits for the mailboxes to empty. The
 * barriers order "function and argument written" before "mailbox marked
 * full" and "function done" before "marked empty".
 */
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/smp.h>
#include <kernel/barrier.h>
#include <kernel/bootinfo.h>
#include <kernel/export.h>
#include <kernel/init.h>
#include <kernel/kstrtox.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <kernel/time.h>

/* A CPU that has not reported in after this long is given up. */
#define CPU_START_TIMEOUT_US	1000000

struct smp_call {
	void (*func)(void *info);
	void *info;
	bool pending;		/* set by the caller, cleared by the CPU when func is done */
};

DEFINE_PER_CPU(int, cpu_number);
EXPORT_PER_CPU_SYMBOL(cpu_number);
static DEFINE_PER_CPU_SHARED_ALIGNED(struct smp_call, call_mailbox);

unsigned int nr_cpu_ids = 1;
EXPORT_SYMBOL(nr_cpu_ids);
static unsigned int setup_max_cpus = NR_CPUS;
static unsigned long cpu_hwid[NR_CPUS];
static bool cpu_online_flag[NR_CPUS] = { true };
static unsigned int online_count = 1;
static unsigned int starting_cpu;	/* the CPU that waits in smp_init(), to be woken */

static int __init set_nosmp(char *val)
{
	(void)val;
	setup_max_cpus = 1;
	return 0;
}
early_param("nosmp", set_nosmp);

/* maxcpus=N: at most N CPUs run, the boot CPU included (0 means 1, as nosmp). */
static int __init set_maxcpus(char *val)
{
	unsigned int n;

	if (kstrtouint(val, 10, &n))
		return -1;
	setup_max_cpus = n ? n : 1;
	return 0;
}
early_param("maxcpus=", set_maxcpus);

bool cpu_online(unsigned int cpu)
{
	return cpu < nr_cpu_ids && READ_ONCE(cpu_online_flag[cpu]);
}
EXPORT_SYMBOL(cpu_online);

unsigned int num_online_cpus(void)
{
	return READ_ONCE(online_count);
}
EXPORT_SYMBOL(num_online_cpus);

unsigned long cpu_logical_map(unsigned int cpu)
{
	return cpu_hwid[cpu];
}

unsigned int smp_max_cpus(void)
{
	return setup_max_cpus < nr_cpu_ids ? setup_max_cpus : nr_cpu_ids;
}

/*
 * Boot step 8. Kernel CPU numbers for the firmware's list: the boot CPU
 * becomes 0 (the firmware need not list it first), the others keep their
 * order. A boot CPU missing from the list (no MADT, no /cpus) leaves it
 * alone.
 */
void __init smp_setup_possible_cpus(void)
{
	unsigned long boot_hwid = arch_boot_cpu_hwid();
	unsigned int n = 1;
	bool listed = false;

	cpu_hwid[0] = boot_hwid;
	for (int i = 0; i < boot_info.nr_cpus && i < NR_CPUS; i++) {
		if (boot_info.cpu_hwid[i] == boot_hwid)
			listed = true;
		else if (n < NR_CPUS)
			cpu_hwid[n++] = boot_info.cpu_hwid[i];
	}
	if (!listed && boot_info.nr_cpus)
		pr_warn("smp: the boot CPU (id %#lx) is not in the firmware's list: "
			"running alone\n", boot_hwid);
	nr_cpu_ids = listed ? n : 1;
}

/* Run the call in this CPU's mailbox, if any: the idle loop's work (cpu_startup_entry()). */
void flush_smp_call_function_queue(void)
{
	struct smp_call *call = this_cpu_ptr(&call_mailbox);

	if (!READ_ONCE(call->pending))
		return;
	smp_rmb();	/* func and info were written before pending */
	call->func(call->info);
	smp_mb();	/* everything func did, before the caller sees "done" */
	WRITE_ONCE(call->pending, false);
}

void __noreturn smp_secondary_online(u64 start_cycles)
{
	int cpu = smp_processor_id();
	u64 cycles = get_cycles() - start_cycles;

	pr_info("CPU%d: online, " CPU_HWID_NAME " %#lx, up in %llu cycles (%llu us)\n",
		cpu, cpu_logical_map(cpu), (unsigned long long)cycles,
		(unsigned long long)cycles_to_us(cycles));
	smp_mb();	/* the CPU's own setup, before the boot CPU sees it online */
	WRITE_ONCE(cpu_online_flag[cpu], true);
	arch_send_wakeup(starting_cpu);
	cpu_startup_entry();
}

/*
 * Asleep between looks, interrupts off but inside arch_idle_wait(): a
 * wake-up that came after the look ends the sleep instead of being lost.
 * The tick (on since boot step 12) ends it too, for the timeout.
 */
static bool __init wait_for_online(unsigned int cpu)
{
	u64 start = get_cycles();
	unsigned long flags = arch_local_irq_save();
	bool online;

	while (!(online = READ_ONCE(cpu_online_flag[cpu])) &&
	       cycles_to_us(get_cycles() - start) <= CPU_START_TIMEOUT_US)
		arch_idle_wait();
	arch_local_irq_restore(flags);
	smp_rmb();
	return online;
}

void __init smp_init(void)
{
	unsigned int max = smp_max_cpus();

	if (max > 1) {
		starting_cpu = smp_processor_id();
		arch_smp_prepare();
		for (unsigned int cpu = 1; cpu < max; cpu++) {
			unsigned long hwid = cpu_logical_map(cpu);

			if (arch_boot_secondary(cpu, hwid) || !wait_for_online(cpu)) {
				pr_err("smp: CPU%u (" CPU_HWID_NAME " %#lx) did not come online\n",
				       cpu, hwid);
				continue;
			}
			online_count++;
		}
		arch_smp_done();
	}
	pr_info("smp: Brought up %u CPU%s\n", online_count, online_count == 1 ? "" : "s");
}

void on_each_cpu(void (*func)(void *info), void *info, bool wait)
{
	int self = smp_processor_id();
	unsigned long flags;
	unsigned int cpu;

	for_each_online_cpu(cpu) {
		struct smp_call *call = per_cpu_ptr(&call_mailbox, cpu);

		if ((int)cpu == self)
			continue;
		/* The previous call on that CPU must be over before its mailbox is reused. */
		while (READ_ONCE(call->pending))
			cpu_relax();
		call->func = func;
		call->info = info;
		smp_wmb();
		WRITE_ONCE(call->pending, true);
		smp_mb();	/* the mailbox is full before the wake-up can arrive */
		arch_send_wakeup(cpu);
	}
	flags = arch_local_irq_save();
	func(info);
	arch_local_irq_restore(flags);
	if (!wait)
		return;
	for_each_online_cpu(cpu)
		while (READ_ONCE(per_cpu(call_mailbox, cpu).pending))
			cpu_relax();
	smp_mb();	/* what they did, before what we do next */
}
EXPORT_SYMBOL(on_each_cpu);
