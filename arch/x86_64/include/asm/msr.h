/*
 * Model-specific registers (their numbers: asm/msr-index.h). rdmsr/wrmsr
 * of an MSR the CPU does not have raise #GP; the _safe forms list the
 * instruction in __ex_table so that the fault becomes -EFAULT (in rsi)
 * instead of an oops. The plain forms are for the MSRs every x86_64 CPU
 * has (EFER, GS_BASE, APIC_BASE), and for __init code, which an
 * __ex_table entry may not point into (scripts/checksections).
 */
#ifndef _ASM_MSR_H
#define _ASM_MSR_H

#include <asm/extable.h>
#include <asm/msr-index.h>
#include <kernel/types.h>

static inline u64 native_read_msr(u32 msr)
{
	u32 lo, hi;

	__asm__ __volatile__("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((u64)hi << 32) | lo;
}

static inline void native_write_msr(u32 msr, u64 val)
{
	__asm__ __volatile__("wrmsr" : : "c"(msr), "a"((u32)val), "d"((u32)(val >> 32))
			     : "memory");
}

static inline int rdmsr_safe(u32 msr, u64 *val)
{
	long err = 0;
	u32 lo, hi;

	__asm__ __volatile__("1:	rdmsr\n"
			     "2:\n"
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_REG, EX_REG_SI, 0)
			     : "+S"(err), "=a"(lo), "=d"(hi)
			     : "c"(msr));
	*val = err ? 0 : ((u64)hi << 32) | lo;
	return err;
}

static inline int wrmsr_safe(u32 msr, u64 val)
{
	long err = 0;

	__asm__ __volatile__("1:	wrmsr\n"
			     "2:\n"
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_REG, EX_REG_SI, 0)
			     : "+S"(err)
			     : "c"(msr), "a"((u32)val), "d"((u32)(val >> 32))
			     : "memory");
	return err;
}

#endif
