/*
 * An IRQ that interrupted the kernel (entry.S's vector sends IRQs from
 * user mode to __irq_usr): interrupts are handled in SVC mode, on the
 * interrupted thread's own stack, so that the handler may switch threads
 * (asm_do_IRQ() -> preempt_schedule_irq(), irq.c) and come back later;
 * IRQ mode's own small stack only serves the vector's mode test.
 *
 * lr already holds the return address. srsdb pushes it and SPSR_irq onto
 * the SVC stack, cps goes there (IRQs stay masked), then the registers a
 * C call may change are saved, with r5 holding the interrupted DACR: the
 * handler runs with user memory closed (asm/domain.h), and an IRQ inside a
 * user_access_begin() window returns into the open window. The stack is
 * 8-byte aligned for the call (AAPCS) with r4 keeping the old sp. rfeia
 * returns to the interrupted code with its CPSR.
 */
#include <asm/domain.h>
#include <asm/ptrace.h>

	.text
	.arm
	.globl	__irq_svc
	.type	__irq_svc, %function
__irq_svc:
	srsdb	sp!, #MODE_SVC
	cps	#MODE_SVC
	push	{r0-r5, r12, lr}
	mrc	p15, 0, r5, c3, c0, 0		/* DACR */
	mov	r0, #DACR_UACCESS_DISABLE
	mcr	p15, 0, r0, c3, c0, 0
	isb
	mov	r4, sp
	bic	sp, sp, #7
	bl	asm_do_IRQ
	mov	sp, r4
	mcr	p15, 0, r5, c3, c0, 0		/* the exception return synchronises it */
	pop	{r0-r5, r12, lr}
	rfeia	sp!
	.size	__irq_svc, . - __irq_svc
