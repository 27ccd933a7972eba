/*
 * Interrupts, the generic side: the arch sets up its interrupt controller
 * for the boot CPU in init_IRQ() (boot step 12: the local APIC on x86_64,
 * the GIC on ARM), before the tick is started and interrupts are enabled.
 * Masking is the arch's asm/irqflags.h.
 */
#ifndef _KERNEL_IRQ_H
#define _KERNEL_IRQ_H

void init_IRQ(void);

#endif
