/*
 * 32-bit ARM's part of SMP (include/kernel/smp.h): start a CPU with PSCI
 * CPU_ON, give it stacks and its per-CPU base, and let it sleep in wfi
 * until a GIC software-generated interrupt (SGI) wakes it.
 *
 * The CPU list comes from the device tree's /cpus (arch/arm/kernel/bootinfo.c,
 * boot step 2): MPIDR affinities. Starting CPU n (arch_boot_secondary):
 *   1. a stack block: 16 KiB of SVC (kernel) stack, then 4 KiB for each
 *      exception mode (abort, undefined, IRQ, FIQ), mapped with an unmapped
 *      guard page below (alloc_stack_with_guard());
 *   2. struct secondary_data says which stacks and which translation table;
 *   3. PSCI CPU_ON(MPIDR, physical address of secondary_entry, n).
 * The CPU switches its MMU on in secondary.S and calls arm_secondary_start().
 *
 * Sleeping: wfe would be the classic choice, but QEMU treats it as a mere
 * yield, so an "idle" CPU would spin on the host. wfi really stops the
 * (virtual) CPU until an interrupt is pending, even one masked in CPSR.
 * So each CPU enables one SGI at the GIC (its handler, registered with
 * irq.c, has nothing to do) and sleeps in wfi with IRQs masked; after it,
 * IRQs open for an instant and the IRQ handler takes the SGI (or the timer
 * tick) the usual way.
 */
#include <asm/gic.h>
#include <asm/irq.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/psci.h>
#include <asm/smp.h>
#include <asm/vfp.h>
#include <kernel/bootinfo.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/smp.h>

#define STACK_BLOCK_ORDER	3		/* 32 KiB: */
#define SVC_STACK_SIZE		16384		/* the kernel stack, then the mode stacks */
#define MPIDR_AFFINITY_MASK	0x00ffffff

struct secondary_data secondary_data;

unsigned long arch_boot_cpu_hwid(void)
{
	unsigned long mpidr;

	__asm__ __volatile__("mrc p15, 0, %0, c0, c0, 5" : "=r"(mpidr));	/* MPIDR */
	return mpidr & MPIDR_AFFINITY_MASK;
}

/* The wake-up SGI: it has done its job by ending a wfi. */
static void ipi_wakeup(unsigned int irq)
{
	(void)irq;
}

void __init arch_smp_prepare(void)
{
	if (!boot_info.arch.psci_method[0])
		pr_warn("smp: no PSCI in the device tree: secondary CPUs cannot be started\n");
	if (request_percpu_irq(SGI_WAKEUP, ipi_wakeup, "wakeup"))
		pr_warn("smp: SGI %d is taken: idle CPUs wake only on their tick\n", SGI_WAKEUP);
	enable_percpu_irq(SGI_WAKEUP);
	secondary_data.ttbr1 = kernel_ttbr1();
	secondary_data.ttbr0 = empty_user_ttbr0();
}

int __init arch_boot_secondary(unsigned int cpu, unsigned long hwid)
{
	char *stack = alloc_stack_with_guard(STACK_BLOCK_ORDER);
	int ret;

	if (!stack)
		return -1;
	secondary_data.stack_top = (u32)stack + SVC_STACK_SIZE;
	secondary_data.mode_stacks = (u32)stack + SVC_STACK_SIZE;
	/* The new CPU reads secondary_data with its caches on: coherent, no cleaning needed. */
	__asm__ __volatile__("dsb ish" ::: "memory");
	ret = psci_cpu_on(hwid, __pa(secondary_entry), cpu);
	if (ret != PSCI_RET_SUCCESS)
		pr_err("smp: PSCI CPU_ON of MPIDR %#lx failed: %d\n", hwid, ret);
	return ret;
}

void __init arch_smp_done(void)
{
}

void __init arm_secondary_start(unsigned int cpu, u64 start_cycles)
{
	/* First of all: per-CPU data, smp_processor_id() included, is reached through TPIDRPRW. */
	set_my_cpu_offset(per_cpu_offset(cpu));
	gic_cpu_init();
	vfp_init();
	enable_percpu_irq(SGI_WAKEUP);
	smp_secondary_online(start_cycles);
}

void arch_send_wakeup(unsigned int cpu)
{
	gic_send_sgi(cpu, SGI_WAKEUP);
}

/* Called with IRQs masked: wfi ends on a pending one, then IRQs open for it to be taken. */
void arch_idle_wait(void)
{
	__asm__ __volatile__("dsb\n\twfi\n\tcpsie i\n\tisb\n\tcpsid i" ::: "memory", "cc");
}
