/*
 * The "fixup" suite (x86_64): what a fixup does to the interrupted code,
 * seen from inside one asm block. A load from NULL is listed in __ex_table
 * with a fixup label after a marker store: the marker must stay unset (the
 * instruction after the faulting one never ran) and callee-saved registers
 * loaded with known values before the fault must hold them after it.
 */
#include <kernel/ktest.h>
#include <asm/extable.h>

static void fixup_skips_to_label_and_preserves_registers(struct ktest *t)
{
	unsigned long marker, rbx, r12, r15;

	__asm__ __volatile__("movq $0, %[marker]\n\t"
			     "movq $0x1111, %%rbx\n\t"
			     "movq $0x1212, %%r12\n\t"
			     "movq $0x1515, %%r15\n\t"
			     "xorl %%eax, %%eax\n"
			     "1:	movq (%%rax), %%rax\n\t"
			     "movq $1, %[marker]\n"
			     "2:\n\t"
			     "movq %%rbx, %[rbx]\n\t"
			     "movq %%r12, %[r12]\n\t"
			     "movq %%r15, %[r15]\n"
			     _ASM_EXTABLE(1b, 2b)
			     : [marker] "=&m"(marker), [rbx] "=m"(rbx), [r12] "=m"(r12),
			       [r15] "=m"(r15)
			     : : "rax", "rbx", "r12", "r15", "memory");
	KTEST_EXPECT_EQ(t, marker, 0);
	KTEST_EXPECT_EQ(t, rbx, 0x1111);
	KTEST_EXPECT_EQ(t, r12, 0x1212);
	KTEST_EXPECT_EQ(t, r15, 0x1515);
}

static const struct ktest_case fixup_cases[] = {
	KTEST_CASE(fixup_skips_to_label_and_preserves_registers),
	{}
};

static const struct ktest_suite fixup_suite = { "fixup", fixup_cases };
ktest_suite(fixup_suite);
