/*
 * x86_64 ticket spinlock (the idea: include/kernel/spinlock.h).
 *
 * "lock xadd" adds to memory and returns the old value in one atomic step;
 * its LOCK_PREFIX is recorded in .smp_locks, so a kernel that finds a single
 * CPU turns it into a harmless DS prefix (arch/x86_64/kernel/alternative.c).
 * x86 keeps stores in order and loads in order (TSO), so releasing needs
 * no fence: a plain add to `owner`, which only the holder writes, cannot be
 * seen before the stores of the critical section.
 */
#ifndef _ASM_SPINLOCK_H
#define _ASM_SPINLOCK_H

#include <asm/alternative.h>
#include <asm/processor.h>
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
	u32 old = 1 << TICKET_SHIFT;
	u16 ticket;

	__asm__ __volatile__(LOCK_PREFIX "xaddl %0, %1"
			     : "+r"(old), "+m"(lock->slock) : : "memory", "cc");
	ticket = old >> TICKET_SHIFT;
	if ((u16)old == ticket)
		return;
	while (READ_ONCE(lock->tickets.owner) != ticket)
		cpu_relax();
	barrier();
}

static inline bool arch_spin_trylock(arch_spinlock_t *lock)
{
	u32 old = READ_ONCE(lock->slock);
	bool taken;

	if ((old >> TICKET_SHIFT) != (old & 0xffff))
		return false;
	/* Take the next ticket only if nobody changed the word meanwhile. */
	__asm__ __volatile__(LOCK_PREFIX "cmpxchgl %3, %1"
			     : "+a"(old), "+m"(lock->slock), "=@ccz"(taken)
			     : "r"(old + (1 << TICKET_SHIFT))
			     : "memory");
	return taken;
}

static inline void arch_spin_unlock(arch_spinlock_t *lock)
{
	barrier();
	WRITE_ONCE(lock->tickets.owner, lock->tickets.owner + 1);
}

#endif
