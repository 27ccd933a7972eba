/*
 * Atomic counters: an int that several CPUs may change at once.
 *
 *   static atomic_t arrived = ATOMIC_INIT(0);
 *   if (atomic_inc_return(&arrived) == nr) ... the last one in
 *
 * Written once for every arch on two primitives of <asm/atomic.h>:
 * arch_atomic_fetch_add() (x86_64: lock xadd; ARM: an ldrex/strex loop)
 * and arch_atomic_cmpxchg(). As in Linux, atomic_add() orders nothing,
 * while atomic_add_return() is a full barrier on both sides.
 */
#ifndef _KERNEL_ATOMIC_H
#define _KERNEL_ATOMIC_H

#include <asm/atomic.h>
#include <kernel/barrier.h>
#include <kernel/compiler.h>

typedef struct {
	int counter;
} atomic_t;

#define ATOMIC_INIT(i)	{ (i) }

static inline int atomic_read(const atomic_t *v)
{
	return READ_ONCE(v->counter);
}

static inline void atomic_set(atomic_t *v, int i)
{
	WRITE_ONCE(v->counter, i);
}

static inline void atomic_add(int i, atomic_t *v)
{
	arch_atomic_fetch_add(i, (u32 *)&v->counter);
}

/* Add and return the new value. */
static inline int atomic_add_return(int i, atomic_t *v)
{
	int result;

	smp_mb__before_atomic();
	result = (int)arch_atomic_fetch_add(i, (u32 *)&v->counter) + i;
	smp_mb__after_atomic();
	return result;
}

#define atomic_inc(v)		atomic_add(1, v)
#define atomic_inc_return(v)	atomic_add_return(1, v)

#endif
