/*
 * 32-bit ARM CPU feature numbers. ARM reports features as 4-bit fields in
 * its ID registers (ID_ISAR0..5, ID_PFR0/1, ID_MMFR0..3), where a bigger
 * value means more; arch/arm/kernel/cpufeature.c decodes the fields into
 * these bits of word 0. Word 1 holds the kernel's own.
 *
 * Used from C and from assembly (ALTERNATIVE in .S files): numbers only
 * outside the __ASSEMBLER__ part.
 */
#ifndef _ASM_CPUFEATURE_H
#define _ASM_CPUFEATURE_H

#define NCAPINTS		2

#define ARM_FEATURE_IDIV	0	/* ID_ISAR0 Divide >= 2: sdiv/udiv in ARM state */
#define ARM_FEATURE_IDIVT	1	/* ID_ISAR0 Divide >= 1: sdiv/udiv in Thumb state */
#define ARM_FEATURE_LPAE	2	/* ID_MMFR0 VMSA >= 5: long descriptors, 40-bit PA */
#define ARM_FEATURE_CRC32	3	/* ID_ISAR5 CRC32 >= 1: crc32{b,h,w} and crc32c* */
#define ARM_FEATURE_AES		4	/* ID_ISAR5 AES >= 1 */
#define ARM_FEATURE_PMULL	5	/* ID_ISAR5 AES >= 2: 64-bit polynomial multiply */
#define ARM_FEATURE_SHA1	6	/* ID_ISAR5 SHA1 >= 1 */
#define ARM_FEATURE_SHA2	7	/* ID_ISAR5 SHA2 >= 1 */
#define ARM_FEATURE_THUMBEE	8	/* ID_PFR0 State3 >= 1 */
#define ARM_FEATURE_SECURITY	9	/* ID_PFR1 Security >= 1: TrustZone */
#define ARM_FEATURE_VIRT	10	/* ID_PFR1 Virtualization >= 1: Hyp mode */
#define ARM_FEATURE_GENTIMER	11	/* ID_PFR1 GenTimer >= 1: CNTVCT and friends */
#define ARM_FEATURE_MP		12	/* MPIDR[31:30] = 0b10: multiprocessor extensions */
#define ARM_FEATURE_PXN		13	/* ID_MMFR0 VMSA >= 4: privileged execute-never */

#define ARM_FEATURE_ALWAYS	(1 * 32 + 0)	/* every CPU: patch unconditionally */
/* The device tree lists one CPU: SMP barriers become nops (asm/barrier.h). */
#define ARM_FEATURE_UP		(1 * 32 + 1)

#endif
