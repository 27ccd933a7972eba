/*
 * 32-bit ARM's part of the ticket spinlock (include/kernel/spinlock.h): how
 * a CPU waits for its turn and how the releasing CPU wakes it.
 *
 * A waiting CPU sleeps in wfe ("wait for event") instead of hammering the
 * word, and the releasing CPU wakes the waiters with sev ("send event"),
 * after a dsb so that the new owner value is visible first. No wake-up is
 * lost: a sev sent between a waiter's read of the word and its wfe leaves
 * the event flag set, and that wfe returns at once.
 */
#ifndef _ASM_SPINLOCK_H
#define _ASM_SPINLOCK_H

static inline void arch_spin_wait(void)
{
	__asm__ __volatile__("wfe" ::: "memory");
}

static inline void arch_spin_wake(void)
{
	__asm__ __volatile__("dsb ishst\n\tsev" ::: "memory");
}

#endif
