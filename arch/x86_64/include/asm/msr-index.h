/*
 * The model-specific registers the kernel uses, and their bits: numbers
 * only, so that head.S can include it too (the accessors: asm/msr.h).
 * Intel SDM vol. 4, "Model-Specific Registers".
 */
#ifndef _ASM_MSR_INDEX_H
#define _ASM_MSR_INDEX_H

#define MSR_APIC_BASE		0x0000001b	/* the local APIC's registers, physical */
#define MSR_EFER		0xc0000080	/* extended features */
#define MSR_STAR		0xc0000081	/* SYSCALL's and SYSRET's code segments */
#define MSR_LSTAR		0xc0000082	/* SYSCALL's entry point */
#define MSR_SYSCALL_MASK	0xc0000084	/* the rflags bits SYSCALL clears */
#define MSR_FS_BASE		0xc0000100	/* %fs: the running user thread's TLS */
#define MSR_GS_BASE		0xc0000101	/* %gs: this CPU's per-CPU area (asm/percpu.h) */
#define MSR_KERNEL_GS_BASE	0xc0000102	/* swapgs trades it with GS_BASE */
#define EFER_SCE		(1 << 0)	/* SYSCALL and SYSRET enable */

#define EFER_LME		(1 << 8)	/* long mode enable */
#define EFER_LMA		(1 << 10)	/* long mode active (read-only) */
#define EFER_NXE		(1 << 11)	/* the NX bit of page-table entries counts */

#endif
