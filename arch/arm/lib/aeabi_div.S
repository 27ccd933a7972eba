/*
 * The EABI division helpers the compiler calls for a/b and a%b on 32-bit
 * values (see asm/div.h). Each starts as a branch to the portable C
 * function; where ID_ISAR0 reports the divide instructions, the alternative
 * replaces it with udiv/sdiv (and mls for the remainder). These definitions
 * take the place of libgcc's: the linker only pulls an archive member for a
 * symbol nobody defines.
 */
#include <asm/cpufeature.h>
#include <kernel/alternative.h>

	.arch_extension	idiv
	.text
	.arm

.macro DIV_FUNC name, generic, replacement
	.globl	\name
	.type	\name, %function
\name:
	ALTERNATIVE "b \generic", "\replacement", ARM_FEATURE_IDIV
	.size	\name, . - \name
.endm

/* r0 = n / d */
DIV_FUNC __aeabi_uidiv, udivmod32_generic, "udiv r0, r0, r1; bx lr"
DIV_FUNC __aeabi_idiv, sdivmod32_generic, "sdiv r0, r0, r1; bx lr"
/* r0 = n / d, r1 = n - (n / d) * d */
DIV_FUNC __aeabi_uidivmod, udivmod32_generic, \
	"udiv r2, r0, r1; mls r1, r2, r1, r0; mov r0, r2; bx lr"
DIV_FUNC __aeabi_idivmod, sdivmod32_generic, \
	"sdiv r2, r0, r1; mls r1, r2, r1, r0; mov r0, r2; bx lr"
