/*
 * The exception vector table and the paths from a vector into C and back.
 *
 * VBAR (set by head.S) points at `vectors`: eight branch instructions, one
 * per exception kind (VECTOR_* in asm/ptrace.h). Each vector first asks
 * where the exception came from (SPSR's mode):
 *
 *  - from the kernel: save the interrupted registers as a struct pt_regs on
 *    the stack of the mode the exception entered (head.S gave abort,
 *    undefined, IRQ and FIQ mode a stack each, so that even a kernel stack
 *    overflow is reported; SVC uses the kernel stack) and call
 *    do_trap(regs, vector) in traps.c. That either prints what happened
 *    and panics, or, for a fault the exception table fixes up, returns:
 *    then the (changed) registers are restored and the interrupted code
 *    resumes. IRQs go to __irq_svc (irq_entry.S) instead;
 *  - from user mode (usr_entry): switch to SVC mode and save the frame at
 *    the top of the thread's own kernel stack, where SP_svc points while
 *    user code runs (task_pt_regs(), the frame ret_to_user left there);
 *    user sp and lr are read through the "^" forms of stm. Then:
 *    svc #0 is a system call (EABI: number in r7, arguments in r0-r6,
 *    result in r0), run with IRQs on; an IRQ is handled; an abort or
 *    undefined instruction goes to do_trap(), which sends the process a
 *    signal. All of them leave through restore_user_regs.
 *
 * Software PAN (asm/domain.h): every entry closes user memory (DACR
 * DISABLE) before any C runs; a kernel entry saves the interrupted DACR
 * below its frame and puts it back on return, so a fault or an IRQ inside
 * a user_access_begin() window returns into the open window; the return to
 * user mode opens it, as user mode's own accesses need.
 *
 * Also here: semihosting_call, whose trap instruction the SVC handler must
 * be able to recognise by address (asm/semihosting.h).
 */
#include <asm/domain.h>
#include <asm/ptrace.h>
#include <generated/unistd.h>

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
 *
 * The mode test needs a free register: r0 and the return address go just
 * below the mode's stack pointer (IRQs are masked, nothing else uses that
 * stack now), SPSR below them. USR is the only mode with bits 3:0 clear.
 * From the kernel, r0 and lr are as they were and \kernel builds its
 * frame; from user mode, r0 points at the three words for usr_entry.
 */
	.macro	vector_entry name, lr_offset, kernel, user
