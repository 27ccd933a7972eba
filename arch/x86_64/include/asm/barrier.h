/*
 * x86_64 SMP barriers (include/kernel/barrier.h).
 *
 * x86 keeps loads in order and stores in order (TSO), so smp_rmb() and
 * smp_wmb() only stop the compiler. A store may still pass a later load,
 * which smp_mb() prevents with a locked instruction on the stack (cheaper
 * than mfence, and it orders all memory the same way). Its lock prefix is
 * recorded in .smp_locks like every other, so with one CPU it is patched
 * into a plain "or" of zero: no fence at all.
 *
 * For the same reasons the barriers of atomics and locks cost nothing: a
 * locked instruction is itself a full barrier, and a store after earlier
 * loads and stores is never seen before them.
 */
#ifndef _ASM_BARRIER_H
#define _ASM_BARRIER_H

#include <asm/alternative.h>
#include <kernel/compiler.h>

#define smp_mb()	__asm__ __volatile__(LOCK_PREFIX "orl $0, (%%rsp)" ::: "memory", "cc")
#define smp_rmb()	barrier()
#define smp_wmb()	barrier()

#define smp_mb__before_atomic()	barrier()
#define smp_mb__after_atomic()	barrier()

#define smp_store_release(p, v)						\
	do {								\
		barrier();						\
		WRITE_ONCE(*(p), (v));					\
	} while (0)

#endif
