/*
 * 32-bit ARM's atomic primitives, on which atomic_t (include/kernel/atomic.h)
 * and the ticket spinlock (include/kernel/spinlock.h) are built.
 *
 * ARMv7 has no atomic add to memory. ldrex loads a word and tells the
 * exclusive monitor to watch it; strex stores only if nobody wrote the word
 * since, and says whether it did: retried in a loop, the pair is an atomic
 * read-modify-write. The CPU may move other memory accesses across them
 * (the compiler may not): the callers add the barriers they need
 * (smp_mb__before_atomic() and friends, include/kernel/barrier.h).
 */
#ifndef _ASM_ATOMIC_H
#define _ASM_ATOMIC_H

#include <kernel/types.h>

/* *p += i; the value *p had. */
static inline u32 arch_atomic_fetch_add(u32 i, u32 *p)
{
	u32 old, new, failed;

	__asm__ __volatile__("1:	ldrex	%0, [%4]\n"
			     "	add	%1, %0, %5\n"
			     "	strex	%2, %1, [%4]\n"
			     "	teq	%2, #0\n"
			     "	bne	1b"
			     : "=&r"(old), "=&r"(new), "=&r"(failed), "+Qo"(*p)
			     : "r"(p), "Ir"(i)
			     : "memory", "cc");
	return old;
}

/* If *p is old, make it new; the value *p had (old when the exchange happened). */
static inline u32 arch_atomic_cmpxchg(u32 *p, u32 old, u32 new)
{
	u32 seen, failed;

	do {
		__asm__ __volatile__("	ldrex	%0, [%3]\n"
				     "	mov	%1, #0\n"
				     "	teq	%0, %4\n"
				     "	strexeq	%1, %5, [%3]"
				     : "=&r"(seen), "=&r"(failed), "+Qo"(*p)
				     : "r"(p), "r"(old), "r"(new)
				     : "memory", "cc");
	} while (failed);
	return seen;
}

#endif
