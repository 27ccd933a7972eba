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
 */
#ifndef _KERNEL_BARRIER_H
#define _KERNEL_BARRIER_H

#include <asm/barrier.h>

#endif
