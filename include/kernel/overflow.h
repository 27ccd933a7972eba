/*
 * Arithmetic that says when it overflowed (Linux's include/linux/overflow.h,
 * its most used check). Signed overflow is undefined behaviour in C:
 * `a + b < a` may be folded away by the compiler, since the kernel is not
 * built with -fno-strict-overflow. The compiler's builtin computes the
 * sum as if in infinite precision and says whether it fit in *d.
 */
#ifndef _KERNEL_OVERFLOW_H
#define _KERNEL_OVERFLOW_H

/* *d = a + b; true if the sum does not fit in *d's type. */
#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)

#endif
