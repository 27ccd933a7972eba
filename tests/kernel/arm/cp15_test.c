/*
 * The "cp15" suite (ARM): read_cp15_safe() reads a register the CPU has
 * and turns the undefined-instruction trap of one it lacks into -EFAULT
 * through __ex_table, with the value zeroed and execution going on.
 */
#include <asm/sysreg.h>
#include <kernel/errno.h>
#include <kernel/ktest.h>

static void midr_reads_like_plain_mrc(struct ktest *t)
{
	unsigned long safe = 0, plain;

	__asm__ __volatile__("mrc p15, 0, %0, c0, c0, 0" : "=r"(plain));
	KTEST_EXPECT_EQ(t, read_cp15_safe(0, c0, c0, 0, &safe), 0);
	KTEST_EXPECT_EQ(t, safe, plain);
	KTEST_EXPECT_EQ(t, safe >> 24, 0x41);	/* implementer: ARM */
}

/* CP15 c11 (ARMv6's TCM DMA space) is implemented by none of QEMU's v7 cores. */
static void unimplemented_register_faults(struct ktest *t)
{
	unsigned long val = 0xdeadbeef;
	long err = read_cp15_safe(0, c11, c0, 0, &val);

	KTEST_EXPECT_EQ(t, err, -EFAULT);
	KTEST_EXPECT_EQ(t, val, 0);
}

static const struct ktest_case cp15_cases[] = {
	KTEST_CASE(midr_reads_like_plain_mrc),
	KTEST_CASE(unimplemented_register_faults),
	{}
};

static const struct ktest_suite cp15_suite = { "cp15", cp15_cases };
ktest_suite(cp15_suite);
