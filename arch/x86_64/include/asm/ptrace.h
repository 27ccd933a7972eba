/*
 * The registers of an interrupted context, in the order the entries push
 * them: the general registers, then the vector and error code, then what
 * the CPU itself pushed (rip, cs, rflags, rsp, ss). The general registers
 * are pushed and popped by PUSH_REGS and POP_REGS below, kept next to the
 * struct they build, for both ways in (entry.S's exceptions, entry_syscall.S's
 * SYSCALL).
 */
#ifndef _ASM_PTRACE_H
#define _ASM_PTRACE_H

#ifndef __ASSEMBLER__
#include <kernel/types.h>

struct pt_regs {
	unsigned long r15, r14, r13, r12, r11, r10, r9, r8;
	unsigned long rbp, rdi, rsi, rdx, rcx, rbx, rax;
	unsigned long vector, error_code;
	unsigned long rip, cs, rflags, rsp, ss;
};

/* The interrupted code ran in ring 3: the low two bits of its CS are its privilege level. */
static inline bool user_mode(const struct pt_regs *regs)
{
	return (regs->cs & 3) == 3;
}

static inline unsigned long user_stack_pointer(const struct pt_regs *regs)
{
	return regs->rsp;
}

static inline unsigned long instruction_pointer(const struct pt_regs *regs)
{
	return regs->rip;
}

static inline unsigned long frame_pointer(const struct pt_regs *regs)
{
	return regs->rbp;
}

static inline void instruction_pointer_set(struct pt_regs *regs, unsigned long ip)
{
	regs->rip = ip;
}

/* idx is the register's place in struct pt_regs (EX_REG_* in asm/extable.h). */
static inline void regs_set_register(struct pt_regs *regs, int idx, unsigned long v)
{
	((unsigned long *)regs)[idx] = v;
}
#else

#define PT_R11		(4 * 8)		/* offsets in struct pt_regs */
#define PT_RCX		(12 * 8)
#define PT_RIP		(17 * 8)
#define PT_CS		(18 * 8)
#define PT_RFLAGS	(19 * 8)

/* The general registers, pushed below vector and error code: the top of struct pt_regs. */
.macro PUSH_REGS
	pushq	%rax
	pushq	%rbx
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi
	pushq	%rbp
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
.endm

/* And back; sysret=1 skips r11 and rcx, which hold the rflags and rip SYSRET loads. */
.macro POP_REGS sysret=0
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	.if \sysret
	addq	$8, %rsp
	.else
	popq	%r11
	.endif
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rbp
	popq	%rdi
	popq	%rsi
	popq	%rdx
	.if \sysret
	addq	$8, %rsp
	.else
	popq	%rcx
	.endif
	popq	%rbx
	popq	%rax
.endm
#endif

#endif
