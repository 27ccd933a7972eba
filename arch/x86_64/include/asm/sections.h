/*
 * The special sections only x86_64 has, as rows of the registry
 * (include/kernel/section_registry.h explains the columns);
 * include/kernel/sections.h declares their symbols with the others.
 *
 * .smp_locks: the address of every LOCK prefix (LOCK_PREFIX,
 * asm/alternative.h), as 32-bit offsets from the entry itself; gathered by
 * SMP_LOCKS in linker/x86_64.lds.S, in the init region.
 */
#ifndef _ASM_SECTIONS_H
#define _ASM_SECTIONS_H

#define ARCH_SPECIAL_SECTIONS(X)					\
	X(".smp_locks", __smp_locks, __smp_locks_end, char, s32, TABLE,	\
	  "LOCK_PREFIX", "SMP_LOCKS", "alternatives_smp_unlock()", INIT)

#endif
