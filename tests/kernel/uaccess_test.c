/*
 * The "uaccess" suite: the user-memory accessors (include/kernel/uaccess.h)
 * against a real user address space (tests/kernel/uaccess_mm.h): two
 * read-write pages at UBASE, a read-only page after them, nothing mapped
 * after that. Good ranges copy; NULL, kernel addresses and holes
 * fail without an oops, through an __ex_table fixup that is counted
 * (except where access_ok() already refuses); a range that runs off the
 * end of the mapping copies up to the end and says how much is left.
 * Every length and alignment against a hole: uaccess_edges_test.c.
 */
#include <kernel/extable.h>
#include <kernel/string.h>
#include <kernel/uaccess.h>

#include "uaccess_mm.h"

static void copy_good_ranges(struct ktest *t)
{
	struct mm_struct *mm = enter_user_mm(t);
	char in[64], out[64];

	if (!mm)
		return;
	for (int i = 0; i < 64; i++)
		out[i] = (char)(i * 7 + 1);
	/* Across the boundary of the two read-write pages. */
	KTEST_EXPECT_EQ(t, copy_to_user((void __user *)(UBASE + PAGE_SIZE - 32), out, 64), 0);
	KTEST_EXPECT_EQ(t, *kernel_view(mm, UBASE + PAGE_SIZE + 31), (u8)out[63]);
	KTEST_EXPECT_EQ(t, copy_from_user(in, (const void __user *)(UBASE + PAGE_SIZE - 32), 64), 0);
	KTEST_EXPECT_TRUE(t, !memcmp(in, out, 64));
	KTEST_EXPECT_EQ(t, copy_from_user(in, (const void __user *)URO, 64), 0);
	leave_user_mm(mm);
}

static void copy_bad_ranges_fail_and_zero(struct ktest *t)
{
	struct mm_struct *mm = enter_user_mm(t);
	static char kernel_data[16] = "kernel secret";
	unsigned long fixups;
	char buf[32];

	if (!mm)
		return;
	fixups = uaccess_fixup_count();
	memset(buf, 'x', sizeof(buf));
	KTEST_EXPECT_EQ(t, copy_from_user(buf, NULL, 32), 32);
	KTEST_EXPECT_EQ(t, buf[0], 0);
	KTEST_EXPECT_EQ(t, buf[31], 0);
	KTEST_EXPECT_EQ(t, uaccess_fixup_count(), fixups + 1);
	/* A kernel address: access_ok() refuses it before any access, so no fixup. */
	KTEST_EXPECT_EQ(t, copy_from_user(buf, (const void __user *)kernel_data, 16), 16);
	KTEST_EXPECT_EQ(t, copy_to_user((void __user *)kernel_data, "overwritten", 12), 12);
	KTEST_EXPECT_STREQ(t, kernel_data, "kernel secret");
	KTEST_EXPECT_EQ(t, uaccess_fixup_count(), fixups + 1);
	/* A hole, and a write to the read-only page. */
	KTEST_EXPECT_EQ(t, copy_from_user(buf, (const void __user *)UHOLE, 8), 8);
	KTEST_EXPECT_EQ(t, copy_to_user((void __user *)URO, "no", 3), 3);
	KTEST_EXPECT_EQ(t, *kernel_view(mm, URO), 0);
	KTEST_EXPECT_EQ(t, uaccess_fixup_count(), fixups + 3);
	leave_user_mm(mm);
}

