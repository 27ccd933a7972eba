/*
 * Reading and writing kernel memory that may not be there: the
 * exception-table users every kernel needs (a debugger's peek, an oops
 * printing bytes at a bad address). They return 0 or -EFAULT and never
 * oops. On a fault the destination's remaining bytes are zeroed: a caller
 * that ignores the error still sees no stale data.
 */
#ifndef _KERNEL_UACCESS_H
#define _KERNEL_UACCESS_H

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
