/*
 * ARM semihosting: a trap instruction that a debugger or emulator (QEMU with
 * -semihosting) intercepts and serves on the host. We use one call,
 * SYS_EXIT_EXTENDED, which is the only way to end QEMU with a chosen exit
 * status on ARM.
 *
 * Without -semihosting the trap is an ordinary supervisor call: the SVC
 * handler (arch/arm/kernel/traps.c) recognises it by its address,
 * semihosting_trap, and calls semihosting_unavailable() instead of
 * reporting an unexpected exception.
 */
#ifndef _ASM_SEMIHOSTING_H
#define _ASM_SEMIHOSTING_H

#define SYS_EXIT_EXTENDED		0x20
#define ADP_STOPPED_APPLICATION_EXIT	0x20026

#ifndef __ASSEMBLER__
#include <kernel/compiler.h>

/* Perform semihosting operation op with argument block arg; returns r0. */
unsigned long semihosting_call(unsigned long op, const void *arg);

/* The address of the trap instruction inside semihosting_call (entry.S). */
extern const char semihosting_trap[];

/* Called by the SVC handler when the trap was not intercepted: powers off. */
void __noreturn semihosting_unavailable(void);
#endif

#endif
