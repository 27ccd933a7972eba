/*
 * Ending the kernel: panic() for the unrecoverable, machine_exit() to
 * leave QEMU with a status the host runner can read.
 *
 * The statuses are odd and above 1 on purpose: x86's isa-debug-exit can only
 * produce (v << 1) | 1, and QEMU itself exits 0 on a triple fault and 1 on
 * its own errors, so neither can be mistaken for a pass.
 */
#ifndef _KERNEL_PANIC_H
#define _KERNEL_PANIC_H

#define QEMU_EXIT_PASS		33	/* boot finished, every self-test passed */
#define QEMU_EXIT_TESTS_FAILED	35	/* boot finished; a self-test failed, none ran, or init failed */
#define QEMU_EXIT_PANIC		37	/* panic or oops */

/* The statuses are also for assembly (arch/x86_64/boot/verify_cpu.S). */
#ifndef __ASSEMBLER__
#include <kernel/compiler.h>

__printf(1, 2) void __noreturn panic(const char *fmt, ...);

/* Provided by the arch: leave QEMU with `status`; halts forever without QEMU. */
void __noreturn machine_exit(int status);
#endif

#endif
