/*
 * The exception vector table and the paths from a vector into C and back.
 *
 * VBAR (set by head.S) points at `vectors`: eight branch instructions, one
 * per exception kind (VECTOR_* in asm/ptrace.h). Every vector but IRQ
 * (irq_entry.S) takes the same road: save the interrupted registers as a
 * struct pt_regs on the stack of the mode the exception entered (head.S
 * gave abort, undefined, IRQ and FIQ mode a stack each, so that even a
 * kernel stack overflow is reported; SVC uses the kernel stack) and call
 * do_trap(regs, vector) in traps.c. That either prints what happened and
 * panics, or, for a fault the exception table fixes up, returns: then the
 * (changed) registers are restored and the interrupted code resumes.
 *
 * Software PAN (asm/domain.h): every entry closes user memory (DACR
 * DISABLE) before any C runs, saves the interrupted DACR below its frame
 * and puts it back on return, so a fault or an IRQ inside a
 * user_access_begin() window returns into the open window.
 *
 * Also here: semihosting_call, whose trap instruction the SVC handler must
 * be able to recognise by address (asm/semihosting.h).
 */
#include <asm/domain.h>
#include <asm/ptrace.h>

	.text
	.arm

	/* VBAR ignores its low 5 bits: the table must be 32-byte aligned. */
	.balign 32
	.globl vectors
vectors:
	b	vector_reset
	b	vector_undef
	b	vector_swi
	b	vector_pabt
	b	vector_dabt
	b	vector_unused
	b	vector_irq
	b	vector_fiq

/* Close user memory to the kernel; \tmp is clobbered. */
	.macro	uaccess_disable, tmp
	mov	\tmp, #DACR_UACCESS_DISABLE
	mcr	p15, 0, \tmp, c3, c0, 0
	isb
	.endm

/*
 * One entry per vector. The CPU left in lr the address of the exception's
 * instruction plus an offset that depends on the kind (ARM ARM, "Exception
 * return"): subtracting it gives the instruction that trapped (aborts,
 * undefined, svc) or the one that was about to run (IRQ, FIQ).
 */
	.macro	exception_entry name, vector, lr_offset
vector_\name:
	sub	lr, lr, #\lr_offset
	sub	sp, sp, #(S_FRAME_SIZE - S_SP)	/* room for sp, lr, pc, psr, orig_r0 */
	stmdb	sp!, {r0-r12}
	mov	r0, #\vector
	b	exception_common
	.endm

	exception_entry reset, VECTOR_RESET, 0
	exception_entry undef, VECTOR_UNDEF, 4
	exception_entry swi, VECTOR_SVC, 4
	exception_entry pabt, VECTOR_PABT, 4
	exception_entry dabt, VECTOR_DABT, 8
	exception_entry unused, VECTOR_UNUSED, 0
	exception_entry fiq, VECTOR_FIQ, 4

vector_irq:
	sub	lr, lr, #4
	b	__irq_svc

/*
 * From the kernel: r0 = vector number, lr = trapping pc, sp -> pt_regs
 * with r0-r12 filled in, in the exception's mode.
 */
	.type	exception_common, %function
exception_common:
	str	lr, [sp, #S_PC]
	mrs	r1, spsr
	str	r1, [sp, #S_PSR]

	/*
	 * sp and lr are banked: the interrupted mode's own are only visible
	 * from that mode. Visit it with IRQs and FIQs masked (user mode, for
	 * a FIQ there, through system mode, which shares its registers), then
	 * come back. If the exception came from this very mode (svc from
	 * SVC), its sp is the one above our frame and its lr was just
	 * overwritten.
	 */
	and	r2, r1, #MODE_MASK
	cmp	r2, #MODE_USR
	moveq	r2, #MODE_SYS
	mrs	r3, cpsr
	and	r6, r3, #MODE_MASK
	orr	r2, r2, #(PSR_I_BIT | PSR_F_BIT)
	msr	cpsr_c, r2
	mov	r4, sp
	mov	r5, lr
	msr	cpsr_c, r3
	and	r2, r2, #MODE_MASK
	cmp	r2, r6
	addeq	r4, sp, #S_FRAME_SIZE
	str	r4, [sp, #S_SP]
	str	r5, [sp, #S_LR]
	mvn	r4, #0
	str	r4, [sp, #S_OLD_R0]

	/* The interrupted DACR below the frame (and a pad word: sp stays 8-aligned). */
	mrc	p15, 0, r4, c3, c0, 0
	push	{r4, r5}
	uaccess_disable r4

	mov	r1, r0
	add	r0, sp, #8
	/* fp = 0 ends the handler's own backtrace; traps.c walks the interrupted one. */
	mov	r11, #0
	bl	do_trap

	/*
	 * do_trap() returned: resume at regs->pc with regs->psr (which holds
	 * the interrupted mode) and r0-r12 from the frame, as a fixup left
	 * them, with the interrupted DACR. The interrupted mode's own sp and
	 * lr were never changed; lr here is this mode's.
	 */
	pop	{r4, r5}
	mcr	p15, 0, r4, c3, c0, 0		/* the exception return synchronises it */
	ldr	r0, [sp, #S_PSR]
	msr	spsr_cxsf, r0
	ldr	lr, [sp, #S_PC]
	ldmia	sp, {r0-r12}
	add	sp, sp, #S_FRAME_SIZE
	movs	pc, lr
	.size	exception_common, . - exception_common

/*
 * unsigned long semihosting_call(unsigned long op, const void *arg)
 * r0 = operation, r1 = argument block; the result comes back in r0.
 * "svc 0x123456" is the semihosting trap for A32 code.
 */
	.globl semihosting_call, semihosting_trap
	.type	semihosting_call, %function
semihosting_call:
semihosting_trap:
	svc	0x123456
	bx	lr
	.size	semihosting_call, . - semihosting_call
