/*
 * Spinlocks: mutual exclusion between CPUs by waiting in a loop.
 *
 *   static DEFINE_SPINLOCK(counter_lock);
 *   spin_lock(&counter_lock); counter++; spin_unlock(&counter_lock);
 *
 * Both arches use a ticket lock (asm/spinlock.h), as Linux did before its
 * queued spinlocks: one 32-bit word holds two 16-bit counters, `next` (the
 * next ticket to hand out) and `owner` (the ticket now served). Taking the
 * lock is one atomic add to `next` that returns the old word, i.e. my
 * ticket; then wait until `owner` reaches it. Releasing adds 1 to `owner`,
 * which only the holder writes. CPUs get the lock in the order they asked.
 *
 * The atomic add is the arch's: a LOCK-prefixed xadd on x86_64 (the prefix
 * recorded in .smp_locks, see asm/alternative.h), an ldrex/strex loop with
 * barriers on ARM (smp_mb(), include/kernel/barrier.h). The lock is also a
 * compiler barrier: memory accesses stay inside the critical section.
 *
 * Nothing here masks interrupts: the kernel runs with them off. A lock is
 * not recursive: taking it twice on one CPU waits forever.
 */
#ifndef _KERNEL_SPINLOCK_H
#define _KERNEL_SPINLOCK_H

#include <asm/spinlock.h>
#include <kernel/compiler.h>

typedef struct {
	arch_spinlock_t raw;
} spinlock_t;

#define __SPIN_LOCK_UNLOCKED	{ .raw = __ARCH_SPIN_LOCK_UNLOCKED }
#define DEFINE_SPINLOCK(name)	spinlock_t name = __SPIN_LOCK_UNLOCKED

static inline void spin_lock_init(spinlock_t *lock)
{
	*lock = (spinlock_t)__SPIN_LOCK_UNLOCKED;
}

static inline void spin_lock(spinlock_t *lock)
{
	arch_spin_lock(&lock->raw);
}

/* Take the lock if it is free; true when taken. Never waits. */
static inline bool spin_trylock(spinlock_t *lock)
{
	return arch_spin_trylock(&lock->raw);
}

static inline void spin_unlock(spinlock_t *lock)
{
	arch_spin_unlock(&lock->raw);
}

/* Held by some CPU (a snapshot: it may change at once). */
static inline bool spin_is_locked(spinlock_t *lock)
{
	arch_spinlock_t now = { .slock = READ_ONCE(lock->raw.slock) };

	return now.tickets.owner != now.tickets.next;
}

#endif
