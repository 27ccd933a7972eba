/*
 * memcpy() and memset() for x86_64: the string instructions when the CPU
 * says they are fast (ERMS, Enhanced REP MOVSB/STOSB: the microcode moves
 * whole cache lines), else memcpy_orig() and memset_orig() below.
 * Eight bytes a repetition (rep movsq/stosq), then the last 0..7 with
 * movsb/stosb: on hardware with fast strings the two run alike, but under
 * QEMU's TCG each repetition is one step of the emulator, so bytes would
 * cost eight times as many (and -icount counts each repetition).
 *
 * Each starts with a jump to its _orig version. On a CPU with ERMS the
 * alternative replaces that jump with nothing, i.e. a 5-byte NOP, and the
 * string instruction below it runs instead. (Linux's memcpy does the same.)
 * {disp32} keeps the jump 5 bytes long: for a target this close the
 * assembler would pick the 2-byte form. The compiler calls these two by
 * name, so they are the kernel's memcpy and memset; string.c's are weak
 * and named memcpy_generic/memset_generic.
 *
 * memcpy_orig() and memset_orig() move 64 bytes a loop, eight quadword moves
 * (or stores) indexed by one counter running up to zero: 2.25 (1.25)
 * instructions a quadword where string.c's loop takes 5 (4), which pages
 * copied and cleared on such CPUs (QEMU's default qemu64, Nehalem) make
 * most of what the self-tests cost there. Below 64 bytes, and for the last
 * 0..63, the portable versions.
 */
#include <asm/cpufeature.h>
#include <kernel/alternative.h>

	.text

/* void *memcpy(void *dst (rdi), const void *src (rsi), size_t n (rdx)) */
	.globl	memcpy
	.type	memcpy, @function
memcpy:
	ALTERNATIVE "{disp32} jmp memcpy_orig", "", X86_FEATURE_ERMS
	movq	%rdi, %rax		/* returns dst */
	movq	%rdx, %rcx
	shrq	$3, %rcx
	rep movsq
	movl	%edx, %ecx
	andl	$7, %ecx
	rep movsb
	ret
	.size	memcpy, . - memcpy

/* void *memset(void *s (rdi), int c (esi), size_t n (rdx)) */
	.globl	memset
	.type	memset, @function
memset:
	ALTERNATIVE "{disp32} jmp memset_orig", "", X86_FEATURE_ERMS
	movq	%rdi, %r8		/* returns s; stos moves rdi */
	movzbl	%sil, %eax		/* the byte in every byte of rax */
	movabsq	$0x0101010101010101, %r9
	imulq	%r9, %rax
	movq	%rdx, %rcx
	shrq	$3, %rcx
	rep stosq
	movl	%edx, %ecx
	andl	$7, %ecx
	rep stosb
	movq	%r8, %rax
	ret
	.size	memset, . - memset

/* Copy the 64-byte blocks, then the rest with memcpy_generic(); returns dst. */
	.globl	memcpy_orig
	.type	memcpy_orig, @function
memcpy_orig:
	cmpq	$64, %rdx
	jb	memcpy_generic
	pushq	%rdi			/* returned; keeps the stack 16-aligned for the call */
	movq	%rdx, %rcx
	andq	$-64, %rcx		/* the blocks' bytes */
	addq	%rcx, %rsi		/* both just past the blocks, */
	addq	%rcx, %rdi
	negq	%rcx			/* indexed from -bytes up to 0 */
1:	movq	(%rsi,%rcx), %r8
	movq	8(%rsi,%rcx), %r9
	movq	16(%rsi,%rcx), %r10
	movq	24(%rsi,%rcx), %r11
	movq	%r8, (%rdi,%rcx)
	movq	%r9, 8(%rdi,%rcx)
	movq	%r10, 16(%rdi,%rcx)
	movq	%r11, 24(%rdi,%rcx)
	movq	32(%rsi,%rcx), %r8
	movq	40(%rsi,%rcx), %r9
	movq	48(%rsi,%rcx), %r10
	movq	56(%rsi,%rcx), %r11
	movq	%r8, 32(%rdi,%rcx)
	movq	%r9, 40(%rdi,%rcx)
	movq	%r10, 48(%rdi,%rcx)
	movq	%r11, 56(%rdi,%rcx)
	addq	$64, %rcx
	jnz	1b
	andl	$63, %edx
	call	memcpy_generic
	popq	%rax
	ret
	.size	memcpy_orig, . - memcpy_orig

/* Store the 64-byte blocks, then the rest with memset_generic(); returns s. */
	.globl	memset_orig
	.type	memset_orig, @function
memset_orig:
	cmpq	$64, %rdx
	jb	memset_generic
	pushq	%rdi			/* returned; keeps the stack 16-aligned for the call */
	movzbl	%sil, %eax		/* the byte in every byte of rax */
	movabsq	$0x0101010101010101, %r8
	imulq	%r8, %rax
	movq	%rdx, %rcx
	andq	$-64, %rcx
	addq	%rcx, %rdi
	negq	%rcx
1:	movq	%rax, (%rdi,%rcx)
	movq	%rax, 8(%rdi,%rcx)
	movq	%rax, 16(%rdi,%rcx)
	movq	%rax, 24(%rdi,%rcx)
	movq	%rax, 32(%rdi,%rcx)
	movq	%rax, 40(%rdi,%rcx)
	movq	%rax, 48(%rdi,%rcx)
	movq	%rax, 56(%rdi,%rcx)
	addq	$64, %rcx
	jnz	1b
	andl	$63, %edx		/* esi still holds c */
	call	memset_generic
	popq	%rax
	ret
	.size	memset_orig, . - memset_orig
