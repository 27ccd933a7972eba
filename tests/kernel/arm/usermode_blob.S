/*
 * The user-mode self-test's program for 32-bit ARM (the layout and entry
 * points: tests/kernel/usermode.h). Position-independent USR-mode code,
 * copied to a user page by tests/kernel/usermode_test.c; it lives in
 * .rodata, since the kernel never runs it where it is linked. System calls
 * the EABI way: svc #0, the number in r7, arguments from r0, the result in
 * r0. Every constant comes from the literal pool at the end, inside the
 * copied bytes.
 */
#include <generated/unistd.h>
#include "../usermode.h"

#define SLOT(n)		(UM_DATA + 4 * (n))
#define KERNEL_VA	0xc0000000	/* the direct map */

	.macro	SYS nr, a0=0, a1=0, a2=0
	ldr	r7, =\nr
	ldr	r0, =\a0
	ldr	r1, =\a1
	ldr	r2, =\a2
	svc	#0
	.endm

	/* r0 into slot n */
	.macro	STORE n
	ldr	r1, =SLOT(\n)
	str	r0, [r1]
	.endm

	.section .rodata, "a"
	.arm
	.balign	4
	.globl	usermode_blob_start, usermode_blob_end
	.globl	usermode_syscalls, usermode_segv, usermode_ill, usermode_spin
usermode_blob_start:

usermode_syscalls:
	mov	r0, #1
	adr	r1, message
	ldr	r2, =MESSAGE_LEN
	ldr	r7, =__NR_write
	svc	#0
	STORE	UM_SLOT_WRITE
	SYS	__NR_write, 1, 0, 5
	STORE	UM_SLOT_WRITE_NULL
	SYS	__NR_write, 1, KERNEL_VA, 5
	STORE	UM_SLOT_WRITE_KERNEL
	SYS	__NR_write, 1, UM_UNMAPPED, 5
	STORE	UM_SLOT_WRITE_UNMAPPED
	SYS	__NR_getpid
	STORE	UM_SLOT_GETPID
	SYS	1000
	STORE	UM_SLOT_ENOSYS
	SYS	__ARM_NR_set_tls, UM_DATA + UM_TLS_OFF
	mrc	p15, 0, r0, c13, c0, 3		/* TPIDRURO, as a libc reads it */
	ldr	r0, [r0]
	STORE	UM_SLOT_TLS
	mov	r0, #1
	STORE	UM_SLOT_DONE
	SYS	__NR_exit_group, UM_EXIT
	udf	#0				/* exit_group does not return */

usermode_segv:
	mov	r0, #0
	ldr	r0, [r0]
	udf	#0

usermode_ill:
	udf	#0

usermode_spin:
	ldr	r2, =UM_SPINS
	ldr	r3, =UM_DATA + UM_FLAG_OFF
	mov	r0, #1
	str	r0, [r3, #UM_STARTED_OFF - UM_FLAG_OFF]
1:	ldr	r0, [r3]
	cmp	r0, #0
	bne	2f
	subs	r2, r2, #1
	bne	1b
	SYS	__NR_exit_group, 1
2:	SYS	__NR_exit_group, 0

message:
	.ascii	UM_MESSAGE
message_end:
	.set	MESSAGE_LEN, message_end - message
	.balign	4
	.ltorg
usermode_blob_end:
