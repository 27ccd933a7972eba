/*
 * The 32-bit ARM EABI system-call ABI, as the generic dispatcher
 * (kernel/syscall.c) reads it from the frame entry.S saved: svc #0 with the
 * number in r7, the arguments in r0-r5 (r6 is a seventh no call here
 * needs), the result back in r0, -4095..-1 an error (entry.S also keeps
 * the first argument in orig_r0, which the result does not overwrite). ARM's own calls (__ARM_NR_BASE up: set_tls ...) go to arm_syscall()
 * (arch/arm/kernel/process.c) first.
 */
#ifndef _ASM_SYSCALL_H
#define _ASM_SYSCALL_H

#include <asm/ptrace.h>

static inline unsigned long syscall_get_nr(const struct pt_regs *regs)
{
	return regs->r[7];
}

static inline void syscall_get_arguments(const struct pt_regs *regs, unsigned long args[6])
{
	for (int i = 0; i < 6; i++)
		args[i] = regs->r[i];
}

static inline void syscall_set_return_value(struct pt_regs *regs, long ret)
{
	regs->r[0] = ret;
}

static inline long syscall_get_return_value(const struct pt_regs *regs)
{
	return regs->r[0];
}

/* entry.S: ARM's private calls. */
void arm_syscall(struct pt_regs *regs);

#endif
