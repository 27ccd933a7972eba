/*
 * The two interrupt handlers of the local APIC (asm/apic.h). Interrupts are
 * open only while an idle secondary CPU sleeps in "sti; hlt": the wake-up
 * interrupt exists to end that hlt, so its handler only tells the APIC it
 * is done (EOI) and returns. The work itself is in the CPU's mailbox
 * (kernel/smp.c). A spurious interrupt needs no EOI at all.
 */
#include <asm/apic.h>

	.text
	.balign 16
	.globl smp_wakeup_interrupt
smp_wakeup_interrupt:
	pushq	%rax
	movq	lapic_base(%rip), %rax
	movl	$0, APIC_EOI(%rax)
	popq	%rax
	iretq

	.balign 16
	.globl spurious_interrupt
spurious_interrupt:
	iretq
