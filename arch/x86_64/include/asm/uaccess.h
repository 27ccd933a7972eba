/*
 * x86_64 loads and stores that may fault: the arch half of
 * copy_from_kernel_nofault() and friends (include/kernel/uaccess.h).
 * Each is one instruction with an __ex_table entry; on a fault the
 * handler puts -EFAULT in rax (err) and, for loads, zeroes rdx (the value),
 * then resumes after the instruction.
 */
#ifndef _ASM_UACCESS_H
#define _ASM_UACCESS_H

#include <asm/extable.h>
#include <kernel/types.h>

/*
 * The functions differ only in the instruction, which must be a string
 * literal inside the asm, hence macros that define them:
 * arch_get_kernel_nofault_{long,u8}() and arch_put_kernel_nofault_{long,u8}().
 */
#define DEFINE_GET_KERNEL_NOFAULT(size, type, insn)				\
static __always_inline long arch_get_kernel_nofault_##size(type *dst, const void *src) \
{										\
	long err = 0;								\
	unsigned long val;							\
										\
	__asm__ __volatile__("1:	" insn "\n"					\
			     "2:\n"						\
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_ZERO_REG, EX_REG_AX, EX_REG_DX) \
			     : "+a"(err), [val] "=d"(val)			\
			     : [src] "r"(src)					\
			     : "memory");					\
	*dst = val;								\
	return err;								\
}

/* val_constraint: a byte store needs a register with a byte name ("q"). */
#define DEFINE_PUT_KERNEL_NOFAULT(size, type, insn, val_constraint)		\
static __always_inline long arch_put_kernel_nofault_##size(void *dst, type val) \
{										\
	long err = 0;								\
										\
	__asm__ __volatile__("1:	" insn "\n"					\
			     "2:\n"						\
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_REG, EX_REG_AX, 0) \
			     : "+a"(err)					\
			     : [dst] "r"(dst), [val] val_constraint(val)	\
			     : "memory");					\
	return err;								\
}

DEFINE_GET_KERNEL_NOFAULT(long, unsigned long, "movq (%[src]), %[val]")
DEFINE_GET_KERNEL_NOFAULT(u8, u8, "movzbl (%[src]), %k[val]")
DEFINE_PUT_KERNEL_NOFAULT(long, unsigned long, "movq %[val], (%[dst])", "r")
DEFINE_PUT_KERNEL_NOFAULT(u8, u8, "movb %[val], (%[dst])", "q")

#endif
