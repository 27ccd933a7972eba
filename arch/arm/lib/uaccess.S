/*
 * Copying to, from and clearing user memory: the loops behind
 * raw_copy_from_user(), raw_copy_to_user() and __clear_user()
 * (asm/uaccess.h), which open user memory around them (asm/domain.h).
 *
 * Each load or store that touches user memory is listed in __ex_table
 * with the type EX_TYPE_UACCESS: a fault there (unmapped, read-only, or
 * the window not open) resumes at the fixup, which returns the count of
 * bytes not done. A faulting ldr/str with post-increment writes nothing
 * back (ARMv7's base-restored abort model), so r2 still counts the
 * faulting access's bytes as not done.
 *
 * Words while both pointers are word-aligned, then bytes: a word access
 * never straddles a page, so no word is half copied.
 */
#include <asm/extable.h>

	.text
	.arm

	.macro	uaccess insn, reg, addr, inc
9999:	\insn	\reg, [\addr], #\inc
	_ASM_EXTABLE_TYPE_REG(9999b, copy_user_fault, EX_TYPE_UACCESS, 0, 0)
	.endm

/* unsigned long __copy_from_user_std(void *to, const void __user *from, unsigned long n) */
	.globl	__copy_from_user_std
	.type	__copy_from_user_std, %function
__copy_from_user_std:
	orr	r3, r0, r1
	tst	r3, #3
	bne	2f
1:	cmp	r2, #4
	blo	2f
	uaccess	ldr, r3, r1, 4
	str	r3, [r0], #4
	sub	r2, r2, #4
	b	1b
2:	cmp	r2, #0
	beq	3f
	uaccess	ldrb, r3, r1, 1
	strb	r3, [r0], #1
	sub	r2, r2, #1
	b	2b
3:	mov	r0, r2
	bx	lr
	.size	__copy_from_user_std, . - __copy_from_user_std

/* unsigned long __copy_to_user_std(void __user *to, const void *from, unsigned long n) */
	.globl	__copy_to_user_std
	.type	__copy_to_user_std, %function
__copy_to_user_std:
	orr	r3, r0, r1
	tst	r3, #3
	bne	2f
1:	cmp	r2, #4
	blo	2f
	ldr	r3, [r1], #4
	uaccess	str, r3, r0, 4
	sub	r2, r2, #4
	b	1b
2:	cmp	r2, #0
	beq	3f
	ldrb	r3, [r1], #1
	uaccess	strb, r3, r0, 1
	sub	r2, r2, #1
	b	2b
3:	mov	r0, r2
	bx	lr
	.size	__copy_to_user_std, . - __copy_to_user_std

/* unsigned long __clear_user_std(void __user *to, unsigned long n) */
	.globl	__clear_user_std
	.type	__clear_user_std, %function
__clear_user_std:
	mov	r2, r1
	mov	r3, #0
1:	cmp	r2, #0
	beq	2f
	uaccess	strb, r3, r0, 1
	sub	r2, r2, #1
	b	1b
2:	mov	r0, r2
	bx	lr
	.size	__clear_user_std, . - __clear_user_std

/* Every routine above keeps the bytes not done in r2. */
	.type	copy_user_fault, %function
copy_user_fault:
	mov	r0, r2
	bx	lr
	.size	copy_user_fault, . - copy_user_fault
