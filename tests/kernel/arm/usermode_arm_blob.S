/*
 * Small programs the usermode_arm suite (usermode_arm_test.c) runs in USR mode:
 * position-independent code, copied to a user page and entered there with
 * r0 = the top of the stack page, r1 = the pid getpid() must return. Only
 * the EABI: svc #0, number in r7, arguments from r0, result in r0.
 *
 * um_syscalls checks each answer itself and exits with the number of the
 * first wrong one, 42 when all were right; the others end in a fault the
 * kernel must turn into a signal. They are data to the kernel (in
 * .rodata: never executed at these addresses).
 */
#include <generated/unistd.h>

#define EFAULT		14
#define ENOSYS		38
#define KERNEL_VA	0xc0000000	/* the direct map: never user memory */
#define UNMAPPED_VA	0x00700000	/* the suite maps nothing here */
#define NO_SUCH_CALL	999		/* past every number Linux has on ARM */
#define TLS_VALUE	0x12345678

	.section .rodata, "a"
	.arm
	.balign	4

/* Exit with \n unless r0 == \value (r5: the expected value). */
	.macro	expect value, n
	ldr	r5, =\value
	cmp	r0, r5
	movne	r0, #\n
	bne	fail
	.endm

	.globl	um_syscalls, um_syscalls_end
um_syscalls:
	mov	r4, r1				/* the expected pid */
	mov	r0, #1
	adr	r1, message
	ldr	r2, =MESSAGE_LEN
	mov	r7, #__NR_write
	svc	#0
	expect	MESSAGE_LEN, 1

	mov	r0, #1
	mov	r1, #0				/* NULL */
	mov	r2, #4
	svc	#0
	expect	-EFAULT, 2
	mov	r0, #1
	ldr	r1, =KERNEL_VA
	svc	#0
	expect	-EFAULT, 3
	mov	r0, #1
	ldr	r1, =UNMAPPED_VA
	svc	#0
	expect	-EFAULT, 4

	mov	r7, #__NR_getpid
	svc	#0
	cmp	r0, r4
	movne	r0, #5
	bne	fail

	ldr	r7, =NO_SUCH_CALL
	svc	#0
	expect	-ENOSYS, 6

	ldr	r0, =TLS_VALUE
	ldr	r7, =__ARM_NR_set_tls
	svc	#0
	expect	0, 7
	mrc	p15, 0, r0, c13, c0, 3		/* TPIDRURO: what set_tls wrote */
	expect	TLS_VALUE, 8
	ldr	r7, =__ARM_NR_get_tls
	svc	#0
	expect	TLS_VALUE, 9

	mov	r0, #42
fail:
	mov	r7, #__NR_exit_group
	svc	#0
	b	.				/* exit_group does not return */
	.ltorg
message:
	.ascii	"    # usermode_arm: hello from USR mode\n"
message_end:
	.set	MESSAGE_LEN, message_end - message
	.balign	4
um_syscalls_end:

/* A NULL pointer: SIGSEGV. */
	.globl	um_null, um_null_end
um_null:
	mov	r0, #0
	ldr	r0, [r0]
	b	.
um_null_end:

/* An undefined instruction: SIGILL. */
	.globl	um_undef, um_undef_end
um_undef:
	udf	#0
	b	.
um_undef_end:

/* ldm needs a word-aligned address whatever SCTLR.A says: an alignment fault, SIGBUS. */
	.globl	um_misaligned, um_misaligned_end
um_misaligned:
	sub	r0, r0, #7
	ldm	r0, {r1, r2}
	b	.
um_misaligned_end:

/*
 * VFP and NEON work in user mode and survive a system call: values (from
 * the pid, in r1) in d0, d15, d16, d31 and FPSCR's rounding mode, checked
 * after getpid. exit_group(42) if they held, else 1.
 */
#define FPSCR_RMODE	(3 << 22)
	.globl	um_vfp, um_vfp_end
	.fpu	neon
um_vfp:
	mvn	r5, r1
	vmov	d0, r1, r5
	vmov	d15, r5, r1
	vmov	d16, r1, r1
	vmov	d31, r5, r5
	and	r6, r1, #3
	lsl	r6, r6, #22
	vmsr	fpscr, r6
	mov	r4, r1
	mov	r7, #__NR_getpid
	svc	#0
	mov	r0, #1
	vmov	r2, r3, d0
	cmp	r2, r4
	cmpeq	r3, r5
	vmoveq	r2, r3, d15
	cmpeq	r2, r5
	cmpeq	r3, r4
	vmoveq	r2, r3, d16
	cmpeq	r2, r4
	cmpeq	r3, r4
	vmoveq	r2, r3, d31
	cmpeq	r2, r5
	cmpeq	r3, r5
	vmrseq	r2, fpscr
	andeq	r2, r2, #FPSCR_RMODE
	cmpeq	r2, r6
	moveq	r0, #42
	mov	r7, #__NR_exit_group
	svc	#0
	b	.
um_vfp_end:

/* Thumb code (entered at an odd address): exit_group(43). */
	.globl	um_thumb, um_thumb_end
	.thumb
um_thumb:
	movs	r0, #43
	movs	r7, #__NR_exit_group
	svc	#0
	b	.
	.balign	4
um_thumb_end:
