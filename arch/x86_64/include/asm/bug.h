/*
 * x86_64 BUG()/WARN() sites trap with `ud2` (invalid opcode, #UD); the
 * __bug_table entry beside it is generic (include/kernel/bug.h).
 */
#ifndef _ASM_BUG_H
#define _ASM_BUG_H

/* The trapping instruction, as asm for __BUG_FLAGS() (include/kernel/bug.h). */
#define BUG_INSN_ASM	"ud2"
#define BUG_INSN_SIZE	2

#endif
