/*
 * The "x86_smap" suite: with CR4.SMAP set, the kernel's own loads from
 * a user page fault unless they sit inside a stac/clac window. A plain load
 * listed in __ex_table (a test-only entry, not a uaccess one: it is not
 * counted) shows both sides without an oops: -EFAULT outside the window,
 * the value inside it. On a CPU without SMAP the case says it skips. (SMEP,
 * the same for instruction fetches, cannot be recovered this way: the
 * fault is at the user address, which no __ex_table entry can name;
 * tests/matrix has it as crash=uexec.)
 */
#include <asm/extable.h>
#include <asm/smap.h>
#include <asm/special_insns.h>
#include <kernel/errno.h>
#include <kernel/extable.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/mmu_context.h>
#include <kernel/sched.h>

#define USER_PAGE	0x400000UL
#define X86_CR4_SMAP	(1ul << 21)	/* what traps.c sets when the CPU has SMAP */

/* One load, -EFAULT in err if it faults. */
static long raw_read(unsigned long addr, unsigned long *val)
{
	long err = 0;
	unsigned long v = 0;

	__asm__ __volatile__("1:	movq (%[addr]), %[val]\n"
			     "2:\n"
			     _ASM_EXTABLE_TYPE_REG(1b, 2b, EX_TYPE_EFAULT_REG, EX_REG_AX, 0)
			     : "+a"(err), [val] "+d"(v)
			     : [addr] "r"(addr)
			     : "memory");
	*val = v;
	return err;
}

static void kernel_load_from_user_page_faults(struct ktest *t)
{
	struct mm_struct *mm;
	unsigned long fixups, val = 0;
	void *page;

	if (!(read_cr4() & X86_CR4_SMAP)) {
		ktest_skip(t, "SMAP is off (not on this CPU, or noalternatives)");
		return;
	}
	mm = mm_alloc();
	KTEST_ASSERT_TRUE(t, mm != NULL);
	KTEST_ASSERT_EQ(t, vm_map_anon(mm, USER_PAGE, PAGE_SIZE, VM_READ), 0);
	page = mm_page_address(mm, USER_PAGE);
	KTEST_ASSERT_TRUE(t, page != NULL);
	*(unsigned long *)page = 0x5a5a;
	current->mm = mm;
	switch_mm(mm->pgd);
	fixups = uaccess_fixup_count();

	KTEST_EXPECT_EQ(t, raw_read(USER_PAGE, &val), -EFAULT);
	stac();
	KTEST_EXPECT_EQ(t, raw_read(USER_PAGE, &val), 0);
	clac();
	KTEST_EXPECT_EQ(t, val, 0x5a5a);
	KTEST_EXPECT_EQ(t, uaccess_fixup_count(), fixups);

	current->mm = NULL;
	switch_mm(NULL);
	mmput(mm);
}

static const struct ktest_case smap_cases[] = {
	KTEST_CASE(kernel_load_from_user_page_faults),
	{}
};

static const struct ktest_suite smap_suite = { "x86_smap", smap_cases };
ktest_suite(smap_suite);