static void copy_straddling_the_end_of_the_mapping(struct ktest *t)
{
	struct mm_struct *mm = enter_user_mm(t);
	char buf[32];

	if (!mm)
		return;
	/* The last 10 bytes of the read-only page, then the hole. */
	memset(kernel_view(mm, UHOLE - 10), 'u', 10);
	memset(buf, 'x', sizeof(buf));
	KTEST_EXPECT_EQ(t, copy_from_user(buf, (const void __user *)(UHOLE - 10), 30), 20);
	KTEST_EXPECT_EQ(t, buf[9], 'u');
	KTEST_EXPECT_EQ(t, buf[10], 0);
	KTEST_EXPECT_EQ(t, buf[29], 0);
	KTEST_EXPECT_EQ(t, buf[30], 'x');
	/* Writing from the last 10 writable bytes into the read-only page. */
	KTEST_EXPECT_EQ(t, copy_to_user((void __user *)(URO - 10), "0123456789abcdef", 16), 6);
	KTEST_EXPECT_EQ(t, *kernel_view(mm, URO - 1), '9');
	KTEST_EXPECT_EQ(t, clear_user((void __user *)(URO - 10), 16), 6);
	KTEST_EXPECT_EQ(t, *kernel_view(mm, URO - 10), 0);
	KTEST_EXPECT_EQ(t, *kernel_view(mm, URO - 1), 0);
	KTEST_EXPECT_EQ(t, clear_user((void __user *)UBASE, 2 * PAGE_SIZE), 0);
	leave_user_mm(mm);
}

static void get_and_put_user(struct ktest *t)
{
	struct mm_struct *mm = enter_user_mm(t);
	u64 __user *q = (u64 __user *)(UBASE + 8);
	u16 __user *w = (u16 __user *)(UBASE + 2);
	u8 __user *b = (u8 __user *)UBASE;
	u32 __user *ro = (u32 __user *)URO;
	unsigned long fixups;
	u64 v64 = 1;
	u16 v16 = 1;
	u8 v8 = 1;
	u32 v32 = 1;

	if (!mm)
		return;
	KTEST_EXPECT_EQ(t, put_user(0x1122334455667788ULL, q), 0);
	KTEST_EXPECT_EQ(t, put_user(0xbeef, w), 0);
	KTEST_EXPECT_EQ(t, put_user(0x5a, b), 0);
	KTEST_EXPECT_EQ(t, get_user(v64, q), 0);
	KTEST_EXPECT_EQ(t, v64, 0x1122334455667788ULL);
	KTEST_EXPECT_EQ(t, get_user(v16, w), 0);
	KTEST_EXPECT_EQ(t, v16, 0xbeef);
	KTEST_EXPECT_EQ(t, get_user(v8, b), 0);
	KTEST_EXPECT_EQ(t, v8, 0x5a);
	KTEST_EXPECT_EQ(t, get_user(v32, ro), 0);
	KTEST_EXPECT_EQ(t, v32, 0);

	fixups = uaccess_fixup_count();
	v32 = 1;
	KTEST_EXPECT_EQ(t, put_user(7u, ro), -EFAULT);
	KTEST_EXPECT_EQ(t, get_user(v32, (u32 __user *)NULL), -EFAULT);
	KTEST_EXPECT_EQ(t, v32, 0);
	v64 = 1;
	KTEST_EXPECT_EQ(t, get_user(v64, (u64 __user *)UHOLE), -EFAULT);
	KTEST_EXPECT_EQ(t, v64, 0);
	KTEST_EXPECT_EQ(t, uaccess_fixup_count(), fixups + 3);
	/* The kernel's own memory: refused by access_ok(), untouched. */
	v64 = 5;
	KTEST_EXPECT_EQ(t, put_user(9ULL, (u64 __user *)&v64), -EFAULT);
	KTEST_EXPECT_EQ(t, v64, 5);
	KTEST_EXPECT_EQ(t, uaccess_fixup_count(), fixups + 3);
	leave_user_mm(mm);
}

