/*
 * The GICv2 interrupt controller of QEMU's virt board.
 *
 * The distributor (one for the machine) decides which interrupts exist and
 * where they go; each CPU's interface (seen at one address by every CPU)
 * hands them over: reading IAR acknowledges the highest pending one and
 * says which it is, writing the same value to EOIR ends it. Interrupts
 * 0-15 are software-generated (SGIs: a CPU's wake-up, kernel/smp.c), 16-31
 * each CPU's private peripherals (PPIs: its generic timer, arch_timer.c);
 * their enable bits are banked per CPU. ARM IHI 0048B. What runs for each
 * interrupt is irq.c's business: this file only acknowledges and ends them.
 *
 * The addresses are QEMU virt's fixed ones (the device tree's /intc node
 * says the same; boot_info does not read it).
 */
#include <asm/gic.h>
#include <asm/io.h>
#include <asm/irq.h>
#include <asm/page.h>
#include <kernel/init.h>
#include <kernel/percpu.h>

#define GICD_PHYS		0x08000000
#define GICC_PHYS		0x08010000
#define GICD_CTLR		0x000
#define GICD_ISENABLER0		0x100		/* banked per CPU for SGIs and PPIs */
#define GICD_ITARGETSR0		0x800		/* read: the reading CPU's interface bit */
#define GICD_SGIR		0xf00
#define GICC_CTLR		0x000
#define GICC_PMR		0x004
#define GICC_IAR		0x00c
#define GICC_EOIR		0x010
#define GIC_SPURIOUS		1020		/* IAR ids from here on: nothing pending */
#define GIC_PRIORITY_ALL	0xf0

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

/* Once, from init_IRQ() (boot step 12). */
void __init gic_dist_init(void)
{
	gicd_write(GICD_CTLR, 1);
}

/*
 * Each CPU: its bit in target lists, every priority let through its
 * interface. A GIC built for one CPU reads ITARGETSR as 0 (RAZ): its only
 * CPU is then bit 0.
 */
void gic_cpu_init(void)
{
	u32 targets = readl((char *)IO_ADDRESS(GICD_PHYS) + GICD_ITARGETSR0) & 0xff;

	this_cpu_write(gic_cpu_mask, targets ? targets : 1);
	gicc_write(GICC_PMR, GIC_PRIORITY_ALL);
	gicc_write(GICC_CTLR, 1);
}

/* An SGI or PPI (id < 32), on this CPU. */
void gic_enable_private(unsigned int id)
{
	gicd_write(GICD_ISENABLER0, 1u << id);
}

void gic_send_sgi(unsigned int cpu, unsigned int sgi)
{
	/* writel() orders earlier memory writes before the SGI (a dsb first). */
	gicd_write(GICD_SGIR, (u32)per_cpu(gic_cpu_mask, cpu) << 16 | sgi);
}

/*
 * From asm_do_IRQ() (irq.c), IRQs masked: take every pending interrupt,
 * have irq.c run its handler, and end it (before the scheduler may switch
 * threads, which may not come back for a while).
 */
void gic_handle_irq(void)
{
	for (;;) {
		u32 iar = gicc_read(GICC_IAR);
		u32 id = iar & 0x3ff;

		if (id >= GIC_SPURIOUS)
			break;
		handle_IRQ(id);
		gicc_write(GICC_EOIR, iar);
	}
}
