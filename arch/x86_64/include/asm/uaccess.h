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

static __always_inline long arch_get_kernel_nofault_long(unsigned long *dst, const void *src)
{
	long err = 0;
	unsigned long val;

	__asm__ __volatile__("1:	movq (%[src]), %[val]\n"
			     "2:\n"
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_ZERO_REG, EX_REG_AX, EX_REG_DX)
			     : "+a"(err), [val] "=d"(val)
			     : [src] "r"(src)
			     : "memory");
	*dst = val;
	return err;
}

static __always_inline long arch_get_kernel_nofault_u8(u8 *dst, const void *src)
{
	long err = 0;
	unsigned long val;

	__asm__ __volatile__("1:	movzbl (%[src]), %k[val]\n"
			     "2:\n"
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_ZERO_REG, EX_REG_AX, EX_REG_DX)
			     : "+a"(err), [val] "=d"(val)
			     : [src] "r"(src)
			     : "memory");
	*dst = val;
	return err;
}

static __always_inline long arch_put_kernel_nofault_long(void *dst, unsigned long val)
{
	long err = 0;

	__asm__ __volatile__("1:	movq %[val], (%[dst])\n"
			     "2:\n"
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_REG, EX_REG_AX, 0)
			     : "+a"(err)
			     : [dst] "r"(dst), [val] "r"(val)
			     : "memory");
	return err;
}

static __always_inline long arch_put_kernel_nofault_u8(void *dst, u8 val)
{
	long err = 0;

	__asm__ __volatile__("1:	movb %[val], (%[dst])\n"
			     "2:\n"
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_REG, EX_REG_AX, 0)
			     : "+a"(err)
			     : [dst] "r"(dst), [val] "q"(val)
			     : "memory");
	return err;
}

#endif
