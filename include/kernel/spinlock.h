/*
 * Spinlocks: mutual exclusion between CPUs by waiting in a loop.
 *
 *   static DEFINE_SPINLOCK(counter_lock);
 *   spin_lock(&counter_lock); counter++; spin_unlock(&counter_lock);
 *
 * A ticket lock, as Linux had before its queued spinlocks, written once for
 * both arches: one 32-bit word holds two 16-bit counters, `next` (the next
 * ticket to hand out) and `owner` (the ticket now served). Taking the lock
 * is one atomic add to `next` that returns the old word, i.e. my ticket
 * (arch_atomic_fetch_add(), <asm/atomic.h>); then wait until `owner`
 * reaches it. Releasing adds 1 to `owner`, which only the holder writes.
 * CPUs get the lock in the order they asked. The barriers
 * (include/kernel/barrier.h) keep the critical section's memory accesses
 * between the two, as other CPUs see them and for the compiler.
 *
 * An arch says only how to wait and how to wake the waiters
 * (<asm/spinlock.h>): `pause` and nothing on x86_64, `wfe` and `sev` on
 * ARM.
 *
 * A held lock keeps its CPU's thread from being preempted (preempt_count,
 * checked by the timer interrupt, include/kernel/sched.h): otherwise a
 * thread preempted while holding a lock would leave another thread of the
 * same CPU spinning for a whole time slice, or forever with interrupts off.
 * spin_lock() does not mask interrupts; spin_lock_irqsave() does, for locks
 * that an interrupt handler also takes (the run queues). A lock is not
 * recursive: taking it twice on one CPU waits forever.
 */
#ifndef _KERNEL_SPINLOCK_H
#define _KERNEL_SPINLOCK_H

#include <asm/atomic.h>
#include <asm/irqflags.h>
#include <asm/spinlock.h>
#include <kernel/barrier.h>
#include <kernel/compiler.h>
#include <kernel/percpu.h>
#include <kernel/types.h>

/* Locks held (and other reasons not to preempt) on this CPU; kernel/sched.c. */
DECLARE_PER_CPU(int, preempt_count);

static inline void preempt_disable(void)
{
	this_cpu_inc(preempt_count);
	barrier();
}

static inline void preempt_enable(void)
{
	barrier();
	this_cpu_dec(preempt_count);
}

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
	u32 old = arch_atomic_fetch_add(1 << TICKET_SHIFT, &lock->slock);
	u16 ticket = old >> TICKET_SHIFT, owner = old;

	while (owner != ticket) {
		arch_spin_wait();
		owner = READ_ONCE(lock->tickets.owner);
	}
	smp_acquire__after_ctrl_dep();
}

/* Take the next ticket only if it is served at once and nobody changed the word meanwhile. */
static inline bool arch_spin_trylock(arch_spinlock_t *lock)
{
	u32 old = READ_ONCE(lock->slock);

	if ((old >> TICKET_SHIFT) != (old & 0xffff))
		return false;
	if (arch_atomic_cmpxchg(&lock->slock, old, old + (1 << TICKET_SHIFT)) != old)
		return false;
	smp_acquire__after_ctrl_dep();
	return true;
}

static inline void arch_spin_unlock(arch_spinlock_t *lock)
{
	smp_store_release(&lock->tickets.owner, lock->tickets.owner + 1);
	arch_spin_wake();
}

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
	preempt_disable();
	arch_spin_lock(&lock->raw);
}

/* Take the lock if it is free; true when taken. Never waits. */
static inline bool spin_trylock(spinlock_t *lock)
{
	preempt_disable();
	if (arch_spin_trylock(&lock->raw))
		return true;
	preempt_enable();
	return false;
}

static inline void spin_unlock(spinlock_t *lock)
{
	arch_spin_unlock(&lock->raw);
	preempt_enable();
}

/* Interrupts off on this CPU, then the lock; the flags to give back to the unlock. */
#define spin_lock_irqsave(lock, flags)					\
	do {								\
		(flags) = arch_local_irq_save();			\
		spin_lock(lock);					\
	} while (0)

static inline void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags)
{
	spin_unlock(lock);
	arch_local_irq_restore(flags);
}

/* Held by some CPU (a snapshot: it may change at once). */
static inline bool spin_is_locked(spinlock_t *lock)
{
	arch_spinlock_t now = { .slock = READ_ONCE(lock->raw.slock) };

	return now.tickets.owner != now.tickets.next;
}

#endif
