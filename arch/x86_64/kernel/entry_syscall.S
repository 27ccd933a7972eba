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
 * stack. Such a return (possible after execve) goes through iretq instead,
 * and so does one whose rcx and r11 are not the rip and rflags SYSRET
 * would put there (rt_sigreturn() restores every register).
 */
#include <asm/ptrace.h>
#include <asm/segment.h>

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
	PUSH_REGS
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
	cmpq	%rcx, PT_RCX(%rsp)	/* rt_sigreturn() put back an rcx SYSRET would lose */
	jne	ret_from_exception
	movq	PT_RFLAGS(%rsp), %r11
	cmpq	%r11, PT_R11(%rsp)	/* ... or an r11 */
	jne	ret_from_exception
	POP_REGS sysret=1
	movq	40(%rsp), %rsp		/* past vector, error code, rip, cs, rflags: rsp */
	swapgs
	sysretq
	.size	entry_SYSCALL_64, . - entry_SYSCALL_64
