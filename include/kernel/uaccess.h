/*
 * Memory that may not be there, read and written without an oops: every
 * access is one instruction listed in the exception table (__ex_table), so
 * a fault resumes at its fixup instead of stopping the kernel.
 *
 * Kernel memory: copy_from_kernel_nofault() and friends (kernel/maccess.h,
 * included here).
 *
 * User memory: every pointer a program hands the kernel goes through
 * these, never through a plain dereference (with SMAP or ARM's domains
 * that is an oops). access_ok() checks that the range lies below
 * TASK_SIZE; the accessors check it themselves:
 *   copy_from_user(), copy_to_user(), clear_user()
 *                        the bytes NOT copied (0 = all done); copy_from_user
 *                        zeroes the tail it could not copy
 *   get_user(x, p), put_user(x, p)
 *                        0 or -EFAULT; a failed get_user sets x to 0
 *   strncpy_from_user()  the string's length, count if no NUL came within
 *                        count bytes, or -EFAULT
 * An access opens user memory to the kernel (user_access_begin(): SMAP's
 * stac, ARM's DACR) and closes it after; a loop over many values opens it
 * once and reads with unsafe_get_user().
 * Each taken fixup is counted: uaccess_fixup_count() (kernel/extable.h).
 */
#ifndef _KERNEL_UACCESS_H
#define _KERNEL_UACCESS_H

#include <asm/processor.h>
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <kernel/maccess.h>
#include <kernel/types.h>

#include <asm/uaccess.h>

static inline bool access_ok(const void __user *ptr, unsigned long n)
{
	unsigned long addr = (unsigned long)ptr;

	return n <= TASK_SIZE && addr <= TASK_SIZE - n;
}

unsigned long copy_from_user(void *to, const void __user *from, unsigned long n);
unsigned long copy_to_user(void __user *to, const void *from, unsigned long n);
unsigned long clear_user(void __user *to, unsigned long n);
long strncpy_from_user(char *dst, const char __user *src, long count);

/*
 * The arch's single-value accessors by size, inside an open window.
 * Any other size has no accessor: the call fails to link.
 */
extern long __get_user_bad(void);
extern long __put_user_bad(void);

static __always_inline long __get_user_size(u64 *val, const void __user *ptr, size_t size)
{
	long err;

	switch (size) {
	case 1: { u8 v; err = __get_user_1(&v, ptr); *val = v; return err; }
	case 2: { u16 v; err = __get_user_2(&v, ptr); *val = v; return err; }
	case 4: { u32 v; err = __get_user_4(&v, ptr); *val = v; return err; }
	case 8: return __get_user_8(val, ptr);
	default: return __get_user_bad();
	}
}

static __always_inline long __put_user_size(const void *val, void __user *ptr, size_t size)
{
	switch (size) {
	case 1: return __put_user_1(ptr, *(const u8 *)val);
	case 2: return __put_user_2(ptr, *(const u16 *)val);
	case 4: return __put_user_4(ptr, *(const u32 *)val);
	case 8: return __put_user_8(ptr, *(const u64 *)val);
	default: return __put_user_bad();
	}
}

/* An unsigned integer type as wide as x, at least a long: pointers convert to it cleanly. */
#define __inttype(x) __typeof__(__builtin_choose_expr(sizeof(x) > sizeof(0UL), 0ULL, 0UL))

#define get_user(x, ptr)							\
	({									\
		const __typeof__(*(ptr)) __user *__gu_ptr = (ptr);		\
		u64 __gu_val = 0;						\
		long __gu_err = -EFAULT;					\
										\
		if (access_ok(__gu_ptr, sizeof(*__gu_ptr))) {			\
			user_access_begin();					\
			__gu_err = __get_user_size(&__gu_val, __gu_ptr,		\
						   sizeof(*__gu_ptr));		\
			user_access_end();					\
		}								\
		(x) = (__typeof__(*(ptr)))(__inttype(*(ptr)))__gu_val;		\
		__gu_err;							\
	})

#define put_user(x, ptr)							\
	({									\
		__typeof__(*(ptr)) __user *__pu_ptr = (ptr);			\
		__typeof__(*(ptr)) __pu_val = (x);				\
		long __pu_err = -EFAULT;					\
										\
		if (access_ok(__pu_ptr, sizeof(*__pu_ptr))) {			\
			user_access_begin();					\
			__pu_err = __put_user_size(&__pu_val, __pu_ptr,		\
						   sizeof(*__pu_ptr));		\
			user_access_end();					\
		}								\
		__pu_err;							\
	})

/*
 * One value inside a window the caller opened with user_access_begin(),
 * for a loop that opens it once (strncpy_from_user()); the caller checked
 * access_ok() for the whole range. A fault jumps to label, and the caller
 * still closes the window there.
 */
#define unsafe_get_user(x, ptr, label)						\
	do {									\
		u64 __ug_val;							\
										\
		if (__get_user_size(&__ug_val, (ptr), sizeof(*(ptr))))		\
			goto label;						\
		(x) = (__typeof__(*(ptr)))(__inttype(*(ptr)))__ug_val;		\
	} while (0)

/* The same for a store: x into *ptr, or a jump to label. */
#define unsafe_put_user(x, ptr, label)						\
	do {									\
		__typeof__(*(ptr)) __up_val = (x);				\
										\
		if (__put_user_size(&__up_val, (ptr), sizeof(*(ptr))))		\
			goto label;						\
	} while (0)

#endif
