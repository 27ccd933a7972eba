/*
 * 32-bit ARM exception-table entries (the format: include/kernel/extable.h).
 *
 * _ASM_EXTABLE(insn, fixup) and _ASM_EXTABLE_TYPE_REG(...) work in .S files
 * and, as strings, in inline asm. A register number is the register's place
 * in struct pt_regs, which for r0-r12 is simply n; inline asm that wants a
 * register fixed up pins it with a register variable (asm/uaccess.h).
 */
#ifndef _ASM_EXTABLE_H
#define _ASM_EXTABLE_H

#include <kernel/compiler.h>
#include <kernel/extable.h>

#define EX_REG_R0	0
#define EX_REG_R1	1

#ifdef __ASSEMBLER__
#define _ASM_EXTABLE_TYPE_REG(insn, fixup, type, err_reg, zero_reg)	\
	.pushsection __ex_table, "a";					\
	.balign 4;							\
	.long (insn) - .;						\
	.long (fixup) - .;						\
	.long EX_DATA(type, err_reg, zero_reg);				\
	.popsection
#else
#define _ASM_EXTABLE_TYPE_REG(insn, fixup, type, err_reg, zero_reg)	\
	" .pushsection __ex_table, \"a\"\n"				\
	" .balign 4\n"							\
	" .long (" #insn ") - .\n"					\
	" .long (" #fixup ") - .\n"					\
	" .long " __stringify(EX_DATA(type, err_reg, zero_reg)) "\n"	\
	" .popsection\n"
#endif

#define _ASM_EXTABLE(insn, fixup)	_ASM_EXTABLE_TYPE_REG(insn, fixup, EX_TYPE_DEFAULT, 0, 0)

#endif
