/*
 * Kernel memory that may not be there, read and written without an oops (a
 * debugger's peek, an oops printing bytes at a bad address): each access is
 * one instruction listed in __ex_table (asm/maccess.h), so a fault resumes
 * at its fixup. copy_from_kernel_nofault() and friends return 0 or -EFAULT;
 * on a fault the destination's remaining bytes are zeroed, so a caller that
 * ignores the error still sees no stale data. Apart from uaccess.h, which
 * includes it, so that the core's nofault access does not bring in the user
 * accessors (kernel/maccess.c).
 */
#ifndef _KERNEL_MACCESS_H
#define _KERNEL_MACCESS_H

#include <kernel/types.h>

long copy_from_kernel_nofault(void *dst, const void *src, size_t size);
long copy_to_kernel_nofault(void *dst, const void *src, size_t size);

#define get_kernel_nofault(val, ptr)	copy_from_kernel_nofault(&(val), (ptr), sizeof(val))
#define put_kernel_nofault(ptr, val)					\
	({								\
		__typeof__(*(ptr)) __pkn_val = (val);			\
		copy_to_kernel_nofault((ptr), &__pkn_val, sizeof(__pkn_val)); \
	})

#endif
