/*
 * Masking interrupts on this CPU: the IF bit of RFLAGS. Boot code runs with
 * interrupts off until boot step 12 (start_kernel() enables them); threads
 * run with them on (the timer preempts them, include/kernel/sched.h),
 * and an idle CPU opens them inside "sti; hlt", to be woken
 * (arch/x86_64/kernel/smp.c).
 */
#ifndef _ASM_IRQFLAGS_H
#define _ASM_IRQFLAGS_H

#include <kernel/types.h>

/* Interrupts off; returns RFLAGS as it was, for arch_local_irq_restore(). */
static inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushfq\n\tpopq %0\n\tcli" : "=rm"(flags) : : "memory");
	return flags;
}

/* Interrupts on: a kernel thread runs with them on, so that the tick can preempt it. */
static inline void arch_local_irq_enable(void)
{
	__asm__ __volatile__("sti" : : : "memory");
}

static inline bool arch_irqs_disabled(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushfq\n\tpopq %0" : "=rm"(flags));
	return !(flags & (1ul << 9));	/* IF */
}

static inline void arch_local_irq_restore(unsigned long flags)
{
	__asm__ __volatile__("pushq %0\n\tpopfq" : : "g"(flags) : "memory", "cc");
}

#endif
