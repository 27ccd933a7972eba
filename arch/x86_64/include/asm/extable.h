/*
 * x86_64 exception-table entries (the format: include/kernel/extable.h).
 *
 * The entry macros (_ASM_EXTABLE, _ASM_EXTABLE_TYPE_REG) are generic, in
 * include/kernel/extable.h; the arch says which register numbers they take:
 * places in struct pt_regs, which is what the fault handler can change.
 * Inline asm that wants a register fixed up pins it with a constraint
 * ("a" = rax...).
 */
#ifndef _ASM_EXTABLE_H
#define _ASM_EXTABLE_H

#include <kernel/extable.h>

#define EX_REG_DX	11
#define EX_REG_CX	12
#define EX_REG_AX	14
#define EX_REG_SI	10

#endif
