/*
 * memcpy() and memset() for 32-bit ARM: 32 bytes per ldm/stm pair.
 *
 * Copying and clearing pages is most of what fork(), execve() and the page
 * allocator's users cost: string.c's word loop takes about four
 * instructions per word, one ldmia/stmia pair moves eight words (Linux's
 * arch/arm/lib/copy_template.S is built the same way). Under QEMU each
 * instruction is a step of the emulator, so this is also what makes the
 * user-space self-tests fast.
 *
 * Only the aligned bulk is done here; when a pointer is not word-aligned
 * (ldm/stm need aligned addresses, with the MMU on or off) or fewer than 32
 * bytes are left, the portable memcpy_generic()/memset_generic() of
 * kernel/lib/string.c do the rest, so these two stay short.
 */

	.text
	.arm
	.syntax	unified

/* void *memcpy(void *dst (r0), const void *src (r1), size_t n (r2)) */
	.globl	memcpy
	.type	memcpy, %function
memcpy:
	orr	r3, r0, r1
	tst	r3, #3
	bne	memcpy_generic		@ unaligned: all of it the portable way
	cmp	r2, #32
	blo	memcpy_generic
	push	{r0, r4-r11, lr}	@ 10 registers: the stack stays 8-aligned
1:	ldmia	r1!, {r3-r10}
	stmia	r0!, {r3-r10}
	sub	r2, r2, #32
	cmp	r2, #32
	bhs	1b
	bl	memcpy_generic		@ the last 0..31 bytes
	pop	{r0, r4-r11, pc}	@ returns dst
	.size	memcpy, . - memcpy

/* void *memset(void *s (r0), int c (r1), size_t n (r2)) */
	.globl	memset
	.type	memset, %function
memset:
	tst	r0, #3
	bne	memset_generic
	cmp	r2, #32
	blo	memset_generic
	push	{r0, r4-r11, lr}
	and	r1, r1, #0xff		@ the byte in every byte of a word
	orr	r1, r1, r1, lsl #8
	orr	r1, r1, r1, lsl #16
	mov	r3, r1
	mov	r4, r1
	mov	r5, r1
	mov	r6, r1
	mov	r7, r1
	mov	r8, r1
	mov	r9, r1
	mov	r10, r1
1:	stmia	r0!, {r3-r10}
	sub	r2, r2, #32
	cmp	r2, #32
	bhs	1b
	bl	memset_generic		@ the last 0..31 bytes (r1 still holds c)
	pop	{r0, r4-r11, pc}	@ returns s
	.size	memset, . - memset
