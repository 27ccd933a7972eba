/*
 * The SYSCALL instruction's way into the kernel, and SYSRET's way out.
 *
 * SYSCALL saves the user's rip in rcx and rflags in r11, masks rflags with
 * MSR_SYSCALL_MASK (interrupts, AC, TF... off: traps.c), loads the kernel's
 * CS and SS, and jumps here. It switches neither the stack nor GS: swapgs
 * gives this CPU's per-CPU base, the user's rsp waits in a per-CPU slot
 * while rsp becomes the top of the thread's own stack
 * (cpu_current_top_of_stack, set by arch_switch_to()). There the entry
 * builds a struct pt_regs as an exception from ring 3 would have it, and
 * calls do_syscall() with interrupts on.
 *
 * The way back is SYSRET (rip from rcx, rflags from r11, the user's CS and
 * SS) after restoring rsp by hand, unless the return address is not
 * canonical: on Intel CPUs SYSRET takes that #GP in ring 0, on the user's
 * stack. Such a return (possible after execve) goes through iretq instead.
 */
#include <asm/segment.h>

#define PT_RIP		(17 * 8)	/* offsets in struct pt_regs */
#define PT_RFLAGS	(19 * 8)

	.text
	.balign 16
	.globl entry_SYSCALL_64
	.type	entry_SYSCALL_64, @function
entry_SYSCALL_64:
	swapgs
	movq	%rsp, %gs:cpu_user_rsp
	movq	%gs:cpu_current_top_of_stack, %rsp
	pushq	$__USER_DS		/* ss */
	pushq	%gs:cpu_user_rsp	/* rsp */
	pushq	%r11			/* rflags */
	pushq	$__USER_CS		/* cs */
	pushq	%rcx			/* rip */
	pushq	$0			/* error code */
	pushq	$-1			/* vector: none, a system call */
	pushq	%rax
	pushq	%rbx
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi
	pushq	%rbp
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	xorl	%ebp, %ebp		/* ends backtraces here */
	sti
	movq	%rsp, %rdi
	call	do_syscall
	cli
	call	preempt_schedule_irq

	movq	PT_RIP(%rsp), %rcx
	movq	%rcx, %r11
	shrq	$47, %r11		/* a user address has bits 63..47 clear */
	jnz	ret_from_exception
	movq	PT_RFLAGS(%rsp), %r11
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	addq	$8, %rsp		/* r11: holds rflags for SYSRET */
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rbp
	popq	%rdi
	popq	%rsi
	popq	%rdx
	addq	$8, %rsp		/* rcx: holds rip for SYSRET */
	popq	%rbx
	popq	%rax
	movq	40(%rsp), %rsp		/* past vector, error code, rip, cs, rflags: rsp */
	swapgs
	sysretq
	.size	entry_SYSCALL_64, . - entry_SYSCALL_64
