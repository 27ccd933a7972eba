/*
 * The x87/SSE registers of user programs (arch/x86_64/kernel/fpu.c). C
 * libraries use SSE everywhere (printf, memcpy, strlen): the CPU must have
 * it switched on, and each process must find its own registers again
 * after another ran. The kernel itself never touches them (-mno-sse), so a
 * thread's registers are live on its CPU the whole time it runs, in user
 * mode or in the kernel, and are saved and restored at each switch between
 * threads that run user code (arch_switch_to()).
 */
#ifndef _ASM_FPU_H
#define _ASM_FPU_H

#include <kernel/compiler.h>
#include <kernel/types.h>

/* What fxsave stores: x87, MMX and SSE registers, MXCSR (512 bytes, 16-byte aligned). */
struct fpu_state {
	u8 fxsave[512];
} __aligned(16);

/* Switch x87/SSE on for user code (CR0, CR4), from trap_init(). */
void fpu_init(void);
/* The registers of a new program: all zero, exceptions masked (FCW 0x37f, MXCSR 0x1f80). */
void fpu_init_state(struct fpu_state *fpu);

static inline void fpu_save(struct fpu_state *fpu)
{
	__asm__ __volatile__("fxsaveq %0" : "=m"(*fpu));
}

static inline void fpu_restore(const struct fpu_state *fpu)
{
	__asm__ __volatile__("fxrstorq %0" : : "m"(*fpu));
}

#endif
