/*
 * The GICv2 (arch/arm/kernel/gic.c) and the interrupts the kernel uses:
 * SGI 0 wakes an idle CPU (arch/arm/kernel/smp.c), PPI 27 is each CPU's
 * virtual generic timer, the tick (arch/arm/kernel/arch_timer.c). Both
 * register their handlers with irq.c (asm/irq.h).
 */
#ifndef _ASM_GIC_H
#define _ASM_GIC_H

#define SGI_WAKEUP	0
#define TIMER_PPI	27

void gic_dist_init(void);
void gic_cpu_init(void);
void gic_enable_private(unsigned int id);
void gic_send_sgi(unsigned int cpu, unsigned int sgi);
void gic_handle_irq(void);

#endif
