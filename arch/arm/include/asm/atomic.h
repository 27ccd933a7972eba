/*
 * 32-bit ARM atomic counters: an int that several CPUs may change at once.
 * An ldrex/strex loop makes the read-modify-write atomic (see
 * asm/spinlock.h); atomic_add_return() is also a full barrier on both
 * sides, as in Linux, atomic_add() orders nothing.
 */
#ifndef _ASM_ATOMIC_H
#define _ASM_ATOMIC_H

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

static inline int __atomic_add_return_relaxed(int i, atomic_t *v)
{
	int result;
	unsigned long failed;

	__asm__ __volatile__("1:	ldrex	%0, [%3]\n"
			     "	add	%0, %0, %4\n"
			     "	strex	%1, %0, [%3]\n"
			     "	teq	%1, #0\n"
			     "	bne	1b"
			     : "=&r"(result), "=&r"(failed), "+Qo"(v->counter)
			     : "r"(&v->counter), "Ir"(i)
			     : "cc");
	return result;
}

static inline void atomic_add(int i, atomic_t *v)
{
	__atomic_add_return_relaxed(i, v);
}

/* Add and return the new value. */
static inline int atomic_add_return(int i, atomic_t *v)
{
	int result;

	smp_mb();
	result = __atomic_add_return_relaxed(i, v);
	smp_mb();
	return result;
}

#define atomic_inc(v)		atomic_add(1, v)
#define atomic_inc_return(v)	atomic_add_return(1, v)

#endif
