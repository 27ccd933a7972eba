/*
 * 32-bit ARM loads and stores that may fault: the arch half of
 * copy_from_kernel_nofault() and friends (include/kernel/uaccess.h).
 * Each is one instruction with an __ex_table entry; on a fault (a data
 * abort) the handler puts -EFAULT in r0 (err) and, for loads, zeroes r1
 * (the value), then resumes after the instruction.
 *
 * err and val are register variables so that the fixup knows which
 * registers to change. That is safe only because nothing between their
 * assignment and the asm could call a function and clobber them.
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
	register long err __asm__("r0") = 0;					\
	register unsigned long val __asm__("r1");				\
										\
	__asm__ __volatile__("1:	" insn "\n"					\
			     "2:\n"						\
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_ZERO_REG, EX_REG_R0, EX_REG_R1) \
			     : "+r"(err), [val] "=r"(val)			\
			     : [src] "r"(src)					\
			     : "memory");					\
	*dst = val;								\
	return err;								\
}

#define DEFINE_PUT_KERNEL_NOFAULT(size, type, insn)				\
static __always_inline long arch_put_kernel_nofault_##size(void *dst, type val) \
{										\
	register long err __asm__("r0") = 0;					\
										\
	__asm__ __volatile__("1:	" insn "\n"					\
			     "2:\n"						\
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_REG, EX_REG_R0, 0) \
			     : "+r"(err)					\
			     : [dst] "r"(dst), [val] "r"(val)			\
			     : "memory");					\
	return err;								\
}

DEFINE_GET_KERNEL_NOFAULT(long, unsigned long, "ldr %[val], [%[src]]")
DEFINE_GET_KERNEL_NOFAULT(u8, u8, "ldrb %[val], [%[src]]")
DEFINE_PUT_KERNEL_NOFAULT(long, unsigned long, "str %[val], [%[dst]]")
DEFINE_PUT_KERNEL_NOFAULT(u8, u8, "strb %[val], [%[dst]]")

#endif
