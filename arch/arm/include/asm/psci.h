/*
 * PSCI, the Power State Coordination Interface: calls into the firmware
 * (QEMU itself, under -M virt) through hvc or smc, whichever the device
 * tree's /psci "method" names. Here CPU_ON and SYSTEM_OFF.
 */
#ifndef _ASM_PSCI_H
#define _ASM_PSCI_H

#define PSCI_RET_SUCCESS		0
#define PSCI_RET_NOT_SUPPORTED		(-1)
#define PSCI_RET_INVALID_PARAMS		(-2)
#define PSCI_RET_ALREADY_ON		(-4)

/*
 * Power on the CPU with MPIDR affinity `target`: it starts at the physical
 * address `entry`, MMU off, in the caller's mode, with r0 = context.
 * Returns a PSCI_RET_* code (PSCI_RET_NOT_SUPPORTED without a conduit).
 */
int psci_cpu_on(unsigned long target, unsigned long entry, unsigned long context);

/* Power the machine off; returns only if that failed or there is no conduit. */
void psci_system_off(void);

#endif
