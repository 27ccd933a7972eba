/*
 * Masking interrupts on this CPU: the I bit of CPSR. Boot code runs with
 * IRQs masked until boot step 12 (start_kernel() enables them); threads
 * run with them on (the timer preempts them, include/kernel/sched.h);
 * an idle CPU sleeps in wfi, which an interrupt pending at the GIC ends
 * even while it is masked, then opens IRQs for a moment to take it
 * (arch/arm/kernel/smp.c).
 */
#ifndef _ASM_IRQFLAGS_H
#define _ASM_IRQFLAGS_H

#include <kernel/types.h>

/* IRQs off; returns CPSR as it was, for arch_local_irq_restore(). */
static inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags;

	__asm__ __volatile__("mrs %0, cpsr\n\tcpsid i" : "=r"(flags) : : "memory", "cc");
	return flags;
}

/* IRQs on: a kernel thread runs with them on, so that the tick can preempt it. */
static inline void arch_local_irq_enable(void)
{
	__asm__ __volatile__("cpsie i" : : : "memory", "cc");
}

static inline bool arch_irqs_disabled(void)
{
	unsigned long cpsr;

	__asm__ __volatile__("mrs %0, cpsr" : "=r"(cpsr));
	return cpsr & (1ul << 7);	/* I */
}

/* Only the control field: the condition flags are the compiler's business. */
static inline void arch_local_irq_restore(unsigned long flags)
{
	__asm__ __volatile__("msr cpsr_c, %0" : : "r"(flags) : "memory", "cc");
}

#endif
