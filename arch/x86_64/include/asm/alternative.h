/*
 * x86_64's side of kernel/alternative.h, and the lock prefixes of .smp_locks.
 *
 * The assembler pads a site with 0x90 bytes, one-byte NOPs; when a site is
 * patched, arch/x86_64/kernel/alternative.c fills the rest with the longest
 * multi-byte NOPs instead (fewer instructions to decode).
 *
 * LOCK_PREFIX is "lock" before an atomic read-modify-write instruction,
 * with the prefix's address recorded in .smp_locks. With a single CPU no
 * other agent can see the instruction half done, so at boot each recorded
 * prefix is turned into a DS segment override (0x3e), which changes
 * nothing, and the instruction keeps its length.
 */
#ifndef _ASM_ALTERNATIVE_H
#define _ASM_ALTERNATIVE_H

#define ALT_PAD_FILL		0x90

#define X86_LOCK_PREFIX_BYTE	0xf0
#define X86_DS_PREFIX_BYTE	0x3e

#ifndef __ASSEMBLER__

#define LOCK_PREFIX_HERE						\
	".pushsection .smp_locks, \"a\"\n\t"				\
	".balign 4\n\t"							\
	".long 671f - .\n\t"						\
	".popsection\n"							\
	"671:"

#define LOCK_PREFIX	LOCK_PREFIX_HERE "\n\tlock "

/*
 * For inline assembly that calls a function: ties the asm to the stack
 * pointer, so the compiler sets up the frame (and frame pointer) before it,
 * as it would for a call it wrote itself.
 */
register unsigned long current_stack_pointer __asm__("rsp");
#define ASM_CALL_CONSTRAINT	"+r"(current_stack_pointer)

#endif

#endif
