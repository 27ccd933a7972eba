/*
 * The exception table, __ex_table: pairs of "this instruction may fault"
 * and "resume here", gathered by the linker from every _ASM_EXTABLE* use
 * (the macros below, for C and assembler alike) and sorted in the linked
 * kernel by scripts/sorttable. Each arch's asm/extable.h numbers its
 * registers and says how it applies a fixup.
 *
 * An entry is three 32-bit words, 12 bytes on both arches. insn and fixup
 * are offsets from the address of the field itself, so the table needs no
 * relocation and is half the size of a table of 64-bit pointers. data
 * says how to fix up: bits 0-7 the type, 8-15 a register that gets
 * -EFAULT, 16-23 a register that gets 0 (the arch numbers them:
 * asm/extable.h).
 */
#ifndef _KERNEL_EXTABLE_H
#define _KERNEL_EXTABLE_H

#include <kernel/compiler.h>	/* __stringify; only macros, fine in .S files too */

#define EX_TYPE_DEFAULT		0	/* resume at the fixup */
#define EX_TYPE_EFAULT_REG	1	/* ...with -EFAULT in the error register */
#define EX_TYPE_EFAULT_ZERO_REG	2	/* ...and the destination register zeroed */
/*
 * The same for accesses to user memory (include/kernel/uaccess.h). They
 * are counted (uaccess_fixup_count()), and a kernel fault on a user
 * address at an instruction without one of these is a bug the oops names.
 * EX_TYPE_UACCESS is for string copies, whose count register already holds
 * the bytes left when they fault.
 */
#define EX_TYPE_UACCESS			3
#define EX_TYPE_UACCESS_EFAULT_REG	4
#define EX_TYPE_UACCESS_EFAULT_ZERO_REG	5

#define EX_DATA(type, err_reg, zero_reg)	((type) | ((err_reg) << 8) | ((zero_reg) << 16))

/*
 * Emit an entry: in .S files as assembler lines, in inline asm as a string
 * to paste after the instruction. insn and fixup are labels ("1b", "2b").
 */
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

#ifndef __ASSEMBLER__
#include <asm/ptrace.h>
#include <kernel/types.h>

struct exception_table_entry {
	s32 insn;
	s32 fixup;
	s32 data;
};

_Static_assert(sizeof(struct exception_table_entry) == 12, "scripts/sorttable.c expects 12 bytes");

static inline unsigned long ex_insn_addr(const struct exception_table_entry *e)
{
	return (unsigned long)offset_to_ptr(&e->insn);
}

static inline unsigned long ex_fixup_addr(const struct exception_table_entry *e)
{
	return (unsigned long)offset_to_ptr(&e->fixup);
}

/* Binary search of a sorted table of num entries (benchmarks search tables of their own). */
const struct exception_table_entry *search_extable(const struct exception_table_entry *base,
						  size_t num, unsigned long addr);
/* The kernel's table, then the faulting module's (kernel/module/extable.c). */
const struct exception_table_entry *search_exception_tables(unsigned long addr);
const struct exception_table_entry *search_module_extables(unsigned long addr);
/* Called by the trap handlers: true when the fault was recovered (regs now resume at the fixup). */
bool fixup_exception(struct pt_regs *regs);
/* How many user-access faults were recovered since boot (the EX_TYPE_UACCESS* entries). */
unsigned long uaccess_fixup_count(void);
/* How many entries, and whether they are in order (a boot check: sorttable ran). */
size_t exception_table_entries(void);
bool exception_table_sorted(void);
#endif

#endif
