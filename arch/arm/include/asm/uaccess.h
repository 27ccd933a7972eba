/*
 * 32-bit ARM user accesses, the arch half of include/kernel/uaccess.h, made
 * as asm/maccess.h makes the kernel's nofault ones (which has the register
 * conventions): each is one instruction with an __ex_table entry.
 */
#ifndef _ASM_UACCESS_H
#define _ASM_UACCESS_H

#include <asm/domain.h>
#include <asm/extable.h>
#include <asm/maccess.h>
#include <kernel/compiler.h>
#include <kernel/types.h>

/*
 * User memory (include/kernel/uaccess.h has the contract). An access
 * happens between user_access_begin() and user_access_end(), which open
 * and close domain 1 in the DACR (asm/domain.h); outside that window the
 * kernel's access to a user page is a domain fault, an oops. A fault inside
 * the window resumes at the fixup with the window still open (the entry
 * code restores the interrupted DACR), so the end closes it on both paths.
 * The string loops are arch/arm/lib/uaccess.S; single values are one
 * instruction each, as the nofault accessors (asm/maccess.h), with err in r0 and
 * the value in r1.
 */
static __always_inline void user_access_begin(void)
{
	set_domain(DACR_UACCESS_ENABLE);
}

static __always_inline void user_access_end(void)
{
	set_domain(DACR_UACCESS_DISABLE);
}

unsigned long __copy_from_user_std(void *to, const void __user *from, unsigned long n);
unsigned long __copy_to_user_std(void __user *to, const void *from, unsigned long n);
unsigned long __clear_user_std(void __user *to, unsigned long n);

/* The bytes not copied: 0, or how many were left at the fault. */
static __always_inline unsigned long raw_copy_from_user(void *to, const void __user *from,
							 unsigned long n)
{
	user_access_begin();
	n = __copy_from_user_std(to, from, n);
	user_access_end();
	return n;
}

static __always_inline unsigned long raw_copy_to_user(void __user *to, const void *from,
						       unsigned long n)
{
	user_access_begin();
	n = __copy_to_user_std(to, from, n);
	user_access_end();
	return n;
}

/* The bytes not zeroed. */
static __always_inline unsigned long __clear_user(void __user *to, unsigned long n)
{
	user_access_begin();
	n = __clear_user_std(to, n);
	user_access_end();
	return n;
}

/*
 * __get_user_N(&val, ptr) and __put_user_N(ptr, val), N = 1, 2, 4, 8 bytes:
 * 0 or -EFAULT (a failed get leaves val 0). The caller checked access_ok()
 * and holds the user_access_begin() window open (get_user(), put_user(),
 * unsafe_get_user() in include/kernel/uaccess.h), so a loop opens it once.
 */
#define DEFINE_GET_USER(n, type, insn)						\
	DEFINE_LOAD(__get_user_##n, type, const void __user *, insn,		\
		    EX_TYPE_UACCESS_EFAULT_ZERO_REG, "memory")
#define DEFINE_PUT_USER(n, type, insn)						\
	DEFINE_STORE(__put_user_##n, type, void __user *, insn,		\
		     EX_TYPE_UACCESS_EFAULT_REG, "memory")

DEFINE_GET_USER(1, u8, "ldrb %[val], [%[ptr]]")
DEFINE_GET_USER(2, u16, "ldrh %[val], [%[ptr]]")
DEFINE_GET_USER(4, u32, "ldr %[val], [%[ptr]]")
DEFINE_PUT_USER(1, u8, "strb %[val], [%[ptr]]")
DEFINE_PUT_USER(2, u16, "strh %[val], [%[ptr]]")
DEFINE_PUT_USER(4, u32, "str %[val], [%[ptr]]")

/* 8 bytes: two words, low first (little-endian); a fault on either fails the whole. */
static __always_inline long __get_user_8(u64 *val, const void __user *ptr)
{
	u32 lo, hi = 0;
	long err = __get_user_4(&lo, ptr);

	if (!err)
		err = __get_user_4(&hi, (const char __user *)ptr + 4);
	*val = err ? 0 : (u64)hi << 32 | lo;
	return err;
}

static __always_inline long __put_user_8(void __user *ptr, u64 val)
{
	long err = __put_user_4(ptr, (u32)val);

	return err ? err : __put_user_4((char __user *)ptr + 4, (u32)(val >> 32));
}

#endif
