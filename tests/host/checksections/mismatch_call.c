/*
 * Permanent code calling boot-only code: one call to a global __init
 * function (the relocation names it), one to a static one (on x86_64 the
 * relocation names .init.text plus an offset), and, in assembly, a call to
 * a local label in .init.text and two ways of loading its address. Most of
 * those relocations name .init.text plus an offset, which on ARM is kept in
 * the bl instruction and in the literal pool word (after a $d mapping
 * symbol); the movw/movt pair names the label itself.
 */
#include <kernel/init.h>

int mismatch_call_total;

int __init __attribute__((noinline)) global_boot_helper(int x)
{
	return x + 1;
}

static int __init __attribute__((noinline)) static_boot_helper(int x)
{
	mismatch_call_total += x;
	return x * 2;
}

int __init boot_entry(void)
{
	return global_boot_helper(1) + static_boot_helper(2);
}

int late_caller(int x)
{
	return global_boot_helper(x) + static_boot_helper(x);
}

#ifdef __arm__
#define ASM_LATE_CALLER							\
	"asm_late_caller:\n"						\
	"	bl	asm_boot_second\n"				\
	"	movw	r0, #:lower16:asm_boot_second\n"		\
	"	movt	r0, #:upper16:asm_boot_second\n"		\
	"	ldr	r0, =asm_boot_second\n"			\
	"	bx	lr\n"						\
	"	.ltorg\n"
#define ASM_RETURN "bx lr"
#else
#define ASM_LATE_CALLER							\
	"asm_late_caller:\n"						\
	"	call	asm_boot_second\n"				\
	"	leaq	asm_boot_second(%rip), %rax\n"		\
	"	movq	$asm_boot_second, %rax\n"			\
	"	ret\n"
#define ASM_RETURN "ret"
#endif

__asm__(".pushsection .init.text, \"ax\"\n"
	"asm_boot_first:\n	" ASM_RETURN "\n"
	"asm_boot_second:\n	" ASM_RETURN "\n"
	".popsection\n"
	".pushsection .text, \"ax\"\n"
	".globl asm_late_caller\n"
	".type asm_late_caller, %function\n"
	ASM_LATE_CALLER
	".size asm_late_caller, . - asm_late_caller\n"
	".popsection\n");
