/*
 * Where a secondary ARM CPU starts: PSCI CPU_ON (arch/arm/kernel/smp.c)
 * sends it here, to secondary_entry's physical address, MMU and caches off,
 * r0 = its kernel CPU number (the "context" of the call).
 *
 * It does what head.S did for the boot CPU, minus what is done once for
 * the machine (device tree, .bss, building tables):
 *  1. leave Hyp mode if the firmware started us there, mask interrupts;
 *  2. switch the MMU on with head.S's boot_pgd, whose identity map covers
 *     the code running now, and jump to the kernel's address;
 *  3. there, move to the kernel's own translation table (the same one CPU 0
 *     uses; the stacks below are mapped only there) in TTBR1, split the
 *     address space (TTBCR.N) and load the empty user table into TTBR0,
 *     as paging_init() did on the boot CPU; take the stacks the
 *     boot CPU allocated (struct secondary_data, asm/smp.h): SVC, then the
 *     four exception modes; point VBAR at the vectors;
 *  4. call arm_secondary_start(cpu, start), which sets TPIDRPRW and reports
 *     in; start is the counter CNTVCT as read by the first instructions.
 * Until step 3 the code is position-independent and touches only
 * PA(boot_pgd), a constant.
 */
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/ptrace.h>
#include <asm/smp.h>

#define PA(x)		((x) - KERNEL_VMA_BASE + PHYS_OFFSET)

/* SCTLR: the same settings as head.S (see there for each bit). */
#define SCTLR_SET	((1 << 0) | (1 << 2) | (1 << 11) | (1 << 12))
#define SCTLR_CLEAR	((1 << 1) | (1 << 13) | (1 << 28) | (1 << 29) | (1 << 30))

	.cfi_sections .debug_frame
	.section .init.text, "ax"
	.arm
	.arch_extension virt

	.globl secondary_entry
	.type	secondary_entry, %function
secondary_entry:
	.cfi_startproc				/* no caller: see stext in head.S */
	.cfi_undefined 14			/* lr */
	mov	r8, r0				/* the CPU number, kept across the steps */
	isb
	mrrc	p15, 1, r6, r7, c14		/* CNTVCT: when this CPU started, for its report */

	/* 1. From Hyp mode, return into SVC mode. */
	mrs	r4, cpsr
	and	r4, r4, #MODE_MASK
	cmp	r4, #MODE_HYP
	bne	1f
	ldr	r4, =(MODE_SVC | PSR_A_BIT | PSR_I_BIT | PSR_F_BIT)
	msr	spsr_cxsf, r4
	adr	r4, 1f
	msr	elr_hyp, r4
	eret
1:	cpsid	aif, #MODE_SVC

	/* 2. The MMU, on the boot table; nothing stale may survive in TLBs or caches. */
	ldr	r0, =PA(boot_pgd)
	bl	enable_mmu			/* head.S */
	ldr	pc, =secondary_high

secondary_high:
	/* 3. The kernel's table: both map this code at this address. */
	ldr	r4, =secondary_data
	ldr	r0, [r4, #SECONDARY_DATA_TTBR1]
	mov	r1, #0
	dsb	ish
	mcr	p15, 0, r0, c2, c0, 1		/* TTBR1 */
	isb
	mov	r0, #TTBCR_SPLIT
	mcr	p15, 0, r0, c2, c0, 2		/* TTBCR: from here this code is TTBR1's */
	isb
	ldr	r0, [r4, #SECONDARY_DATA_TTBR0]
	mcr	p15, 0, r0, c2, c0, 0		/* TTBR0 */
	isb
	mcr	p15, 0, r1, c8, c7, 0		/* TLBIALL: drop the boot table's entries */
	mcr	p15, 0, r1, c7, c5, 0		/* ICIALLU */
	mcr	p15, 0, r1, c7, c5, 6		/* BPIALL */
	dsb	ish
	isb

	ldr	sp, [r4, #SECONDARY_DATA_STACK]
	ldr	r5, [r4, #SECONDARY_DATA_MODE_STACKS]
	cps	#MODE_ABT
	add	sp, r5, #(1 * EXCEPTION_STACK_SIZE)
	cps	#MODE_UND
	add	sp, r5, #(2 * EXCEPTION_STACK_SIZE)
	cps	#MODE_IRQ
	add	sp, r5, #(3 * EXCEPTION_STACK_SIZE)
	cps	#MODE_FIQ
	add	sp, r5, #(4 * EXCEPTION_STACK_SIZE)
	cps	#MODE_SVC
	ldr	r0, =vectors
	mcr	p15, 0, r0, c12, c0, 0		/* VBAR */
	isb

	/* 4. C, with the CPU number and the start time (a u64: r2, r3). */
	mov	r0, r8
	mov	r2, r6
	mov	r3, r7
	mov	r11, #0				/* fp: the end of the frame-pointer chain */
	bl	arm_secondary_start
2:	wfi
	b	2b
	.cfi_endproc
	.size	secondary_entry, . - secondary_entry
	.ltorg
