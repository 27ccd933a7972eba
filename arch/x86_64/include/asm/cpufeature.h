/*
 * x86_64 CPU feature numbers: word * 32 + bit, where each word is one
 * CPUID output register, so a feature's number says where the CPU reports
 * it. (Linux numbers its words differently; the idea is the same.)
 *
 *   word 0  CPUID 1, EDX            word 3  CPUID 7 (subleaf 0), ECX
 *   word 1  CPUID 1, ECX            word 4  CPUID 0x80000001, EDX
 *   word 2  CPUID 7 (subleaf 0), EBX   word 5  CPUID 0x80000001, ECX
 *   word 6  defined by the kernel itself
 *
 * Used from C and from assembly (ALTERNATIVE in .S files), so only numbers
 * outside the __ASSEMBLER__ part.
 */
#ifndef _ASM_CPUFEATURE_H
#define _ASM_CPUFEATURE_H

#define NCAPINTS		7

/* CPUID 1, EDX */
#define X86_FEATURE_FPU		(0 * 32 + 0)
#define X86_FEATURE_TSC		(0 * 32 + 4)
#define X86_FEATURE_MSR		(0 * 32 + 5)
#define X86_FEATURE_PAE		(0 * 32 + 6)
#define X86_FEATURE_CX8		(0 * 32 + 8)
#define X86_FEATURE_APIC	(0 * 32 + 9)
#define X86_FEATURE_PGE		(0 * 32 + 13)
#define X86_FEATURE_CMOV	(0 * 32 + 15)
#define X86_FEATURE_PAT		(0 * 32 + 16)
#define X86_FEATURE_CLFLUSH	(0 * 32 + 19)
#define X86_FEATURE_XMM		(0 * 32 + 25)	/* SSE */
#define X86_FEATURE_XMM2	(0 * 32 + 26)	/* SSE2 */
/* CPUID 1, ECX */
#define X86_FEATURE_XMM3	(1 * 32 + 0)	/* SSE3 */
#define X86_FEATURE_SSSE3	(1 * 32 + 9)
#define X86_FEATURE_CX16	(1 * 32 + 13)
#define X86_FEATURE_XMM4_1	(1 * 32 + 19)	/* SSE4.1 */
#define X86_FEATURE_XMM4_2	(1 * 32 + 20)	/* SSE4.2: the crc32 instruction */
#define X86_FEATURE_X2APIC	(1 * 32 + 21)
#define X86_FEATURE_MOVBE	(1 * 32 + 22)
#define X86_FEATURE_POPCNT	(1 * 32 + 23)
#define X86_FEATURE_AES		(1 * 32 + 25)
#define X86_FEATURE_XSAVE	(1 * 32 + 26)
#define X86_FEATURE_AVX		(1 * 32 + 28)
#define X86_FEATURE_RDRAND	(1 * 32 + 30)
#define X86_FEATURE_HYPERVISOR	(1 * 32 + 31)
/* CPUID 7, EBX */
#define X86_FEATURE_FSGSBASE	(2 * 32 + 0)
#define X86_FEATURE_BMI1	(2 * 32 + 3)
#define X86_FEATURE_SMEP	(2 * 32 + 7)
#define X86_FEATURE_BMI2	(2 * 32 + 8)
#define X86_FEATURE_ERMS	(2 * 32 + 9)	/* fast rep movsb/stosb */
#define X86_FEATURE_INVPCID	(2 * 32 + 10)
#define X86_FEATURE_RDSEED	(2 * 32 + 18)
#define X86_FEATURE_SMAP	(2 * 32 + 20)	/* stac/clac */
#define X86_FEATURE_CLFLUSHOPT	(2 * 32 + 23)
/* CPUID 7, ECX */
#define X86_FEATURE_UMIP	(3 * 32 + 2)
#define X86_FEATURE_PKU		(3 * 32 + 3)
#define X86_FEATURE_LA57	(3 * 32 + 16)
#define X86_FEATURE_RDPID	(3 * 32 + 22)
/* CPUID 0x80000001, EDX */
#define X86_FEATURE_SYSCALL	(4 * 32 + 11)
#define X86_FEATURE_NX		(4 * 32 + 20)
#define X86_FEATURE_GBPAGES	(4 * 32 + 26)
#define X86_FEATURE_RDTSCP	(4 * 32 + 27)
#define X86_FEATURE_LM		(4 * 32 + 29)
/* CPUID 0x80000001, ECX */
#define X86_FEATURE_LAHF_LM	(5 * 32 + 0)
#define X86_FEATURE_ABM		(5 * 32 + 5)	/* lzcnt */
/* The kernel's own */
#define X86_FEATURE_ALWAYS	(6 * 32 + 0)	/* every CPU: patch unconditionally */

#ifndef __ASSEMBLER__

#include <kernel/types.h>

struct cpuid_regs {
	u32 eax, ebx, ecx, edx;
};

/* The cpuid instruction: leaf in EAX, subleaf in ECX; it also serialises the CPU. */
static inline struct cpuid_regs cpuid_count(u32 leaf, u32 subleaf)
{
	struct cpuid_regs r;

	__asm__ __volatile__("cpuid"
			     : "=a"(r.eax), "=b"(r.ebx), "=c"(r.ecx), "=d"(r.edx)
			     : "a"(leaf), "c"(subleaf)
			     : "memory");
	return r;
}

#endif

#endif
