/*
 * The GDT's selectors, in the order SYSCALL and SYSRET need (Linux's):
 * SYSCALL loads CS from STAR[47:32] and SS from the next slot; SYSRET to
 * 64-bit code loads CS from STAR[63:48] + 16 and SS from STAR[63:48] + 8,
 * both with RPL 3. So the kernel's code and data are adjacent, and the user's
 * data sits between a 32-bit user code slot (STAR's base, never used here)
 * and the 64-bit user code. The low two bits of a selector are its RPL.
 */
#ifndef _ASM_SEGMENT_H
#define _ASM_SEGMENT_H

#define __KERNEL_CS	0x10
#define __KERNEL_DS	0x18
#define __USER32_CS	0x23	/* index 4, RPL 3: only SYSRET's base */
#define __USER_DS	0x2b	/* index 5, RPL 3 */
#define __USER_CS	0x33	/* index 6, RPL 3 */
#define GDT_ENTRY_TSS	8	/* 0x40: each CPU's TSS, a 16-byte descriptor (two slots) */

#endif
