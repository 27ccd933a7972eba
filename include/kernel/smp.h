/*
 * SMP: several CPUs running the kernel at once.
 *
 * CPUs have two numbers. The firmware's ("hwid": the local APIC id on
 * x86_64, the MPIDR affinity on ARM) comes from the boot information
 * (ACPI MADT, device tree /cpus). The kernel's own, 0 .. nr_cpu_ids - 1,
 * is what per_cpu() and smp_processor_id() use; CPU 0 is always the one
 * that booted. cpu_logical_map() turns the second into the first.
 *
 * Boot step 8, smp_setup_possible_cpus(), counts the possible CPUs, every
 * one the firmware lists (up to NR_CPUS); step 9 gives each a per-CPU
 * area; step 14, smp_init(), starts the others, up to maxcpus= of them
 * (nosmp: none), one at a time. Each new CPU reports in ("CPU1: online ...", with how
 * long it took from its first instruction) and then idles, waiting for
 * work. smp_init() ends with "smp: Brought up N CPUs".
 *
 * Work reaches an idle CPU through a polled mailbox: on_each_cpu() writes
 * the function into each CPU's own mailbox (a per-CPU variable) and wakes
 * the CPU with an interrupt (a local APIC IPI on x86_64, a GIC SGI on ARM)
 * whose only job is to end its sleep; the CPU then finds the mailbox full,
 * runs the function and marks it done. No function runs in interrupt
 * context. Only the boot CPU allocates memory or calls on_each_cpu().
 */
#ifndef _KERNEL_SMP_H
#define _KERNEL_SMP_H

#include <kernel/compiler.h>
#include <kernel/percpu.h>
#include <kernel/types.h>

/* This CPU's number, a per-CPU variable set when its area is made. */
DECLARE_PER_CPU(int, cpu_number);
#define smp_processor_id()	this_cpu_read(cpu_number)

/* CPUs the firmware lists, at most NR_CPUS: each has a per-CPU area. */
extern unsigned int nr_cpu_ids;

#define for_each_possible_cpu(cpu)	for ((cpu) = 0; (cpu) < nr_cpu_ids; (cpu)++)
#define for_each_online_cpu(cpu)					\
	for_each_possible_cpu(cpu)					\
		if (!cpu_online(cpu)) {} else

bool cpu_online(unsigned int cpu);
unsigned int num_online_cpus(void);
/* The firmware's id of kernel CPU `cpu` (APIC id, MPIDR affinity). */
unsigned long cpu_logical_map(unsigned int cpu);
/* How many CPUs smp_init() may have running, boot CPU included (maxcpus=, nosmp). */
unsigned int smp_max_cpus(void);

/* Boot step 8: the possible CPUs from the boot information, the boot CPU first. */
void smp_setup_possible_cpus(void);
/* Boot step 14: start the secondary CPUs. */
void smp_init(void);

/*
 * Run func(info) on every online CPU, this one included (first the others
 * are told, then this CPU runs it, then, if `wait`, it waits until every
 * CPU is done). func runs with interrupts off on every CPU, this one too,
 * and must not call on_each_cpu() itself.
 */
void on_each_cpu(void (*func)(void *info), void *info, bool wait);

/*
 * The arch's part (arch/<arch>/kernel/smp.c).
 *
 * arch_boot_cpu_hwid()     the booting CPU's own firmware id
 * arch_smp_prepare()       once, before the first secondary starts
 * arch_boot_secondary()    start kernel CPU `cpu`: give it a stack and its
 *                          per-CPU base, send the start call; 0 if sent.
 *                          The new CPU ends in smp_secondary_online().
 * arch_smp_done()          once, after the last one
 * arch_send_wakeup()       end the sleep of arch_idle_wait() on `cpu`
 * arch_idle_wait()         sleep until woken; may return early
 */
unsigned long arch_boot_cpu_hwid(void);
void arch_smp_prepare(void);
int arch_boot_secondary(unsigned int cpu, unsigned long hwid);
void arch_smp_done(void);
void arch_send_wakeup(unsigned int cpu);
void arch_idle_wait(void);

/*
 * The last step of a secondary CPU's start, on its own stack and per-CPU
 * area: report in, then idle; never returns. start_cycles: get_cycles() as
 * the CPU's first instructions read it.
 */
void __noreturn smp_secondary_online(u64 start_cycles);

/* The idle thread's part of on_each_cpu(): run this CPU's pending call, if any. */
void flush_smp_call_function_queue(void);

#endif
