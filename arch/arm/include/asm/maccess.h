/*
 * 32-bit ARM loads and stores that may fault, each one instruction with an
 * __ex_table entry: the arch half of copy_from_kernel_nofault() and friends
 * (kernel/maccess.c), and the pattern of the user accesses (asm/uaccess.h,
 * which includes this). On a fault (a data abort) the handler puts -EFAULT
 * in r0 (err) and, for loads, zeroes r1 (the value), then resumes after the
 * instruction.
 *
 * err and val are register variables so that the fixup knows which
 * registers to change. That is safe only because nothing between their
 * assignment and the asm could call a function and clobber them.
 *
 * The nofault accessors also clobber lr: an oops report runs them in abort
 * or undefined mode, where a fault they take enters the same mode again and
 * the CPU writes its return address into that mode's lr, a register the
 * compiler may be keeping a value in.
 */
#ifndef _ASM_MACCESS_H
#define _ASM_MACCESS_H

#include <asm/extable.h>
#include <kernel/compiler.h>
#include <kernel/types.h>

/*
 * Every single-value accessor below is one of these: a load puts the value
 * at src in *dst, a store writes val at ptr, both return 0 or -EFAULT. The
 * instruction must be a string literal inside the asm, hence macros that
 * define them.
 * The kernel's nofault accessors, arch_{get,put}_kernel_nofault_{long,u8}(),
 * and the user ones, __{get,put}_user_N(), differ only in name, pointer type,
 * the entry's type (EX_TYPE_UACCESS_* for a user access, which the fixup also
 * counts: uaccess_fixup_count()) and the clobbers (lr for the nofault ones).
 */
#define DEFINE_LOAD(name, type, ptr_type, insn, ex_type, clobbers...)		\
static __always_inline long name(type *dst, ptr_type src)			\
{										\
	register long err __asm__("r0") = 0;					\
	register unsigned long v __asm__("r1");					\
										\
	__asm__ __volatile__("1:	" insn "\n"					\
			     "2:\n"						\
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, ex_type, EX_REG_R0, EX_REG_R1) \
			     : "+r"(err), [val] "=r"(v)				\
			     : [ptr] "r"(src)					\
			     : clobbers);					\
	*dst = v;								\
	return err;								\
}

#define DEFINE_STORE(name, type, ptr_type, insn, ex_type, clobbers...)		\
static __always_inline long name(ptr_type ptr, type val)			\
{										\
	register long err __asm__("r0") = 0;					\
										\
	__asm__ __volatile__("1:	" insn "\n"					\
			     "2:\n"						\
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, ex_type, EX_REG_R0, 0)	\
			     : "+r"(err)					\
			     : [ptr] "r"(ptr), [val] "r"(val)			\
			     : clobbers);					\
	return err;								\
}

DEFINE_LOAD(arch_get_kernel_nofault_long, unsigned long, const void *,
	    "ldr %[val], [%[ptr]]", EX_TYPE_EFAULT_ZERO_REG, "memory", "lr")
DEFINE_LOAD(arch_get_kernel_nofault_u8, u8, const void *,
	    "ldrb %[val], [%[ptr]]", EX_TYPE_EFAULT_ZERO_REG, "memory", "lr")
DEFINE_STORE(arch_put_kernel_nofault_long, unsigned long, void *,
	     "str %[val], [%[ptr]]", EX_TYPE_EFAULT_REG, "memory", "lr")
DEFINE_STORE(arch_put_kernel_nofault_u8, u8, void *,
	     "strb %[val], [%[ptr]]", EX_TYPE_EFAULT_REG, "memory", "lr")

#endif
