/*
 * memcpy() and memset() for x86_64: the string instructions when the CPU
 * says they are fast (ERMS, Enhanced REP MOVSB/STOSB: the microcode moves
 * whole cache lines), else the portable C versions in kernel/lib/string.c.
 * Eight bytes a repetition (rep movsq/stosq), then the last 0..7 with
 * movsb/stosb: on hardware with fast strings the two run alike, but under
 * QEMU's TCG each repetition is one step of the emulator, so bytes would
 * cost eight times as many (and -icount counts each repetition).
 *
 * Each starts with a jump to the portable version. On a CPU with ERMS the
 * alternative replaces that jump with nothing, i.e. a 5-byte NOP, and the
 * string instruction below it runs instead. (Linux's memcpy does the same.)
 * The compiler calls these two by name, so they are the kernel's memcpy
 * and memset; string.c's are weak and named memcpy_generic/memset_generic.
 */
#include <asm/cpufeature.h>
#include <kernel/alternative.h>

	.text

/* void *memcpy(void *dst (rdi), const void *src (rsi), size_t n (rdx)) */
	.globl	memcpy
	.type	memcpy, @function
memcpy:
	ALTERNATIVE "jmp memcpy_generic", "", X86_FEATURE_ERMS
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
	ALTERNATIVE "jmp memset_generic", "", X86_FEATURE_ERMS
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
