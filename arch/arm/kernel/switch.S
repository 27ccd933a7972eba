/*
 * The context switch: void cpu_switch_to(unsigned long *prev_sp, unsigned long next_sp).
 *
 * AAPCS: r4-r11 and sp are callee-saved; push them with lr, store sp in
 * the old thread, load the new one's, pop its registers and lr into pc:
 * back into whatever called cpu_switch_to() in that thread (the frame:
 * asm/switch_to.h). In .sched.text: get_wchan() must skip it.
 */
	.cfi_sections .debug_frame
	.section .sched.text, "ax"
	.arm
	.globl	cpu_switch_to
	.type	cpu_switch_to, %function
cpu_switch_to:
	push	{r4-r11, lr}
	str	sp, [r0]
	mov	sp, r1
	pop	{r4-r11, pc}
	.size	cpu_switch_to, . - cpu_switch_to

/* A new thread's first instructions: r4 = its struct thread (asm/switch_to.h). */
	.text
	.globl	ret_from_kthread
	.type	ret_from_kthread, %function
ret_from_kthread:
	.cfi_startproc				/* no caller: see stext in head.S */
	.cfi_undefined 14			/* lr */
	mov	r0, r4
	bl	kthread_start
	udf	#0
	.cfi_endproc
	.size	ret_from_kthread, . - ret_from_kthread
