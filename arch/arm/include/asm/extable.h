/*
 * 32-bit ARM exception-table entries (the format: include/kernel/extable.h).
 *
 * The entry macros (_ASM_EXTABLE, _ASM_EXTABLE_TYPE_REG) are generic, in
 * include/kernel/extable.h; the arch says which register numbers they take:
 * a register's place in struct pt_regs, which for r0-r12 is simply n.
 * Inline asm that wants a register fixed up pins it with a register
 * variable (asm/uaccess.h).
 */
#ifndef _ASM_EXTABLE_H
#define _ASM_EXTABLE_H

#include <kernel/extable.h>

#define EX_REG_R0	0
#define EX_REG_R1	1

#endif
