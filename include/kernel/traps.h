/*
 * Trap handling: the arch installs its exception entry (IDT on x86_64,
 * VBAR on ARM) in trap_init(); from then on a fault is either recovered
 * through the exception table or reported as an oops.
 */
#ifndef _KERNEL_TRAPS_H
#define _KERNEL_TRAPS_H

void trap_init(void);

#endif