static void strncpy_from_user_cases(struct ktest *t)
{
	struct mm_struct *mm = enter_user_mm(t);
	char buf[16];

	if (!mm)
		return;
	memcpy(kernel_view(mm, UBASE), "hello", 6);
	KTEST_EXPECT_EQ(t, strncpy_from_user(buf, (const char __user *)UBASE, sizeof(buf)), 5);
	KTEST_EXPECT_STREQ(t, buf, "hello");
	/* No NUL within count: count, and dst is not terminated (Linux's contract). */
	KTEST_EXPECT_EQ(t, strncpy_from_user(buf, (const char __user *)UBASE, 3), 3);
	/* A string that runs into the hole. */
	memset(kernel_view(mm, UHOLE - 4), 'z', 4);
	KTEST_EXPECT_EQ(t, strncpy_from_user(buf, (const char __user *)(UHOLE - 4), 16), -EFAULT);
	KTEST_EXPECT_EQ(t, strncpy_from_user(buf, NULL, 16), -EFAULT);
	KTEST_EXPECT_EQ(t, strncpy_from_user(buf, (const char __user *)"kernel", 16), -EFAULT);
	leave_user_mm(mm);
}

static void access_ok_bounds(struct ktest *t)
{
	KTEST_EXPECT_TRUE(t, access_ok((void __user *)0, 0));
	KTEST_EXPECT_TRUE(t, access_ok((void __user *)(TASK_SIZE - 1), 1));
	KTEST_EXPECT_TRUE(t, access_ok((void __user *)TASK_SIZE, 0));
	KTEST_EXPECT_FALSE(t, access_ok((void __user *)TASK_SIZE, 1));
	KTEST_EXPECT_FALSE(t, access_ok((void __user *)(TASK_SIZE - 4), 8));
	KTEST_EXPECT_FALSE(t, access_ok((void __user *)PAGE_SIZE, ~0UL));
	KTEST_EXPECT_FALSE(t, access_ok((void __user *)~0UL, 1));
	KTEST_EXPECT_FALSE(t, access_ok((void __user *)access_ok_bounds, 1));
}

/* An address space built and torn down gives every page back (after a warm-up for the slab). */
static void address_space_pages_come_back(struct ktest *t)
{
	struct mm_struct *mm = mm_alloc();
	unsigned long before;

	KTEST_ASSERT_TRUE(t, mm != NULL);
	mmput(mm);
	before = nr_free_pages();
	mm = mm_alloc();
	KTEST_ASSERT_TRUE(t, mm != NULL);
	KTEST_EXPECT_EQ(t, vm_map_anon(mm, UBASE, 3 * PAGE_SIZE, VM_READ | VM_WRITE), 0);
	KTEST_EXPECT_EQ(t, vm_map_anon(mm, TASK_SIZE - PAGE_SIZE, PAGE_SIZE,
				       VM_READ), 0);
	KTEST_EXPECT_EQ(t, vm_map_anon(mm, UBASE, PAGE_SIZE, VM_READ), -EEXIST);
	KTEST_EXPECT_EQ(t, vm_map_anon(mm, UHOLE + PAGE_SIZE, PAGE_SIZE, VM_WRITE | VM_EXEC),
			-EINVAL);
	KTEST_EXPECT_EQ(t, vm_map_anon(mm, TASK_SIZE - PAGE_SIZE, 2 * PAGE_SIZE, VM_READ), -EINVAL);
	/* Each page the zero page until written: a byte written into each gives it its own. */
	for (int i = 0; i < 4; i++)
		*kernel_view(mm, i < 3 ? UBASE + i * PAGE_SIZE : TASK_SIZE - PAGE_SIZE) = 1;
	KTEST_EXPECT_LT(t, nr_free_pages(), before - 4);
	mmput(mm);
	KTEST_EXPECT_EQ(t, nr_free_pages(), before);
}

static const struct ktest_case uaccess_cases[] = {
	KTEST_CASE(copy_good_ranges),
	KTEST_CASE(copy_bad_ranges_fail_and_zero),
	KTEST_CASE(copy_straddling_the_end_of_the_mapping),
	KTEST_CASE(get_and_put_user),
	KTEST_CASE(strncpy_from_user_cases),
	KTEST_CASE(access_ok_bounds),
	KTEST_CASE(address_space_pages_come_back),
	{}
};

static const struct ktest_suite uaccess_suite = { "uaccess", uaccess_cases };
ktest_suite(uaccess_suite);
