/*
 * Interrupt dispatch on ARM: the IRQ vector's C side and the handler table
 * (asm/irq.h).
 *
 * The vector (irq_entry.S) calls asm_do_IRQ(), which lets the GIC driver
 * take every pending interrupt; for each, the driver calls handle_IRQ(),
 * which runs the handler registered for that id. After them, on the way
 * out, the scheduler may switch threads. So the GIC driver knows no device
 * and the devices know the GIC only to enable their lines: the timer
 * (arch_timer.c) and the CPU wake-up (smp.c) register here.
 *
 * init_IRQ() (boot step 12) sets up the GIC for the boot CPU.
 */
#include <kernel/atomic.h>
#include <asm/gic.h>
#include <asm/irq.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/irq.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/spinlock.h>

struct irq_desc {
	irq_handler_t handler;
	const char *name;
	atomic_t count;
};

static struct irq_desc irq_desc[NR_IRQS];
static DEFINE_SPINLOCK(irq_desc_lock);

void __init init_IRQ(void)
{
	gic_dist_init();
	gic_cpu_init();
}

int request_percpu_irq(unsigned int irq, irq_handler_t handler, const char *name)
{
	unsigned long flags;
	int ret = 0;

	if (irq >= NR_IRQS || !handler)
		return -EINVAL;
	spin_lock_irqsave(&irq_desc_lock, flags);
	if (irq_desc[irq].handler) {
		ret = -EBUSY;
	} else {
		irq_desc[irq].name = name;
		WRITE_ONCE(irq_desc[irq].handler, handler);
	}
	spin_unlock_irqrestore(&irq_desc_lock, flags);
	return ret;
}

void enable_percpu_irq(unsigned int irq)
{
	gic_enable_private(irq);
}

unsigned long irq_count(unsigned int irq)
{
	return irq < NR_IRQS ? (unsigned long)atomic_read(&irq_desc[irq].count) : 0;
}

const char *irq_name(unsigned int irq)
{
	return irq < NR_IRQS && READ_ONCE(irq_desc[irq].handler) ? irq_desc[irq].name : NULL;
}

void handle_IRQ(unsigned int irq)
{
	irq_handler_t handler = irq < NR_IRQS ? READ_ONCE(irq_desc[irq].handler) : NULL;

	if (!handler) {
		pr_warn("irq %u: no handler\n", irq);
		return;
	}
	atomic_inc(&irq_desc[irq].count);
	handler(irq);
}

void asm_do_IRQ(void)
{
	gic_handle_irq();
	preempt_schedule_irq();
}
