/*
 * The registers of an interrupted context, in the order
 * arch/x86_64/kernel/entry.S pushes them: the general registers, then the
 * vector and error code, then what the CPU itself pushed (rip, cs, rflags,
 * rsp, ss).
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
#endif

#endif
