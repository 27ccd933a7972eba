/*
 * The x86_64 system-call ABI, as the generic dispatcher (kernel/syscall.c)
 * reads it from the registers the SYSCALL entry saved: the number in rax,
 * the arguments in rdi, rsi, rdx, r10, r8, r9 (r10, not rcx: SYSCALL puts
 * the return address in rcx), the result back in rax, -4095..-1 an error.
 */
#ifndef _ASM_SYSCALL_H
#define _ASM_SYSCALL_H

#include <asm/ptrace.h>

static inline unsigned long syscall_get_nr(const struct pt_regs *regs)
{
	return regs->rax;
}

static inline void syscall_get_arguments(const struct pt_regs *regs, unsigned long args[6])
{
	args[0] = regs->rdi;
	args[1] = regs->rsi;
	args[2] = regs->rdx;
	args[3] = regs->r10;
	args[4] = regs->r8;
	args[5] = regs->r9;
}

static inline void syscall_set_return_value(struct pt_regs *regs, long ret)
{
	regs->rax = ret;
}

static inline long syscall_get_return_value(const struct pt_regs *regs)
{
	return regs->rax;
}

#endif
