/*
 * Copying to, from and clearing user memory: the loops behind
 * raw_copy_from_user(), raw_copy_to_user() and __clear_user()
 * (asm/uaccess.h), which open user memory around them (asm/domain.h).
 *
 * Each load or store that touches user memory is listed in __ex_table
 * with the type EX_TYPE_UACCESS: a fault there (unmapped, read-only, or
 * the window not open) resumes at the fixup, which returns the count of
 * bytes not done. r2 counts them and is lowered only after an access has
 * completed, so at a fault it still counts the faulting access's bytes
 * (a faulting ldr/str/ldm/stm writes no base register back: ARMv7's
 * base-restored abort model).
 *
 * That count is exact, which copy_from_user()'s zero fill relies on: the
 * user pointer is aligned first (bytes until it is word-aligned, words
 * until it is 32-byte aligned), so no user access straddles a page: a word
 * lies in one page, and so does a 32-byte ldm/stm block. An access faults
 * then on its first byte or not at all, and everything before it was done.
 * A block that straddled a page could half-happen (stm writing its first
 * words, ldm losing loaded words), and the count would be only an upper
 * bound; blocks at 32-byte user addresses cost at most 7 words more.
 *
 * Blocks, 8 words per ldm/stm pair (as in memcpy.S), when the kernel
 * pointer is word-aligned too, as it mostly is (ldm/stm need it); then
 * words, then the last bytes. With a kernel pointer that is not aligned the
 * kernel side uses plain unaligned ldr/str (SCTLR.A is off, head.S).
 *
 * The three routines are one body, the macro copy_user, which differs only
 * in which side is the user's (copy_step, copy_block): a fix to the
 * counting or the alignment is made once for all three.
 */
#include <asm/extable.h>

	.text
	.arm
	.syntax	unified

/* A user access with post-increment: a fault returns r2. */
	.macro	uaccess insn, reg, addr, inc
9999:	\insn	\reg, [\addr], #\inc
	_ASM_EXTABLE_TYPE_REG(9999b, copy_user_fault, EX_TYPE_UACCESS, 0, 0)
	.endm

/* A 32-byte user block, r3-r10 (r4-r11 pushed): a fault pops them and returns r2. */
	.macro	uaccess_block insn, addr
9999:	\insn	\addr!, {r3-r10}
	_ASM_EXTABLE_TYPE_REG(9999b, copy_user_block_fault, EX_TYPE_UACCESS, 0, 0)
	.endm

/*
 * One step of a copy: a byte (b, 1) or a word ("", 4) from the source to
 * the destination, the user's side through uaccess. from: user r1 to
 * kernel r0; to: kernel r1 to user r0; clear: r3 (0) to user r0.
 */
	.macro	copy_step dir, b, inc
	.ifc	\dir, from
	uaccess	ldr\b, r3, r1, \inc
	str\b	r3, [r0], #\inc
	.endif
	.ifc	\dir, to
	ldr\b	r3, [r1], #\inc
	uaccess	str\b, r3, r0, \inc
	.endif
	.ifc	\dir, clear
	uaccess	str\b, r3, r0, \inc
	.endif
	.endm

/* One 32-byte block the same way, through r3-r10 (clear: all 0). */
	.macro	copy_block dir
	.ifc	\dir, from
	uaccess_block ldmia, r1
	stmia	r0!, {r3-r10}
	.endif
	.ifc	\dir, to
	ldmia	r1!, {r3-r10}
	uaccess_block stmia, r0
	.endif
	.ifc	\dir, clear
	uaccess_block stmia, r0
	.endif
	.endm

/*
 * The body of each routine, the same three loops for the three directions:
 * r2 bytes, user pointer \user, kernel pointer \kernel (none for clear);
 * returns the bytes not done.
 */
	.macro	copy_user dir, user, kernel
	cmp	r2, #4
	blo	6f
1:	tst	\user, #3		@ bytes until the user pointer is word-aligned
	beq	2f
	copy_step \dir, b, 1
	sub	r2, r2, #1
	b	1b
2:	tst	\user, #31		@ words until it is 32-byte aligned
	beq	3f
	cmp	r2, #4
	blo	6f
	copy_step \dir, , 4
	sub	r2, r2, #4
	b	2b
3:
	.ifnb	\kernel
	tst	\kernel, #3		@ blocks, if the kernel pointer is aligned too
	bne	5f
	.endif
	cmp	r2, #32
	blo	5f
	push	{r4-r11}
	.ifc	\dir, clear
	mov	r4, #0
	mov	r5, #0
	mov	r6, #0
	mov	r7, #0
	mov	r8, #0
	mov	r9, #0
	mov	r10, #0
	.endif
4:	copy_block \dir
	sub	r2, r2, #32
	cmp	r2, #32
	bhs	4b
	pop	{r4-r11}
5:	cmp	r2, #4			@ the last words
	blo	6f
	copy_step \dir, , 4
	sub	r2, r2, #4
	b	5b
6:	cmp	r2, #0			@ the last bytes
	beq	7f
	copy_step \dir, b, 1
	sub	r2, r2, #1
	b	6b
7:	mov	r0, r2
	bx	lr
	.endm

/* unsigned long __copy_from_user_std(void *to (r0), const void __user *from (r1), unsigned long n (r2)) */
	.globl	__copy_from_user_std
	.type	__copy_from_user_std, %function
__copy_from_user_std:
	copy_user from, user=r1, kernel=r0
	.size	__copy_from_user_std, . - __copy_from_user_std

/* unsigned long __copy_to_user_std(void __user *to (r0), const void *from (r1), unsigned long n (r2)) */
	.globl	__copy_to_user_std
	.type	__copy_to_user_std, %function
__copy_to_user_std:
	copy_user to, user=r0, kernel=r1
	.size	__copy_to_user_std, . - __copy_to_user_std

/* unsigned long __clear_user_std(void __user *to (r0), unsigned long n (r1)) */
	.globl	__clear_user_std
	.type	__clear_user_std, %function
__clear_user_std:
	mov	r2, r1
	mov	r3, #0
	copy_user clear, user=r0
	.size	__clear_user_std, . - __clear_user_std

/* Every routine above keeps the bytes not done in r2. */
	.type	copy_user_fault, %function
copy_user_fault:
	mov	r0, r2
	bx	lr
	.size	copy_user_fault, . - copy_user_fault

/* The same, for a fault inside a block loop, which pushed r4-r11. */
	.type	copy_user_block_fault, %function
copy_user_block_fault:
	pop	{r4-r11}
	mov	r0, r2
	bx	lr
	.size	copy_user_block_fault, . - copy_user_block_fault
