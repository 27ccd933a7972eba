/*
 * The context switch: void cpu_switch_to(unsigned long *prev_sp, unsigned long next_sp).
 *
 * Only the callee-saved registers need saving: schedule() called us like
 * any function, so the caller-saved ones are already dead or on its stack.
 * Push them, store rsp in the old thread, load the new thread's rsp, pop
 * its registers and return into whatever called cpu_switch_to() in that
 * thread (asm/switch_to.h has the frame). In .sched.text: it is part of
 * every wait, and get_wchan() must skip it.
 */
	.cfi_sections .debug_frame
	.section .sched.text, "ax"
	.globl cpu_switch_to
	.type	cpu_switch_to, @function
cpu_switch_to:
	pushq	%rbp
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, (%rdi)
	movq	%rsi, %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbx
	popq	%rbp
	ret
	.size	cpu_switch_to, . - cpu_switch_to

/* A new thread's first instructions: rbx = its struct thread (asm/switch_to.h). */
	.text
	.globl ret_from_kthread
	.type	ret_from_kthread, @function
ret_from_kthread:
	.cfi_startproc				/* no caller: see startup_64 in head.S */
	.cfi_undefined rip
	movq	%rbx, %rdi
	call	kthread_start
	ud2
	.cfi_endproc
	.size	ret_from_kthread, . - ret_from_kthread
