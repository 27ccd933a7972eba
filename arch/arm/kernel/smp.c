/*
 * 32-bit ARM's part of SMP (include/kernel/smp.h): start a CPU with PSCI
 * CPU_ON, give it stacks and its per-CPU base, and let it sleep in wfi
 * until a GIC software-generated interrupt (SGI) wakes it.
 *
 * The CPU list comes from the device tree's /cpus (arch/arm/kernel/bootinfo.c,
 * boot step 2): MPIDR affinities. Starting CPU n (arch_boot_secondary):
 *   1. a stack block: 16 KiB of SVC (kernel) stack, then 4 KiB for each
 *      exception mode (abort, undefined, IRQ, FIQ), mapped with an unmapped
 *      guard page below (map_stack_with_guard());
 *   2. struct secondary_data says which stacks and which translation table;
 *   3. PSCI CPU_ON(MPIDR, physical address of secondary_entry, n).
 * The CPU switches its MMU on in secondary.S and calls arm_secondary_start().
 *
 * Sleeping: wfe would be the classic choice, but QEMU treats it as a mere
 * yield, so an "idle" CPU would spin on the host. wfi really stops the
 * (virtual) CPU until an interrupt is pending, even one masked in CPSR.
 * So each CPU enables one SGI at the GIC and its CPU interface, keeps IRQs
 * masked, and after wfi acknowledges the SGI by reading the interface's
 * IAR register (and writing it back to EOIR) instead of taking the
 * exception. No IRQ handler exists or is needed.
 *
 * The GIC is QEMU virt's GICv2 at its fixed addresses (the device tree's
 * /intc node says the same; boot_info does not read it).
 */
#include <asm/io.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/psci.h>
#include <asm/smp.h>
#include <kernel/bootinfo.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/smp.h>

#define GICD_PHYS		0x08000000	/* distributor: one for the machine */
#define GICC_PHYS		0x08010000	/* CPU interface: each CPU sees its own here */
#define GICD_CTLR		0x000
#define GICD_ISENABLER0		0x100		/* banked per CPU for SGIs and PPIs */
#define GICD_ITARGETSR0		0x800		/* read: the reading CPU's interface bit */
#define GICD_SGIR		0xf00
#define GICC_CTLR		0x000
#define GICC_PMR		0x004
#define GICC_IAR		0x00c
#define GICC_EOIR		0x010
#define GIC_SPURIOUS		1020		/* IAR ids from here on: nothing pending */
#define SGI_WAKEUP		0
#define GIC_PRIORITY_ALL	0xf0

#define STACK_BLOCK_ORDER	3		/* 32 KiB: */
#define SVC_STACK_SIZE		16384		/* the kernel stack, then the mode stacks */
#define MPIDR_AFFINITY_MASK	0x00ffffff

struct secondary_data secondary_data;
/* Each CPU's bit in the GIC's target lists. */
static DEFINE_PER_CPU(u8, gic_cpu_mask);

static void gicd_write(unsigned int reg, u32 v)
{
	writel(v, (char *)IO_ADDRESS(GICD_PHYS) + reg);
}

static u32 gicc_read(unsigned int reg)
{
	return readl((char *)IO_ADDRESS(GICC_PHYS) + reg);
}

static void gicc_write(unsigned int reg, u32 v)
{
	writel(v, (char *)IO_ADDRESS(GICC_PHYS) + reg);
}

/* This CPU: the wake-up SGI enabled and let through its interface (IRQs stay masked). */
static void gic_cpu_init(void)
{
	u32 targets = readl((char *)IO_ADDRESS(GICD_PHYS) + GICD_ITARGETSR0);

	this_cpu_write(gic_cpu_mask, targets & 0xff);
	gicd_write(GICD_ISENABLER0, 1u << SGI_WAKEUP);
	gicc_write(GICC_PMR, GIC_PRIORITY_ALL);
	gicc_write(GICC_CTLR, 1);
}

unsigned long arch_boot_cpu_hwid(void)
{
	unsigned long mpidr;

	__asm__ __volatile__("mrc p15, 0, %0, c0, c0, 5" : "=r"(mpidr));	/* MPIDR */
	return mpidr & MPIDR_AFFINITY_MASK;
}

void __init arch_smp_prepare(void)
{
	if (!boot_info.psci_method[0])
		pr_warn("smp: no PSCI in the device tree: secondary CPUs cannot be started\n");
	gicd_write(GICD_CTLR, 1);
	secondary_data.ttbr0 = kernel_ttbr0();
}

int __init arch_boot_secondary(unsigned int cpu, unsigned long hwid)
{
	void *block = alloc_pages(STACK_BLOCK_ORDER);
	char *stack;
	int ret;

	if (!block)
		return -1;
	stack = map_stack_with_guard(block, PAGE_SIZE << STACK_BLOCK_ORDER);
	if (!stack) {
		free_pages(block, STACK_BLOCK_ORDER);
		return -1;
	}
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
	smp_secondary_online(start_cycles);
}

void arch_send_wakeup(unsigned int cpu)
{
	/* writel() orders the mailbox writes before the SGI (a dsb first). */
	gicd_write(GICD_SGIR, (u32)per_cpu(gic_cpu_mask, cpu) << 16 | SGI_WAKEUP);
}

void arch_idle_wait(void)
{
	u32 iar;

	__asm__ __volatile__("dsb\n\twfi" ::: "memory");
	/* Take the wake-up off the interface, or the next wfi would end at once. */
	while (((iar = gicc_read(GICC_IAR)) & 0x3ff) < GIC_SPURIOUS)
		gicc_write(GICC_EOIR, iar);
}
