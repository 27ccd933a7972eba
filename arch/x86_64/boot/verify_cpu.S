/*
 * verify_cpu: does this CPU have what the kernel needs? startup_32
 * (head.S) asks first thing, in 32-bit protected mode with paging off,
 * before its first rdtsc: on a CPU without something below, that rdtsc, the
 * EFER write or the jump to long mode would fault, and this early a fault
 * is a triple fault, a silent reset (CPU=486, pentium3, qemu64,-nx).
 *
 * Needed: CPUID itself, the TSC (boot timing, the scheduler tick), PAE and
 * long mode (the page tables and the 64-bit kernel), NX (EFER.NXE and the
 * never-executable mappings), a local APIC (the timer and SMP). What is
 * missing is said on COM1, polled, and the CPU leaves QEMU with
 * QEMU_EXIT_PANIC through isa-debug-exit (halts where there is none).
 * Linux has the same check, arch/x86/kernel/verify_cpu.S.
 */
#include <asm/page.h>
#include <kernel/panic.h>

#define PA(x)		((x) - KERNEL_VMA_BASE)

#define X86_EFLAGS_ID	(1 << 21)
#define CPUID_1_EDX_TSC	(1 << 4)
#define CPUID_1_EDX_PAE	(1 << 6)
#define CPUID_1_EDX_APIC (1 << 9)
#define CPUID_EXT_EDX_NX (1 << 20)
#define CPUID_EXT_EDX_LM (1 << 29)

/* Bits of the "missing" mask in %esi: the order of the names below. */
#define MISSING_CPUID	(1 << 0)
#define MISSING_TSC	(1 << 1)
#define MISSING_PAE	(1 << 2)
#define MISSING_LM	(1 << 3)
#define MISSING_NX	(1 << 4)
#define MISSING_APIC	(1 << 5)

#define COM1		0x3f8
#define UART_LSR	5
#define LSR_THR_EMPTY	0x20
#define DEBUG_EXIT_PORT	0xf4

/* The CPUID leaf just read lacks feature bit in %edx: add missing to %esi. */
	.macro	need_edx, bit, missing
	testl	$\bit, %edx
	jnz	.Lhas_\@
	orl	$\missing, %esi
.Lhas_\@:
	.endm

	.section .head.text, "ax"
	.code32
	.globl verify_cpu
verify_cpu:
	xorl	%esi, %esi
	/* CPUID exists when EFLAGS.ID can be changed. */
	pushfl
	popl	%eax
	movl	%eax, %ecx
	xorl	$X86_EFLAGS_ID, %eax
	pushl	%eax
	popfl
	pushfl
	popl	%eax
	pushl	%ecx
	popfl
	xorl	%ecx, %eax
	testl	$X86_EFLAGS_ID, %eax
	jnz	1f
	movl	$MISSING_CPUID, %esi
	jmp	report

1:	movl	$1, %eax
	cpuid
	need_edx CPUID_1_EDX_TSC, MISSING_TSC
	need_edx CPUID_1_EDX_PAE, MISSING_PAE
	need_edx CPUID_1_EDX_APIC, MISSING_APIC
	/* Long mode and NX are in the extended leaf, if the CPU has it. */
	movl	$0x80000000, %eax
	cpuid
	cmpl	$0x80000001, %eax
	jae	5f
	orl	$(MISSING_LM | MISSING_NX), %esi
	jmp	7f
5:	movl	$0x80000001, %eax
	cpuid
	need_edx CPUID_EXT_EDX_LM, MISSING_LM
	need_edx CPUID_EXT_EDX_NX, MISSING_NX
7:	testl	%esi, %esi
	jnz	report
	ret

/* "boot: this CPU lacks NAME NAME ...", the need, and out. */
report:
	movl	$PA(msg_lacks), %edi
	call	early_puts
	movl	$PA(missing_names), %ebx
8:	testl	$1, %esi
	jz	9f
	movl	(%ebx), %edi
	call	early_puts
9:	addl	$4, %ebx
	shrl	$1, %esi
	jnz	8b
	movl	$PA(msg_needs), %edi
	call	early_puts
	movl	$(QEMU_EXIT_PANIC >> 1), %eax
	movw	$DEBUG_EXIT_PORT, %dx
	outl	%eax, %dx
10:	cli
	hlt
	jmp	10b

/* The NUL-terminated string at %edi to COM1, polling the UART; clobbers %eax, %edx, %edi. */
early_puts:
	movb	(%edi), %ah
	testb	%ah, %ah
	jz	12f
	movw	$(COM1 + UART_LSR), %dx
11:	inb	%dx, %al
	testb	$LSR_THR_EMPTY, %al
	jz	11b
	movb	%ah, %al
	movw	$COM1, %dx
	outb	%al, %dx
	incl	%edi
	jmp	early_puts
12:	ret

	.section .rodata
	.balign 4
missing_names:
	.long	PA(name_cpuid), PA(name_tsc), PA(name_pae), PA(name_lm), PA(name_nx)
	.long	PA(name_apic)
name_cpuid:	.asciz " cpuid"
name_tsc:	.asciz " tsc"
name_pae:	.asciz " pae"
name_lm:	.asciz " lm (64-bit long mode)"
name_nx:	.asciz " nx"
name_apic:	.asciz " apic"
msg_lacks:	.asciz "boot: this CPU lacks"
msg_needs:	.ascii "\r\nboot: Special K needs an x86-64 CPU with cpuid, tsc, pae, lm, nx and a "
		.asciz "local apic (QEMU: -cpu qemu64 or newer)\r\n"
