/*
 * x86_64 atomic counters: an int that several CPUs may change at once.
 * Each operation is one LOCK-prefixed instruction (prefix recorded in
 * .smp_locks, asm/alternative.h); a locked instruction is also a full
 * memory barrier on x86.
 */
#ifndef _ASM_ATOMIC_H
#define _ASM_ATOMIC_H

#include <asm/alternative.h>
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
	__asm__ __volatile__(LOCK_PREFIX "addl %1, %0"
			     : "+m"(v->counter) : "ir"(i) : "memory", "cc");
}

/* Add and return the new value. */
static inline int atomic_add_return(int i, atomic_t *v)
{
	int old = i;

	__asm__ __volatile__(LOCK_PREFIX "xaddl %0, %1"
			     : "+r"(old), "+m"(v->counter) : : "memory", "cc");
	return old + i;
}

#define atomic_inc(v)		atomic_add(1, v)
#define atomic_inc_return(v)	atomic_add_return(1, v)

#endif
