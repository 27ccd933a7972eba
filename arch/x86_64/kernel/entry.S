/*
 * Entry stubs for the 32 CPU exception vectors, and the way back.
 *
 * The CPU pushes an error code for some vectors only; the stubs of the
 * others push 0 so that every frame has the shape of struct pt_regs
 * (asm/ptrace.h). Then the vector number, every general register, and a
 * call to do_trap(regs). If do_trap() returns (a fault recovered through
 * the exception table changed regs->rip), the registers come back and
 * iretq resumes.
 *
 * Every entry starts with clac: user code may have set EFLAGS.AC, which
 * would open the kernel's SMAP window (asm/smap.h) for the whole handler.
 * An exception from ring 3 (the saved CS has RPL 3) arrives on the thread's
 * own kernel stack (TSS.sp0) with the user's GS base loaded: swapgs brings
 * back this CPU's per-CPU base, and the way out swaps again. On the way
 * back to ring 3 the thread may be switched out first (its slice is over):
 * there is no better moment, since it holds nothing. Then its pending
 * signals are delivered (do_notify_resume(), which may change the frame).
 *
 * ret_from_exception is also how a thread enters user mode the first time
 * (ret_to_user(), asm/switch_to.h) and how a system call returns when
 * SYSRET cannot be used (entry_syscall.S).
 */
#include <asm/cpufeature.h>
#include <asm/ptrace.h>
#include <kernel/alternative.h>

	.text

.macro EXCEPTION vector, has_error_code
	.balign 16
	.if \has_error_code == 0
	pushq	$0
	.endif
	pushq	$\vector
	jmp	exception_common
.endm

	.balign 16
	.globl exception_stubs
exception_stubs:
	EXCEPTION 0, 0
	EXCEPTION 1, 0
	EXCEPTION 2, 0
	EXCEPTION 3, 0
	EXCEPTION 4, 0
	EXCEPTION 5, 0
	EXCEPTION 6, 0
	EXCEPTION 7, 0
	EXCEPTION 8, 1
	EXCEPTION 9, 0
	EXCEPTION 10, 1
	EXCEPTION 11, 1
	EXCEPTION 12, 1
	EXCEPTION 13, 1
	EXCEPTION 14, 1
	EXCEPTION 15, 0
	EXCEPTION 16, 0
	EXCEPTION 17, 1
	EXCEPTION 18, 0
	EXCEPTION 19, 0
	EXCEPTION 20, 0
	EXCEPTION 21, 1
	EXCEPTION 22, 0
	EXCEPTION 23, 0
	EXCEPTION 24, 0
	EXCEPTION 25, 0
	EXCEPTION 26, 0
	EXCEPTION 27, 0
	EXCEPTION 28, 0
	EXCEPTION 29, 1
	EXCEPTION 30, 1
	EXCEPTION 31, 0

exception_common:
	ALTERNATIVE "", "clac", X86_FEATURE_SMAP
	testb	$3, 24(%rsp)		/* the saved CS, above vector, error code and rip */
	jz	1f
	swapgs
1:	cld
	PUSH_REGS
	movq	%rsp, %rdi
	call	do_trap

/* rsp points to a struct pt_regs; interrupts are off. */
	.globl ret_from_exception
ret_from_exception:
	testb	$3, PT_CS(%rsp)
	jz	2f
	call	preempt_schedule_irq
	movq	%rsp, %rdi
	movq	$-1, %rsi		/* not a system call's result */
	call	do_notify_resume
2:	POP_REGS
	addq	$16, %rsp		/* vector and error code */
	testb	$3, 8(%rsp)		/* the CS iretq will load */
	jz	3f
	swapgs
3:	iretq

/* void asm_ret_to_user(struct pt_regs *regs): enter user mode as regs say (ret_to_user()). */
	.globl asm_ret_to_user
asm_ret_to_user:
	movq	%rdi, %rsp
	jmp	ret_from_exception
