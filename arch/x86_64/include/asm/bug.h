/*
 * x86_64 BUG()/WARN() sites: `ud2` (invalid opcode, #UD) and a
 * __bug_table entry (struct bug_entry in include/kernel/bug.h).
 */
#ifndef _ASM_BUG_H
#define _ASM_BUG_H

#define BUG_INSN_SIZE	2	/* ud2 */

#define __BUG_FLAGS(flags)							\
	__asm__ __volatile__("1:	ud2\n"					\
			     "	.pushsection __bug_table, \"aw\"\n"		\
			     "	.balign 4\n"					\
			     "	.long 1b - .\n"					\
			     "	.long %c0 - .\n"				\
			     "	.short %c1, %c2\n"				\
			     "	.popsection\n"					\
			     : : "i"(__FILE__), "i"(__LINE__), "i"(flags) : "memory")

#endif
