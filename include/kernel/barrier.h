/*
 * Memory barriers between CPUs, as in Linux:
 *
 *   smp_mb()    no load or store moves across it, as other CPUs see them
 *   smp_rmb()   loads stay in order
 *   smp_wmb()   stores stay in order
 *
 * They matter only when another CPU looks, so on a machine with one CPU
 * they cost without helping; each arch lets boot-time patching remove them
 * there (<asm/barrier.h>). The compiler may never move memory accesses
 * across any of them.
 *
 * Built from those, for the atomics and locks (include/kernel/atomic.h,
 * include/kernel/spinlock.h); an arch whose atomics already order
 * everything (x86_64) defines cheaper ones in <asm/barrier.h>:
 *
 *   smp_mb__before_atomic(), smp_mb__after_atomic()
 *       make the atomic operation between them a full barrier
 *   smp_acquire__after_ctrl_dep()
 *       after a loop that read a value until it allowed going on (a lock
 *       word): no later access is done before that read
 *   smp_store_release(p, v)
 *       store v to *p after every earlier access (releasing a lock)
 */
#ifndef _KERNEL_BARRIER_H
#define _KERNEL_BARRIER_H

#include <asm/barrier.h>
#include <kernel/compiler.h>

#ifndef smp_mb__before_atomic
#define smp_mb__before_atomic()	smp_mb()
#define smp_mb__after_atomic()	smp_mb()
#endif

/* The loop's branch keeps later stores after the read; smp_rmb() keeps later loads there. */
#define smp_acquire__after_ctrl_dep()	smp_rmb()

#ifndef smp_store_release
#define smp_store_release(p, v)						\
	do {								\
		smp_mb();						\
		WRITE_ONCE(*(p), (v));					\
	} while (0)
#endif

#endif
