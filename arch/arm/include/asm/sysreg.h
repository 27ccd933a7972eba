/*
 * Reading CP15 system registers: read_cp15() for one every ARMv7 core has,
 * read_cp15_safe() for one a CPU may not implement. An mrc of a
 * register the core lacks is an undefined instruction; read_cp15_safe()
 * lists the mrc in __ex_table, so that trap becomes -EFAULT (in r0) with
 * the value zeroed (r1) instead of an oops. Feature probing can then ask
 * the CPU itself rather than trust a table of part numbers.
 *
 *   u32 v; if (read_cp15_safe(0, c0, c2, 5, &v) == 0) ... ID_ISAR5 ...
 */
#ifndef _ASM_SYSREG_H
#define _ASM_SYSREG_H

#include <asm/extable.h>
#include <kernel/types.h>

/* The encoding must be a constant in the instruction, so a macro. */
#define read_cp15(op1, crn, crm, op2)						\
	({									\
		unsigned long __v;						\
		__asm__ __volatile__("mrc p15, " #op1 ", %0, " #crn ", " #crm ", " #op2 \
				     : "=r"(__v));				\
		__v;								\
	})

/* err and v must stay in r0/r1 (what the fixup writes): nothing may run between. */
#define read_cp15_safe(op1, crn, crm, op2, val)					\
	({									\
		register long __err __asm__("r0") = 0;				\
		register unsigned long __v __asm__("r1");			\
		__asm__ __volatile__("1:	mrc p15, " #op1 ", %[v], " #crn ", " #crm ", " #op2 "\n" \
				     "2:\n"					\
				     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_ZERO_REG, \
							   EX_REG_R0, EX_REG_R1)	\
				     : "+r"(__err), [v] "=r"(__v));		\
		*(val) = __v;							\
		__err;								\
	})

#endif
