/*
 * The floating-point and Advanced SIMD (NEON) registers, for user programs
 * only (arch/arm/kernel/vfp.c). The kernel itself is built with
 * -mgeneral-regs-only and never touches them, so they hold the running
 * program's values until a switch to another program saves them.
 */
#ifndef _ASM_VFP_H
#define _ASM_VFP_H

#include <kernel/types.h>

struct vfp_state {
	u64 d[32];		/* d0-d31; d16-d31 only on cores with 32 registers */
	u32 fpscr;
};

/* Switch VFP on for this CPU (every CPU, as it starts); the boot CPU also reads what it has. */
void vfp_init(void);
/* The HWCAP_VFP... bits of what vfp_init() found, 0 without VFP. */
unsigned long vfp_hwcap(void);
void vfp_save(struct vfp_state *s);
void vfp_load(const struct vfp_state *s);

#endif
