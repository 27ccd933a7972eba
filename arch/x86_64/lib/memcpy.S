/*
 * memcpy() and memset() for x86_64: "rep movsb" / "rep stosb" when the CPU
 * says they are fast (ERMS, Enhanced REP MOVSB/STOSB: the microcode moves
 * whole cache lines), else the portable C versions in kernel/lib/string.c.
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
	rep movsb
	ret
	.size	memcpy, . - memcpy

/* void *memset(void *s (rdi), int c (esi), size_t n (rdx)) */
	.globl	memset
	.type	memset, @function
memset:
	ALTERNATIVE "jmp memset_generic", "", X86_FEATURE_ERMS
	movq	%rdi, %r8		/* returns s; stosb moves rdi */
	movl	%esi, %eax
	movq	%rdx, %rcx
	rep stosb
	movq	%r8, %rax
	ret
	.size	memset, . - memset
