/*
 * x86_64's part of the ticket spinlock (include/kernel/spinlock.h): how a
 * CPU waits for its turn. `pause` tells the CPU this is a spin loop (it
 * saves power and, on a hyperthread, leaves the core to the sibling).
 * Nothing wakes the waiters: they keep reading the lock word, and x86's
 * cache coherence shows them the new owner as soon as it is stored.
 */
#ifndef _ASM_SPINLOCK_H
#define _ASM_SPINLOCK_H

#include <asm/processor.h>

static inline void arch_spin_wait(void)
{
	cpu_relax();
}

static inline void arch_spin_wake(void)
{
}

#endif
