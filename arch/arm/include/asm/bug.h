/*
 * ARM BUG()/WARN() sites trap with a permanently undefined instruction
 * (UDF, the encoding BUG_INSN that Linux uses too); the __bug_table entry
 * beside it is generic (include/kernel/bug.h). The undefined-instruction
 * handler asks report_bug() about the trapping address.
 */
#ifndef _ASM_BUG_H
#define _ASM_BUG_H

#include <kernel/compiler.h>

#define BUG_INSN		0xe7f001f2
#define BUG_INSN_SIZE		4

/* The trapping instruction, as asm for __BUG_FLAGS() (include/kernel/bug.h). */
#define BUG_INSN_ASM		".inst " __stringify(BUG_INSN)

#endif
