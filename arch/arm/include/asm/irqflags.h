/*
 * Masking interrupts on this CPU: the I bit of CPSR. The kernel runs with
 * IRQs masked; an idle secondary CPU sleeps in wfi, which an interrupt
 * pending at the GIC ends even while it is masked (arch/arm/kernel/smp.c).
 */
#ifndef _ASM_IRQFLAGS_H
#define _ASM_IRQFLAGS_H

/* IRQs off; returns CPSR as it was, for arch_local_irq_restore(). */
static inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags;

	__asm__ __volatile__("mrs %0, cpsr\n\tcpsid i" : "=r"(flags) : : "memory", "cc");
	return flags;
}

/* Only the control field: the condition flags are the compiler's business. */
static inline void arch_local_irq_restore(unsigned long flags)
{
	__asm__ __volatile__("msr cpsr_c, %0" : : "r"(flags) : "memory", "cc");
}

#endif
