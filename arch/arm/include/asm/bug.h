/*
 * ARM BUG()/WARN() sites: a permanently undefined instruction (UDF, the
 * encoding BUG_INSN that Linux uses too) and a __bug_table entry (struct
 * bug_entry in include/kernel/bug.h). The undefined-instruction handler
 * asks report_bug() about the trapping address.
 */
#ifndef _ASM_BUG_H
#define _ASM_BUG_H

#include <kernel/compiler.h>

#define BUG_INSN		0xe7f001f2
#define BUG_INSN_SIZE		4

#define __BUG_FLAGS(flags)							\
	__asm__ __volatile__("1:	.inst " __stringify(BUG_INSN) "\n"	\
			     "	.pushsection __bug_table, \"aw\"\n"		\
			     "	.balign 4\n"					\
			     "	.long 1b - .\n"					\
			     "	.long %c0 - .\n"				\
			     "	.short %c1, %c2\n"				\
			     "	.popsection\n"					\
			     : : "i"(__FILE__), "i"(__LINE__), "i"(flags) : "memory")

#endif