vector_\name:
	sub	lr, lr, #\lr_offset
	stmdb	sp, {r0, lr}
	mrs	lr, spsr
	str	lr, [sp, #-12]
	tst	lr, #0xf
	ldr	lr, [sp, #-4]
	bne	\kernel
	sub	r0, sp, #12
	b	\user
	.endm

/* The kernel-side frame, then exception_common with the vector number in r0. */
	.macro	kernel_entry name, vector
kernel_\name:
	sub	sp, sp, #(S_FRAME_SIZE - S_SP)	/* room for sp, lr, pc, psr, orig_r0 */
	stmdb	sp!, {r0-r12}
	mov	r0, #\vector
	b	exception_common
	.endm

/*
 * From user mode: r0 points at {SPSR, r0, return address} on the mode's
 * stack. In SVC mode (IRQs stay masked), build the frame at the top of
 * the kernel stack and close user memory. fp = 0 ends backtraces.
 */
	.macro	usr_entry
	cps	#MODE_SVC
	sub	sp, sp, #S_FRAME_SIZE
	stmib	sp, {r1-r12}
	ldmia	r0, {r4-r6}			/* psr, r0, pc */
	str	r5, [sp]
	add	r0, sp, #S_SP
	stmia	r0, {sp, lr}^			/* the user sp and lr */
	str	r6, [sp, #S_PC]
	str	r4, [sp, #S_PSR]
	mvn	r7, #0
	str	r7, [sp, #S_OLD_R0]		/* not a system call */
	uaccess_disable r0
	mov	r11, #0
	.endm

	vector_entry undef, 4, kernel_undef, user_undef
	vector_entry pabt, 4, kernel_pabt, user_pabt
	vector_entry dabt, 8, kernel_dabt, user_dabt
	vector_entry irq, 4, __irq_svc, __irq_usr

	kernel_entry reset, VECTOR_RESET
	kernel_entry undef, VECTOR_UNDEF
	kernel_entry swi, VECTOR_SVC
	kernel_entry pabt, VECTOR_PABT
	kernel_entry dabt, VECTOR_DABT
	kernel_entry unused, VECTOR_UNUSED
	kernel_entry fiq, VECTOR_FIQ

/* Only a branch to the table, the hypervisor trap and FIQ (never enabled) come here. */
vector_reset:
vector_unused:
	b	kernel_reset
vector_fiq:
	sub	lr, lr, #4
	b	kernel_fiq

/* An abort or undefined instruction in user mode: do_trap() signals the process. */
	.macro	user_trap name, vector
user_\name:
	usr_entry
	mov	r0, sp
	mov	r1, #\vector
	bl	do_trap
	b	restore_user_regs
	.endm

	user_trap undef, VECTOR_UNDEF
	user_trap pabt, VECTOR_PABT
	user_trap dabt, VECTOR_DABT

__irq_usr:
	usr_entry
	bl	asm_do_IRQ
	b	restore_user_regs

/*
 * svc: already in SVC mode, SP_svc at the top of the thread's stack when it
 * came from user mode, lr_svc the instruction after the svc. ARM's own
 * calls (__ARM_NR_BASE up: set_tls ...) go to arm_syscall(), the rest to
 * the generic table (kernel/syscall.c); orig_r0 keeps the first argument.
 */
vector_swi:
	sub	sp, sp, #S_FRAME_SIZE
	stmia	sp, {r0-r12}
	mrs	r8, spsr
	tst	r8, #0xf
	bne	swi_from_kernel
	add	r9, sp, #S_SP
	stmia	r9, {sp, lr}^
	str	lr, [sp, #S_PC]
	str	r8, [sp, #S_PSR]
	str	r0, [sp, #S_OLD_R0]
	uaccess_disable r9
	mov	r11, #0
	cpsie	i
	mov	r0, sp
	ldr	r9, =__ARM_NR_BASE
	cmp	r7, r9
	blo	1f
	bl	arm_syscall
	b	restore_user_regs
1:	bl	do_syscall
	b	ret_fast_syscall		/* do_syscall() delivered the signals */

/* svc in SVC mode: only the semihosting trap without -semihosting (do_trap). */
swi_from_kernel:
	sub	lr, lr, #4
	mov	r0, #VECTOR_SVC
	b	exception_common

/*
 * Back to user mode with the frame at sp (r0 for ret_to_user_regs()):
 * IRQs off, the pending signals delivered (do_notify_resume(), which may
 * change the frame; after a system call do_syscall() did it), check that the frame really returns to USR mode with IRQs on
 * (anything else would hand user code the kernel), open user memory, and
 * load everything. The strex clears this CPU's exclusive monitor, so that
 * a ldrex of the interrupted code cannot pair with a strex after the
 * return (not clrex: Cortex-A15 erratum 830321); it stores, if at all,
 * into orig_r0.
 */
	.globl	ret_to_user_regs
	.type	ret_to_user_regs, %function
ret_to_user_regs:
	mov	sp, r0
restore_user_regs:
	cpsid	i
	mov	r0, sp
	mvn	r1, #0				/* not a system call's result */
	bl	do_notify_resume
ret_fast_syscall:
	cpsid	i
	ldr	r1, [sp, #S_PSR]
	and	r2, r1, #(MODE_MASK | PSR_I_BIT | PSR_F_BIT)
	teq	r2, #MODE_USR
	movne	r0, sp
	blne	bad_user_psr
	mov	r2, #DACR_UACCESS_ENABLE
	mcr	p15, 0, r2, c3, c0, 0		/* the exception return synchronises it */
	msr	spsr_cxsf, r1
	ldr	lr, [sp, #S_PC]
	add	r2, sp, #S_OLD_R0
	strex	r1, r2, [r2]
	ldmia	sp, {r0-lr}^			/* r0-r12, the user sp and lr */
	add	sp, sp, #S_FRAME_SIZE
	movs	pc, lr
	.size	ret_to_user_regs, . - ret_to_user_regs

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
