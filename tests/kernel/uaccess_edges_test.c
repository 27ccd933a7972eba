/*
 * The "uaccess_edges" suite: the user-copy loops at every edge where a
 * faster loop could go wrong, against a hole (tests/kernel/uaccess_mm.h).
 *
 * strncpy_from_user() reads whole aligned words and copy_from_user() and
 * friends move 32-byte blocks; both must still behave exactly as a byte
 * loop would: find a NUL in the last word before an unmapped page without
 * touching the page, never write past count, say exactly how many bytes a
 * copy into a hole did not do, and zero exactly those. Each case walks
 * every length and alignment that takes a different path, and stops at
 * the first wrong result, saying which.
 */
#include <kernel/extable.h>
#include <kernel/string.h>
#include <kernel/uaccess.h>

#include "uaccess_mm.h"

/* A user byte that is never 0 and differs between neighbours: no string ends early. */
static u8 pattern(unsigned long va)
{
	return (u8)(va % 251 + 1);
}

static bool all_bytes(const u8 *p, u8 c, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		if (p[i] != c)
			return false;
	return true;
}

/*
 * Every string length 0..2 words at every offset in a word, with every
 * count up to and past the NUL: the result, the bytes, and a canary just
 * past what may be written (count bytes, or the string and its NUL).
 */
static void strncpy_from_user_word_edges(struct ktest *t)
{
	struct mm_struct *mm = enter_user_mm(t);
	const unsigned long w = sizeof(long);
	char buf[4 * sizeof(long)];
	u8 *u;

	if (!mm)
		return;
	u = kernel_view(mm, UBASE);
	for (unsigned long off = 0; off < w; off++) {
		for (unsigned long len = 0; len <= 2 * w; len++) {
			const char __user *src = (const char __user *)(UBASE + off);

			for (unsigned long i = 0; i < len; i++)
				u[off + i] = pattern(UBASE + off + i);
			u[off + len] = 0;
			u[off + len + 1] = 'y';		/* past the NUL: never copied */
			for (unsigned long count = 0; count <= len + 2; count++) {
				unsigned long want = count <= len ? count : len;
				unsigned long written = count <= len ? count : len + 1;
				long got;

				memset(buf, 'x', sizeof(buf));
				got = strncpy_from_user(buf, src, count);
				if (got != (long)want || memcmp(buf, u + off, written) ||
				    buf[written] != 'x') {
					ktest_fail(t, __FILE__, __LINE__,
						   "offset %lu, length %lu, count %lu: got %ld",
						   off, len, count, got);
					goto out;
				}
			}
		}
	}
out:
	leave_user_mm(mm);
}

/*
 * Strings that end at an unmapped page: a NUL at every place in the last
 * two words before it is found without a fault (a whole aligned word never
 * reaches the hole), a count that ends at the hole is no fault either, and
 * no NUL is -EFAULT. A string that runs into the end of user space is
 * -EFAULT too, without a fault: nothing past TASK_SIZE is read.
 */
static void strncpy_from_user_up_to_a_hole(struct ktest *t)
{
	struct mm_struct *mm = enter_user_mm(t);
	const unsigned long w = sizeof(long), top = TASK_SIZE - PAGE_SIZE;
	char buf[4 * sizeof(long)];
	unsigned long fixups;
	u8 *ro;

	if (!mm)
		return;
	ro = kernel_view(mm, URO);
	fixups = uaccess_fixup_count();
	for (unsigned long k = 1; k <= 2 * w + 1; k++) {
		const char __user *src = (const char __user *)(UHOLE - k);

		for (unsigned long i = 0; i < k; i++)
			ro[PAGE_SIZE - k + i] = pattern(UHOLE - k + i);
		KTEST_EXPECT_EQ(t, strncpy_from_user(buf, src, k), (long)k);
		for (unsigned long nul = 0; nul < k; nul++) {
			ro[PAGE_SIZE - k + nul] = 0;
			KTEST_EXPECT_EQ(t, strncpy_from_user(buf, src, sizeof(buf)), (long)nul);
			ro[PAGE_SIZE - k + nul] = pattern(UHOLE - k + nul);
		}
	}
	KTEST_EXPECT_EQ(t, uaccess_fixup_count(), fixups);
	for (unsigned long k = 0; k <= 2 * w + 1; k++)
		KTEST_EXPECT_EQ(t, strncpy_from_user(buf, (const char __user *)(UHOLE - k),
						     sizeof(buf)), -EFAULT);
	KTEST_EXPECT_EQ(t, uaccess_fixup_count(), fixups + 2 * w + 2);

	/* The last page of user space, all 'e', then TASK_SIZE. */
	if (vm_map_anon(mm, top, PAGE_SIZE, VM_READ)) {
		ktest_fail(t, __FILE__, __LINE__, "vm_map_anon at TASK_SIZE - PAGE_SIZE failed");
		goto out;
	}
	memset(kernel_view(mm, top), 'e', PAGE_SIZE);
	fixups = uaccess_fixup_count();
	KTEST_EXPECT_EQ(t, strncpy_from_user(buf, (const char __user *)(TASK_SIZE - 5), 5), 5);
	KTEST_EXPECT_EQ(t, strncpy_from_user(buf, (const char __user *)(TASK_SIZE - 5), 6), -EFAULT);
	*kernel_view(mm, TASK_SIZE - 1) = 0;
	KTEST_EXPECT_EQ(t, strncpy_from_user(buf, (const char __user *)(TASK_SIZE - 5), 6), 4);
	KTEST_EXPECT_EQ(t, uaccess_fixup_count(), fixups);
out:
	leave_user_mm(mm);
}

