/*
 * x86_64's atomic primitives, on which atomic_t (include/kernel/atomic.h)
 * and the ticket spinlock (include/kernel/spinlock.h) are built.
 *
 * Each is one LOCK-prefixed instruction, its prefix recorded in .smp_locks
 * (asm/alternative.h) so that a kernel on one CPU drops it. A locked
 * instruction is also a full memory barrier on x86, which is why
 * smp_mb__before_atomic() and smp_mb__after_atomic() only stop the
 * compiler here (asm/barrier.h).
 */
#ifndef _ASM_ATOMIC_H
#define _ASM_ATOMIC_H

#include <asm/alternative.h>
#include <kernel/types.h>

/* *p += i; the value *p had. */
static inline u32 arch_atomic_fetch_add(u32 i, u32 *p)
{
	__asm__ __volatile__(LOCK_PREFIX "xaddl %0, %1"
			     : "+r"(i), "+m"(*p) : : "memory", "cc");
	return i;
}

/* If *p is old, make it new; the value *p had (old when the exchange happened). */
static inline u32 arch_atomic_cmpxchg(u32 *p, u32 old, u32 new)
{
	__asm__ __volatile__(LOCK_PREFIX "cmpxchgl %2, %1"
			     : "+a"(old), "+m"(*p) : "r"(new) : "memory", "cc");
	return old;
}

#endif
