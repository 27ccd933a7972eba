/*
 * The "msr" suite (x86_64): rdmsr_safe()/wrmsr_safe() turn a #GP into an
 * error through __ex_table, and succeed on an MSR every x86_64 CPU has.
 *
 * QEMU's TCG (7.2) raises no #GP for rdmsr of an unknown MSR: it returns 0.
 * So the read of a missing MSR is skipped there, and the read's recovery
 * is proven without the CPU: the registers it would fault with, at
 * rdmsr_safe()'s rdmsr, go to fixup_exception(), which must resume after
 * the instruction with -EFAULT in the error register, as a real #GP would.
 * The write's recovery QEMU does raise, as real CPUs do: reserved bits in
 * IA32_PKRS.
 */
#include <asm/msr.h>
#include <kernel/errno.h>
#include <kernel/extable.h>
#include <kernel/ktest.h>

#define MSR_EFER		0xc0000080
#define EFER_LME		(1 << 8)
#define MSR_NONEXISTENT		0x12345678
#define MSR_IA32_PKRS		0x6e1

static void rdmsr_safe_of_missing_msr_fails(struct ktest *t)
{
	u64 val = ~0ull;
	int err = rdmsr_safe(MSR_NONEXISTENT, &val);

	if (err == 0 && val == 0) {
		ktest_skip(t, "this CPU (QEMU TCG) reads unknown MSRs as 0 without #GP");
		return;
	}
	KTEST_EXPECT_EQ(t, err, -EFAULT);
	KTEST_EXPECT_EQ(t, val, 0);
}

/* Out of line, so that its rdmsr and that instruction's __ex_table entry can be found. */
static __noinline int read_msr(u32 msr, u64 *val)
{
	return rdmsr_safe(msr, val);
}

static void rdmsr_safe_fixup_resumes_with_efault(struct ktest *t)
{
	const u8 *code = (const u8 *)read_msr, *rdmsr = NULL;
	struct pt_regs regs = {};

	for (const u8 *p = code; p < code + 64 && !rdmsr; p++)
		if (p[0] == 0x0f && p[1] == 0x32 && search_exception_tables((unsigned long)p))
			rdmsr = p;
	KTEST_ASSERT_TRUE(t, rdmsr != NULL);
	regs.rip = (unsigned long)rdmsr;
	KTEST_ASSERT_TRUE(t, fixup_exception(&regs));
	KTEST_EXPECT_EQ(t, regs.rip, (unsigned long)rdmsr + 2);
	KTEST_EXPECT_EQ(t, (long)regs.rsi, -EFAULT);
}

static void wrmsr_safe_of_reserved_bits_fails(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, wrmsr_safe(MSR_IA32_PKRS, 1ull << 32), -EFAULT);
}

static void rdmsr_safe_of_efer_works(struct ktest *t)
{
	u64 efer = 0;

	KTEST_EXPECT_EQ(t, rdmsr_safe(MSR_EFER, &efer), 0);
	KTEST_EXPECT_TRUE(t, efer & EFER_LME);	/* we are in long mode */
}

static const struct ktest_case msr_cases[] = {
	KTEST_CASE(rdmsr_safe_of_missing_msr_fails),
	KTEST_CASE(rdmsr_safe_fixup_resumes_with_efault),
	KTEST_CASE(wrmsr_safe_of_reserved_bits_fails),
	KTEST_CASE(rdmsr_safe_of_efer_works),
	{}
};

static const struct ktest_suite msr_suite = { "msr", msr_cases };
ktest_suite(msr_suite);
