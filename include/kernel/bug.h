/*
 * BUG() and WARN(): an undefined instruction plus an entry in __bug_table.
 *
 * The site costs one trapping instruction (ud2 on x86_64, udf on ARM); the
 * file, line and flags wait in __bug_table until the trap handler asks
 * report_bug() about the trapping address. BUG() then oopses; WARN() prints
 * a warning with a backtrace and execution goes on after the instruction.
 * WARN_ONCE() marks its entry done, so the table lives in writable data.
 *
 * An entry is 12 bytes: the trap's address and the file name as 32-bit
 * offsets from the fields themselves (like __ex_table), the line, the flags.
 */
#ifndef _KERNEL_BUG_H
#define _KERNEL_BUG_H

#define BUGFLAG_WARNING	(1 << 0)
#define BUGFLAG_ONCE	(1 << 1)
#define BUGFLAG_DONE	(1 << 2)

#ifndef __ASSEMBLER__
#include <asm/bug.h>
#include <asm/ptrace.h>
#include <kernel/atomic.h>
#include <kernel/types.h>

struct bug_entry {
	s32 bug_addr_disp;
	s32 file_disp;
	u16 line;
	u16 flags;
};

_Static_assert(sizeof(struct bug_entry) == 12, "__bug_table entries are 12 bytes");

enum bug_trap_type {
	BUG_TRAP_TYPE_NONE,	/* not a BUG()/WARN() site */
	BUG_TRAP_TYPE_WARN,	/* reported, resume after the instruction */
	BUG_TRAP_TYPE_BUG,	/* reported, now oops */
};

/* The site: the arch's trapping instruction (BUG_INSN_ASM) and its entry. */
#define __BUG_FLAGS(flags)							\
	__asm__ __volatile__("1:	" BUG_INSN_ASM "\n"				\
			     "	.pushsection __bug_table, \"aw\"\n"		\
			     "	.balign 4\n"					\
			     "	.long 1b - .\n"					\
			     "	.long %c0 - .\n"				\
			     "	.short %c1, %c2\n"				\
			     "	.popsection\n"					\
			     : : "i"(__FILE__), "i"(__LINE__), "i"(flags) : "memory")

#define BUG()		__BUG_FLAGS(0)
#define __WARN()	__BUG_FLAGS(BUGFLAG_WARNING)
#define __WARN_ONCE()	__BUG_FLAGS(BUGFLAG_WARNING | BUGFLAG_ONCE)

#define BUG_ON(cond)		do { if (unlikely(cond)) BUG(); } while (0)
#define WARN_ON(cond)		({ bool __w = !!(cond); if (unlikely(__w)) __WARN(); unlikely(__w); })
#define WARN_ON_ONCE(cond)	({ bool __w = !!(cond); if (unlikely(__w)) __WARN_ONCE(); unlikely(__w); })

enum bug_trap_type report_bug(unsigned long addr, struct pt_regs *regs);
/* The entry of the site at addr in a table of n entries, or NULL. */
struct bug_entry *find_bug_in(struct bug_entry *table, unsigned int n, unsigned long addr);
/* The entry of a site in a loaded module (kernel/module/bug.c), or NULL. */
struct bug_entry *module_find_bug(unsigned long addr);
/* WARN()s reported so far, from every CPU (a done WARN_ON_ONCE() is not). */
extern atomic_t nr_warnings;
#endif

#endif
