/*
 * 32-bit ARM loads and stores that may fault: the arch half of
 * copy_from_kernel_nofault() and friends, and of the user accesses
 * (include/kernel/uaccess.h).
 * Each is one instruction with an __ex_table entry; on a fault (a data
 * abort) the handler puts -EFAULT in r0 (err) and, for loads, zeroes r1
 * (the value), then resumes after the instruction.
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
#ifndef _ASM_UACCESS_H
#define _ASM_UACCESS_H

#include <asm/domain.h>
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

/*
 * User memory (include/kernel/uaccess.h has the contract). An access
 * happens between user_access_begin() and user_access_end(), which open
 * and close domain 1 in the DACR (asm/domain.h); outside that window the
 * kernel's access to a user page is a domain fault, an oops. A fault inside
 * the window resumes at the fixup with the window still open (the entry
 * code restores the interrupted DACR), so the end closes it on both paths.
 * The string loops are arch/arm/lib/uaccess.S; single values are one
 * instruction each, as for the nofault accessors above, with err in r0 and
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
