/*
 * The registers of an interrupted context, as arch/arm/kernel/entry.S saves
 * them: r0-r12, then the interrupted mode's own sp and lr, the address of
 * the instruction that trapped and its CPSR, and r0 as a system call found
 * it (its first argument: the result overwrites r0; -1 for any other
 * entry). 18 words, as Linux's, which keeps a frame at the top of an
 * 8-byte aligned stack 8-byte aligned for C. An entry from user mode puts
 * the frame at the top of the thread's kernel stack (task_pt_regs()); an
 * entry from the kernel, on the stack of the mode the exception entered
 * with the interrupted DACR below it (entry.S). Also the processor modes
 * and the exception vector numbers, which entry.S, head.S and traps.c
 * share.
 */
#ifndef _ASM_PTRACE_H
#define _ASM_PTRACE_H

#define MODE_USR	0x10
#define MODE_FIQ	0x11
#define MODE_IRQ	0x12
#define MODE_SVC	0x13
#define MODE_ABT	0x17
#define MODE_HYP	0x1a
#define MODE_UND	0x1b
#define MODE_SYS	0x1f
#define MODE_MASK	0x1f
#define PSR_T_BIT	0x20	/* Thumb state */
#define PSR_F_BIT	0x40	/* FIQs masked */
#define PSR_I_BIT	0x80	/* IRQs masked */
#define PSR_A_BIT	0x100	/* asynchronous aborts masked */

/* The exception vectors, in the order of the table in entry.S. */
#define VECTOR_RESET	0	/* taken only by a branch to the table */
#define VECTOR_UNDEF	1
#define VECTOR_SVC	2
#define VECTOR_PABT	3
#define VECTOR_DABT	4
#define VECTOR_UNUSED	5	/* the hypervisor trap, never taken outside Hyp mode */
#define VECTOR_IRQ	6
#define VECTOR_FIQ	7

/* Byte offsets in struct pt_regs, for entry.S. */
#define S_SP		(13 * 4)
#define S_LR		(14 * 4)
#define S_PC		(15 * 4)
#define S_PSR		(16 * 4)
#define S_OLD_R0	(17 * 4)
#define S_FRAME_SIZE	(18 * 4)

#ifndef __ASSEMBLER__
#include <kernel/types.h>

struct pt_regs {
	unsigned long r[13];	/* r[11] is fp, r[12] ip */
	unsigned long sp;
	unsigned long lr;
	unsigned long pc;
	unsigned long psr;
	unsigned long orig_r0;
};

_Static_assert(sizeof(struct pt_regs) == S_FRAME_SIZE, "pt_regs does not match entry.S");

/* Interrupted in USR mode: the only mode whose number has bits 3:0 clear. */
static inline bool user_mode(const struct pt_regs *regs)
{
	return (regs->psr & 0xf) == 0;
}

static inline unsigned long user_stack_pointer(const struct pt_regs *regs)
{
	return regs->sp;
}

static inline unsigned long instruction_pointer(const struct pt_regs *regs)
{
	return regs->pc;
}

static inline unsigned long frame_pointer(const struct pt_regs *regs)
{
	return regs->r[11];
}

static inline void instruction_pointer_set(struct pt_regs *regs, unsigned long pc)
{
	regs->pc = pc;
}

/* idx is the register's place in struct pt_regs: n for rn, 0-12 (13-15 are sp, lr, pc). */
static inline void regs_set_register(struct pt_regs *regs, int idx, unsigned long v)
{
	((unsigned long *)regs)[idx] = v;
}
#endif

#endif
