/*
 * Interrupt dispatch on ARM (arch/arm/kernel/irq.c): a table of handlers
 * that drivers register into, by GIC interrupt id, so the GIC driver calls
 * whatever is registered and knows no driver by name.
 *
 * Only per-CPU interrupts are used (SGIs 0-15, PPIs 16-31): the handler is
 * one for all CPUs, the enable bit is each CPU's own, so a driver enables
 * the line on every CPU that should take it (enable_percpu_irq()).
 */
#ifndef _ASM_IRQ_H
#define _ASM_IRQ_H

#define NR_IRQS		32

typedef void (*irq_handler_t)(unsigned int irq);

/* 0, -EINVAL for no such interrupt or no handler, -EBUSY when it already has one. */
int request_percpu_irq(unsigned int irq, irq_handler_t handler, const char *name);
/* Let `irq` through to this CPU. */
void enable_percpu_irq(unsigned int irq);
/* How many times `irq` was handled, on all CPUs; its handler's name (NULL: none). */
unsigned long irq_count(unsigned int irq);
const char *irq_name(unsigned int irq);

/* From the GIC driver, IRQs masked: run the handler of one acknowledged interrupt. */
void handle_IRQ(unsigned int irq);
/* From the IRQ vector (irq_entry.S). */
void asm_do_IRQ(void);

#endif
