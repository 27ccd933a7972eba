/*
 * 32-bit ARM ticket spinlock (the idea: include/kernel/spinlock.h).
 *
 * ARMv7 has no atomic add to memory. ldrex loads a word and tells the
 * exclusive monitor to watch it; strex stores only if nobody wrote the word
 * since, and says whether it did: retried in a loop, the pair is an atomic
 * read-modify-write. ARM may reorder memory accesses, so the lock needs
 * barriers: smp_mb() after taking it keeps the critical section's accesses
 * from starting early, and before releasing it keeps them from finishing
 * late (both are nops on a machine with one CPU, asm/barrier.h).
 *
 * A waiting CPU sleeps in wfe ("wait for event") instead of hammering the
 * word, and the releasing CPU wakes the waiters with sev ("send event"),
 * after a dsb so that the new owner value is visible first.
 */
#ifndef _ASM_SPINLOCK_H
#define _ASM_SPINLOCK_H

#include <kernel/barrier.h>
#include <kernel/compiler.h>
#include <kernel/types.h>

#define TICKET_SHIFT	16

typedef struct {
	union {
		u32 slock;
		struct {
			u16 owner;	/* the ticket being served (low half) */
			u16 next;	/* the next ticket to hand out */
		} tickets;
	};
} arch_spinlock_t;

#define __ARCH_SPIN_LOCK_UNLOCKED	{ { 0 } }

static inline void arch_spin_lock(arch_spinlock_t *lock)
{
	u32 old, new, failed;
	u16 ticket;

	/* next += 1, atomically; `old` is the word before. */
	__asm__ __volatile__("1:	ldrex	%0, [%3]\n"
			     "	add	%1, %0, %4\n"
			     "	strex	%2, %1, [%3]\n"
			     "	teq	%2, #0\n"
			     "	bne	1b"
			     : "=&r"(old), "=&r"(new), "=&r"(failed)
			     : "r"(&lock->slock), "I"(1 << TICKET_SHIFT)
			     : "memory", "cc");
	ticket = old >> TICKET_SHIFT;
	while ((u16)old != ticket) {
		__asm__ __volatile__("wfe" ::: "memory");
		old = READ_ONCE(lock->tickets.owner);
	}
	smp_mb();
}

static inline bool arch_spin_trylock(arch_spinlock_t *lock)
{
	u32 old, new, failed;

	do {
		/* Only when owner == next (the halves of the word agree) try to take a ticket. */
		__asm__ __volatile__("	ldrex	%0, [%3]\n"
				     "	mov	%2, #1\n"
				     "	teq	%0, %0, ror #16\n"
				     "	addeq	%1, %0, %4\n"
				     "	strexeq	%2, %1, [%3]"
				     : "=&r"(old), "=&r"(new), "=&r"(failed)
				     : "r"(&lock->slock), "I"(1 << TICKET_SHIFT)
				     : "memory", "cc");
		if ((old >> TICKET_SHIFT) != (old & 0xffff))
			return false;
	} while (failed);
	smp_mb();
	return true;
}

static inline void arch_spin_unlock(arch_spinlock_t *lock)
{
	smp_mb();
	WRITE_ONCE(lock->tickets.owner, lock->tickets.owner + 1);
	__asm__ __volatile__("dsb ishst\n\tsev" ::: "memory");
}

#endif
