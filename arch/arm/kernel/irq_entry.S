/*
 * The IRQ vector (entry.S branches here): interrupts are handled in SVC
 * mode, on the interrupted thread's own stack, so that the handler may
 * switch threads (asm_do_IRQ() -> preempt_schedule_irq(), irq.c) and come
 * back later; IRQ mode's own small stack is never used.
 *
 * srsdb pushes the return address and SPSR_irq onto the SVC stack, cps
 * goes there (IRQs stay masked), then the registers a C call may change
 * are saved, and the stack is 8-byte aligned for the call (AAPCS) with r4
 * keeping the old sp. rfeia returns to the interrupted code with its CPSR.
 */
#include <asm/ptrace.h>

	.text
	.arm
	.globl	__irq_svc
	.type	__irq_svc, %function
__irq_svc:
	sub	lr, lr, #4
	srsdb	sp!, #MODE_SVC
	cps	#MODE_SVC
	push	{r0-r4, r12, lr}
	mov	r4, sp
	bic	sp, sp, #7
	bl	asm_do_IRQ
	mov	sp, r4
	pop	{r0-r4, r12, lr}
	rfeia	sp!
	.size	__irq_svc, . - __irq_svc
