/*
 * The local APIC, x86_64's interrupt controller here: init_IRQ() (boot
 * step 12) sets it up on the boot CPU; it starts other CPUs and wakes
 * them. Its timer, the scheduler's tick, is in apic_timer.c.
 *
 * An inter-processor interrupt is sent by writing the target's APIC id to
 * the high half of the Interrupt Command Register and the kind of message
 * to the low half, which sends it; the "delivery status" bit stays set
 * until the APIC has taken it. Intel SDM vol. 3, "Local APIC" and
 * "MP Initialization" (the INIT-SIPI-SIPI sequence).
 */
#include <asm/apic.h>
#include <asm/desc.h>
#include <asm/io.h>
#include <asm/msr.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <kernel/init.h>
#include <kernel/irq.h>

#define APIC_BASE_MASK		0xfffff000ul

#define APIC_TPR		0x80	/* task priority: 0 accepts every interrupt */
#define APIC_SVR		0xf0	/* spurious vector, and the software enable bit */
#define APIC_ICR_LOW		0x300
#define APIC_ICR_HIGH		0x310

#define APIC_SVR_ENABLE		(1 << 8)
#define APIC_DM_FIXED		0x000
#define APIC_DM_INIT		0x500
#define APIC_DM_STARTUP		0x600
#define APIC_ICR_BUSY		(1 << 12)	/* delivery status: not yet accepted */
#define APIC_LEVEL_ASSERT	(1 << 14)
#define PIC_MASTER_DATA		0x21
#define PIC_SLAVE_DATA		0xa1

void *lapic_base;

u32 lapic_read(unsigned int reg)
{
	return readl((char *)lapic_base + reg);
}

void lapic_write(unsigned int reg, u32 v)
{
	writel(v, (char *)lapic_base + reg);
}

/*
 * Boot step 12, the boot CPU's interrupt controller. Nobody programmed the
 * legacy 8259 PICs (no BIOS on the direct boot): their timer line would
 * arrive as vector 8, a "double fault", so they are masked first. Then the
 * local APIC: mapped, its gates installed, enabled.
 */
void __init init_IRQ(void)
{
	outb(0xff, PIC_MASTER_DATA);
	outb(0xff, PIC_SLAVE_DATA);
	lapic_base = ioremap(native_read_msr(MSR_APIC_BASE) & APIC_BASE_MASK, PAGE_SIZE);
	set_intr_gate(WAKEUP_VECTOR, smp_wakeup_interrupt);
	set_intr_gate(SPURIOUS_VECTOR, spurious_interrupt);
	lapic_enable();
}

void lapic_enable(void)
{
	lapic_write(APIC_TPR, 0);
	lapic_write(APIC_SVR, APIC_SVR_ENABLE | SPURIOUS_VECTOR);
}

static void lapic_send(u32 apic_id, u32 command)
{
	lapic_write(APIC_ICR_HIGH, apic_id << 24);
	lapic_write(APIC_ICR_LOW, command);
	while (lapic_read(APIC_ICR_LOW) & APIC_ICR_BUSY)
		cpu_relax();
}

void lapic_send_init(u32 apic_id)
{
	lapic_send(apic_id, APIC_DM_INIT | APIC_LEVEL_ASSERT);
}

void lapic_send_startup(u32 apic_id, u8 start_page)
{
	lapic_send(apic_id, APIC_DM_STARTUP | start_page);
}

void lapic_send_ipi(u32 apic_id, u8 vector)
{
	lapic_send(apic_id, APIC_DM_FIXED | vector);
}
