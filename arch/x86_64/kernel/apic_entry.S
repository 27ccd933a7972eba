/*
 * The two interrupt handlers of the local APIC (asm/apic.h). Interrupts are
 * open only while an idle secondary CPU sleeps in "sti; hlt": the wake-up
 * interrupt exists to end that hlt, so its handler only tells the APIC it
 * is done (EOI) and returns. The work itself is in the CPU's mailbox
 * (kernel/smp.c). A spurious interrupt needs no EOI at all.
 *
 * The timer interrupt (the tick) runs C: smp_apic_timer_interrupt() in
 * apic_timer.c, which may switch threads before it returns. From the
 * kernel, the stub saves the registers a C function may change; the
 * callee-saved ones are C's to keep. The CPU aligned rsp to 16 before
 * pushing its 5-word frame, so 9 pushes leave it aligned for the call.
 * From user mode it saves them all, as the exceptions do.
 */
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/ptrace.h>
#include <kernel/alternative.h>

	.text
	.balign 16
	.globl smp_wakeup_interrupt
smp_wakeup_interrupt:
	ALTERNATIVE "", "clac", X86_FEATURE_SMAP
	pushq	%rax
	movq	lapic_base(%rip), %rax
	movl	$0, APIC_EOI(%rax)
	popq	%rax
	iretq

	.balign 16
	.globl spurious_interrupt
spurious_interrupt:
	ALTERNATIVE "", "clac", X86_FEATURE_SMAP
	iretq

	.balign 16
	.globl apic_timer_interrupt
apic_timer_interrupt:
	ALTERNATIVE "", "clac", X86_FEATURE_SMAP
	testb	$3, 8(%rsp)		/* the saved CS */
	jnz	apic_timer_from_user
	cld
	pushq	%rax
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	call	smp_apic_timer_interrupt
	popq	%r11
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rdi
	popq	%rsi
	popq	%rdx
	popq	%rcx
	popq	%rax
	iretq

/*
 * From ring 3 (the user's GS base is loaded): a whole struct pt_regs, as
 * an exception's, and out through ret_from_exception (entry.S), which
 * delivers the program's pending signals, for which the registers must be
 * all there.
 */
apic_timer_from_user:
	pushq	$0			/* error code */
	pushq	$TIMER_VECTOR
	swapgs
	cld
	PUSH_REGS
	call	smp_apic_timer_interrupt
	jmp	ret_from_exception
