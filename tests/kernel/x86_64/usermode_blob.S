/*
 * The user-mode self-test's program for x86_64 (the layout and entry
 * points: tests/kernel/usermode.h). Position-independent ring-3 code,
 * copied to a user page by tests/kernel/usermode_test.c; it lives in
 * .rodata, since the kernel never runs it where it is linked. System calls
 * as libc makes them: the number in rax, arguments in rdi, rsi, rdx, r10,
 * the result in rax.
 */
#include <generated/unistd.h>
#include "../usermode.h"

#define SLOT(n)		(UM_DATA + 8 * (n))
#define ARCH_SET_FS	0x1002

.macro SYS nr, a0=0, a1=0, a2=0
	movl	$\nr, %eax
	movq	$\a0, %rdi
	movq	$\a1, %rsi
	movq	$\a2, %rdx
	syscall
.endm

	.section .rodata, "a"
	.balign 16
	.globl usermode_blob_start, usermode_blob_end
	.globl usermode_syscalls, usermode_segv, usermode_ill, usermode_spin
usermode_blob_start:

usermode_syscalls:
	movl	$__NR_write, %eax
	movl	$1, %edi
	leaq	message(%rip), %rsi
	movl	$message_end - message, %edx
	syscall
	movq	%rax, SLOT(UM_SLOT_WRITE)
	SYS	__NR_write, 1, 0, 5
	movq	%rax, SLOT(UM_SLOT_WRITE_NULL)
	SYS	__NR_write, 1, 0xffffffff80100000, 5
	movq	%rax, SLOT(UM_SLOT_WRITE_KERNEL)
	SYS	__NR_write, 1, UM_UNMAPPED, 5
	movq	%rax, SLOT(UM_SLOT_WRITE_UNMAPPED)
	SYS	__NR_getpid
	movq	%rax, SLOT(UM_SLOT_GETPID)
	SYS	1000
	movq	%rax, SLOT(UM_SLOT_ENOSYS)
	SYS	__NR_arch_prctl, ARCH_SET_FS, (UM_DATA+UM_TLS_OFF)
	movq	%fs:0, %rax
	movq	%rax, SLOT(UM_SLOT_TLS)
	movq	$1, SLOT(UM_SLOT_DONE)
	SYS	__NR_exit_group, UM_EXIT
	ud2				/* exit_group does not return */

usermode_segv:
	movq	0, %rax
	ud2

usermode_ill:
	ud2

usermode_spin:
	movq	$1, UM_DATA + UM_STARTED_OFF
	movl	$UM_SPINS, %ecx
1:	cmpq	$0, UM_DATA + UM_FLAG_OFF
	jne	2f
	pause
	decl	%ecx
	jnz	1b
	SYS	__NR_exit_group, 1
2:	SYS	__NR_exit_group, 0

message:
	.ascii	UM_MESSAGE
message_end:
usermode_blob_end:
