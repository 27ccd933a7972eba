/*
 * Which CPU is running. Until secondary CPUs are brought up (the per-CPU
 * and SMP issue) only the boot CPU, number 0, runs kernel code.
 */
#ifndef _KERNEL_SMP_H
#define _KERNEL_SMP_H

static inline int smp_processor_id(void)
{
	return 0;
}

#endif
