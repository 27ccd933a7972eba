/*
 * The start/stop symbols of the special sections only x86_64 has (the
 * others: include/kernel/sections.h).
 *
 * .smp_locks: the address of every LOCK prefix (LOCK_PREFIX,
 * asm/alternative.h), as 32-bit offsets from the entry itself; gathered by
 * SMP_LOCKS in linker/x86_64.lds.S, in the init region.
 */
#ifndef _ASM_SECTIONS_H
#define _ASM_SECTIONS_H

extern char __smp_locks[], __smp_locks_end[];

#endif
