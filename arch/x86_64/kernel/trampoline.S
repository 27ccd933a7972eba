/*
 * Where a secondary x86_64 CPU starts: 16-bit real mode, paging off, at
 * TRAMPOLINE_PHYS (asm/smp.h), the page its STARTUP IPI named.
 *
 * arch/x86_64/kernel/smp.c copies trampoline_start .. trampoline_end there
 * (the bytes here are only the template, in .init.rodata) and fills in the
 * parameters at its end: the boot CPU's CR0 and EFER, and the CR3 of a
 * small page table (trampoline_pgd_create()) that maps this page at its own
 * address besides the kernel's half. The CPU itself stores its TSC there
 * first thing, for the time its report line gives. Then the climb, as
 * head.S does for the boot CPU, but from real mode:
 *
 *   real mode        load a GDT, set CR0.PE, far jump into 32-bit code
 *   protected mode   CR4.PAE, CR3, EFER (LME, NXE), then CR0 with PG on:
 *                    that is long mode; a far jump to 64-bit code
 *   long mode        jump to secondary_startup_64 at the kernel's address
 *
 * The code is assembled at one address and run at another, so every
 * absolute address goes through TA(): where a label will be once copied.
 * Real mode addresses from CS, which STARTUP set to TRAMPOLINE_PHYS >> 4.
 *
 * secondary_startup_64 then switches to the kernel's own page tables and
 * the stack the boot CPU allocated (struct secondary_boot) and calls C.
 */
#include <asm/smp.h>

#define TA(x)		(TRAMPOLINE_PHYS + ((x) - trampoline_start))

#define MSR_EFER	0xc0000080
#define CR0_PE		(1 << 0)
#define CR4_PAE		(1 << 5)

#define TR_CODE64	0x08	/* the same selectors as head.S's boot GDT ... */
#define TR_DATA		0x10
#define TR_CODE32	0x18	/* ... plus 32-bit code for the middle step */

	.cfi_sections .debug_frame
	.section .init.rodata, "a"
	.balign 16
	.globl trampoline_start
	.code16
trampoline_start:
	cli
	cld
	movw	%cs, %ax
	movw	%ax, %ds
	/* When this CPU started, for its report line (rdtsc works in real mode too). */
	rdtsc
	movl	%eax, trampoline_tsc - trampoline_start
	movl	%edx, trampoline_tsc + 4 - trampoline_start
	lgdtl	tr_gdt_desc - trampoline_start
	movl	%cr0, %eax
	orl	$CR0_PE, %eax
	movl	%eax, %cr0
	ljmpl	$TR_CODE32, $TA(trampoline_32)

	.code32
trampoline_32:
	movl	$TR_DATA, %eax
	movl	%eax, %ds
	movl	%eax, %es
	movl	%eax, %ss
	movl	%cr4, %eax
	orl	$CR4_PAE, %eax
	movl	%eax, %cr4
	movl	TA(trampoline_cr3), %eax
	movl	%eax, %cr3
	movl	$MSR_EFER, %ecx
	movl	TA(trampoline_efer), %eax
	xorl	%edx, %edx
	wrmsr
	/* The boot CPU's CR0: PE, PG (long mode is on from here), WP, caches on. */
	movl	TA(trampoline_cr0), %eax
	movl	%eax, %cr0
	ljmpl	$TR_CODE64, $TA(trampoline_64)

	.code64
trampoline_64:
	/* Still at the low address; the kernel half is mapped too: go there. */
	movq	TA(trampoline_target), %rax
	jmpq	*%rax

	.balign 8
tr_gdt:
	.quad	0
	.quad	0x00af9a000000ffff	/* TR_CODE64 */
	.quad	0x00cf92000000ffff	/* TR_DATA */
	.quad	0x00cf9a000000ffff	/* TR_CODE32 */
tr_gdt_end:
tr_gdt_desc:
	.short	tr_gdt_end - tr_gdt - 1
	.long	TA(tr_gdt)

	.balign 8
trampoline_target:
	.quad	secondary_startup_64
	.globl trampoline_cr0, trampoline_cr3, trampoline_efer, trampoline_tsc
trampoline_cr0:
	.long	0
trampoline_cr3:
	.long	0
trampoline_efer:
	.long	0
trampoline_tsc:
	.quad	0
	.globl trampoline_end
trampoline_end:

	.section .init.text, "ax"
	.code64
	.globl secondary_startup_64
secondary_startup_64:
	.cfi_startproc				/* no caller: see startup_64 in head.S */
	.cfi_undefined rip
	/* Every CPU runs on the kernel's page tables: the trampoline's go away. */
	movq	secondary_boot + SECONDARY_BOOT_CR3(%rip), %rax
	movq	%rax, %cr3
	movq	secondary_boot + SECONDARY_BOOT_STACK(%rip), %rsp
	xorl	%ebp, %ebp		/* the end of the frame-pointer chain */
	call	x86_secondary_start
1:	cli
	hlt
	jmp	1b
	.cfi_endproc
