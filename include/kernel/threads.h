/*
 * NR_CPUS: the most CPUs this kernel runs on. It sizes the tables kept
 * per CPU (the per-CPU offsets, the firmware's CPU list, x86_64's TSSs);
 * CPUs the firmware lists beyond it are ignored with a warning.
 */
#ifndef _KERNEL_THREADS_H
#define _KERNEL_THREADS_H

#define NR_CPUS		8

#endif
