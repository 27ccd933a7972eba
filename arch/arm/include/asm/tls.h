/*
 * The user-mode TLS register, TPIDRURO: user code reads it (mrc p15, 0,
 * rX, c13, c0, 3) but cannot write it, so the kernel does, for ARM's
 * set_tls call (traps.c) and at each switch to a thread that runs user
 * code (process.c). Each thread keeps its value in arch.tp_value.
 */
#ifndef _ASM_TLS_H
#define _ASM_TLS_H

static inline void set_tls(unsigned long tp)
{
	__asm__ __volatile__("mcr p15, 0, %0, c13, c0, 3" : : "r"(tp) : "memory");	/* TPIDRURO */
}

#endif
