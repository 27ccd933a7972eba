/*
 * x86_64 user accesses, the arch half of include/kernel/uaccess.h, made
 * as asm/maccess.h makes the kernel's nofault ones: each is one
 * instruction with an __ex_table entry; on a fault the handler puts
 * -EFAULT in rax (err) and, for loads, zeroes rdx (the value), then
 * resumes after the instruction. A string
 * copy (rep movsb, rep stosb) needs no register set: when it faults, rcx
 * holds the bytes it did not copy, exactly.
 *
 * A user access happens between user_access_begin() and user_access_end():
 * stac and clac, patched in on CPUs with SMAP (asm/smap.h). Outside that
 * window the CPU refuses the kernel's accesses to user pages. The fixup
 * resumes inside the window (the faulting frame's AC is restored by iretq),
 * so the clac after it closes the window on both paths.
 */
#ifndef _ASM_UACCESS_H
#define _ASM_UACCESS_H

#include <asm/extable.h>
#include <asm/maccess.h>
#include <asm/smap.h>
#include <kernel/compiler.h>
#include <kernel/types.h>

static __always_inline void user_access_begin(void)
{
	stac();
}

static __always_inline void user_access_end(void)
{
	clac();
}

/*
 * The bytes not copied: 0, or how many were left at the fault. Either side
 * may be the user's: rep movsb is the same copy both ways.
 */
static __always_inline unsigned long copy_user_generic(void *to, const void *from,
							unsigned long n)
{
	user_access_begin();
	__asm__ __volatile__("1:	rep movsb\n"
			     "2:\n"
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_UACCESS, 0, 0)
			     : "+c"(n), "+D"(to), "+S"(from) : : "memory");
	user_access_end();
	return n;
}

static __always_inline unsigned long raw_copy_from_user(void *to, const void __user *from,
							 unsigned long n)
{
	return copy_user_generic(to, (const void *)from, n);
}

static __always_inline unsigned long raw_copy_to_user(void __user *to, const void *from,
						       unsigned long n)
{
	return copy_user_generic((void *)to, from, n);
}

/* The bytes not zeroed. */
static __always_inline unsigned long __clear_user(void __user *to, unsigned long n)
{
	user_access_begin();
	__asm__ __volatile__("1:	rep stosb\n"
			     "2:\n"
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_UACCESS, 0, 0)
			     : "+c"(n), "+D"(to) : "a"(0) : "memory");
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
		    EX_TYPE_UACCESS_EFAULT_ZERO_REG)
#define DEFINE_PUT_USER(n, type, insn, val_constraint)				\
	DEFINE_STORE(__put_user_##n, type, void __user *, insn, val_constraint,	\
		     EX_TYPE_UACCESS_EFAULT_REG)

DEFINE_GET_USER(1, u8, "movzbl (%[ptr]), %k[val]")
DEFINE_GET_USER(2, u16, "movzwl (%[ptr]), %k[val]")
DEFINE_GET_USER(4, u32, "movl (%[ptr]), %k[val]")
DEFINE_GET_USER(8, u64, "movq (%[ptr]), %[val]")
DEFINE_PUT_USER(1, u8, "movb %[val], (%[ptr])", "q")
DEFINE_PUT_USER(2, u16, "movw %[val], (%[ptr])", "r")
DEFINE_PUT_USER(4, u32, "movl %[val], (%[ptr])", "r")
DEFINE_PUT_USER(8, u64, "movq %[val], (%[ptr])", "r")

#endif