#define COPY_MAX	80

/*
 * Copies of the last k bytes before a hole, every k up to COPY_MAX (so
 * every alignment of the user pointer against 32-byte blocks, and every
 * split into bytes, words and blocks), from a kernel buffer at offset 0
 * and 1 (as k varies, the two pointers are word-aligned to each other or
 * off by 1, 2 or 3): up to the hole (all done), and 5 bytes into it
 * (exactly 5 not done). From
 * user: the k bytes arrive, the 5 are zeroed, nothing around is touched.
 * To user and clear (the read-only page is the hole): the k bytes land,
 * the byte before them is untouched.
 */
static void copy_up_to_a_hole(struct ktest *t)
{
	struct mm_struct *mm = enter_user_mm(t);
	u8 buf[COPY_MAX + 16], src[COPY_MAX + 16];
	u8 *ro, *rw;

	if (!mm)
		return;
	ro = kernel_view(mm, URO) + PAGE_SIZE;		/* ends at UHOLE */
	rw = kernel_view(mm, UBASE + PAGE_SIZE) + PAGE_SIZE;	/* ends at URO */
	for (unsigned long i = 1; i <= COPY_MAX; i++)
		ro[-i] = pattern(UHOLE - i);
	for (unsigned long i = 0; i < sizeof(src); i++)
		src[i] = pattern(3 * i);
	for (unsigned long k = 0; k <= COPY_MAX; k++) {
		for (unsigned long ka = 0; ka < 2; ka++) {
			for (unsigned long extra = 0; extra <= 5; extra += 5) {
				unsigned long n = k + extra, left;
				bool ok;

				memset(buf, 'x', sizeof(buf));
				left = copy_from_user(buf + ka, (const void __user *)(UHOLE - k), n);
				ok = left == extra && !memcmp(buf + ka, ro - k, k) &&
				     all_bytes(buf + ka + k, 0, extra) &&
				     all_bytes(buf, 'x', ka) && buf[ka + n] == 'x';
				memset(rw - k - 1, 'x', k + 1);
				left = copy_to_user((void __user *)(URO - k), src + ka, n);
				ok = ok && left == extra && !memcmp(rw - k, src + ka, k) &&
				     rw[-(long)k - 1] == 'x';
				left = clear_user((void __user *)(URO - k), n);
				ok = ok && left == extra && all_bytes(rw - k, 0, k) &&
				     rw[-(long)k - 1] == 'x';
				if (!ok) {
					ktest_fail(t, __FILE__, __LINE__,
						   "%lu bytes before the hole, kernel offset %lu, n %lu",
						   k, ka, n);
					goto out;
				}
			}
		}
	}
out:
	leave_user_mm(mm);
}

static const struct ktest_case uaccess_edges_cases[] = {
	KTEST_CASE(strncpy_from_user_word_edges),
	KTEST_CASE(strncpy_from_user_up_to_a_hole),
	KTEST_CASE(copy_up_to_a_hole),
	{}
};

static const struct ktest_suite uaccess_edges_suite = { "uaccess_edges", uaccess_edges_cases };
ktest_suite(uaccess_edges_suite);
