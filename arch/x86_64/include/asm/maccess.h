/*
 * x86_64 loads and stores that may fault, each one instruction with an
 * __ex_table entry: the arch half of copy_from_kernel_nofault() and friends
 * (kernel/maccess.c), and the pattern of the user accesses (asm/uaccess.h,
 * which includes this). On a fault the handler puts -EFAULT in rax (err)
 * and, for loads, zeroes rdx (the value), then resumes after the
 * instruction.
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
 * and the user ones, __{get,put}_user_N(), differ only in name, pointer type
 * and the entry's type: EX_TYPE_UACCESS_* for a user access, which the fixup
 * also counts (uaccess_fixup_count()).
 */
#define DEFINE_LOAD(name, type, ptr_type, insn, ex_type)			\
static __always_inline long name(type *dst, ptr_type src)			\
{										\
	long err = 0;								\
	unsigned long v;							\
										\
	__asm__ __volatile__("1:	" insn "\n"					\
			     "2:\n"						\
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, ex_type, EX_REG_AX, EX_REG_DX) \
			     : "+a"(err), [val] "=d"(v)				\
			     : [ptr] "r"(src)					\
			     : "memory");					\
	*dst = v;								\
	return err;								\
}

/* val_constraint: a byte store needs a register with a byte name ("q"). */
#define DEFINE_STORE(name, type, ptr_type, insn, val_constraint, ex_type)	\
static __always_inline long name(ptr_type ptr, type val)			\
{										\
	long err = 0;								\
										\
	__asm__ __volatile__("1:	" insn "\n"					\
			     "2:\n"						\
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, ex_type, EX_REG_AX, 0)	\
			     : "+a"(err)					\
			     : [ptr] "r"(ptr), [val] val_constraint(val)	\
			     : "memory");					\
	return err;								\
}

DEFINE_LOAD(arch_get_kernel_nofault_long, unsigned long, const void *,
	    "movq (%[ptr]), %[val]", EX_TYPE_EFAULT_ZERO_REG)
DEFINE_LOAD(arch_get_kernel_nofault_u8, u8, const void *,
	    "movzbl (%[ptr]), %k[val]", EX_TYPE_EFAULT_ZERO_REG)
DEFINE_STORE(arch_put_kernel_nofault_long, unsigned long, void *,
	     "movq %[val], (%[ptr])", "r", EX_TYPE_EFAULT_REG)
DEFINE_STORE(arch_put_kernel_nofault_u8, u8, void *,
	     "movb %[val], (%[ptr])", "q", EX_TYPE_EFAULT_REG)

#endif
