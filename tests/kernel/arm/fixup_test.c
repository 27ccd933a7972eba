/*
 * The "fixup" suite (ARM): what a fixup does to the interrupted code, seen
 * from inside one asm block. A load from NULL is listed in __ex_table with
 * a fixup label after a marker store: the marker must stay unset (the
 * instruction after the faulting one never ran) and callee-saved registers
 * loaded with known values before the fault must hold them after it.
 */
#include <kernel/ktest.h>
#include <asm/extable.h>

static void fixup_skips_to_label_and_preserves_registers(struct ktest *t)
{
	unsigned long out[3];

	__asm__ __volatile__("mov r4, #0x44\n\t"
			     "mov r5, #0x55\n\t"
			     "mov r6, #0\n\t"
			     "mov r3, #0\n"
			     "1:	ldr r3, [r3]\n\t"
			     "mov r6, #1\n"
			     "2:\n\t"
			     "str r4, [%[out]]\n\t"
			     "str r5, [%[out], #4]\n\t"
			     "str r6, [%[out], #8]\n"
			     _ASM_EXTABLE(1b, 2b)
			     : : [out] "r"(out) : "r3", "r4", "r5", "r6", "memory");
	KTEST_EXPECT_EQ(t, out[2], 0);
	KTEST_EXPECT_EQ(t, out[0], 0x44);
	KTEST_EXPECT_EQ(t, out[1], 0x55);
}

static const struct ktest_case fixup_cases[] = {
	KTEST_CASE(fixup_skips_to_label_and_preserves_registers),
	{}
};

static const struct ktest_suite fixup_suite = { "fixup", fixup_cases };
ktest_suite(fixup_suite);
