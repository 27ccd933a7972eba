/*
 * Copying to and from user memory (the contract: include/kernel/uaccess.h).
 *
 * Each function checks the range with access_ok(), so that a program
 * cannot name kernel memory, then leaves the copy to the arch's primitive,
 * whose faulting instruction has an __ex_table entry: a hole in the user's
 * range (an unmapped page, a read-only page written) ends the copy early
 * and says how far it got.
 */
#include <asm/processor.h>
#include <kernel/export.h>
#include <kernel/string.h>
#include <kernel/uaccess.h>

unsigned long copy_from_user(void *to, const void __user *from, unsigned long n)
{
	unsigned long left = n;

	if (access_ok(from, n))
		left = raw_copy_from_user(to, from, n);
	/* Never leave the caller's buffer half stale: zero what was not copied. */
	if (left)
		memset((char *)to + (n - left), 0, left);
	return left;
}
EXPORT_SYMBOL(copy_from_user);

unsigned long copy_to_user(void __user *to, const void *from, unsigned long n)
{
	if (!access_ok(to, n))
		return n;
	return raw_copy_to_user(to, from, n);
}
EXPORT_SYMBOL(copy_to_user);

unsigned long clear_user(void __user *to, unsigned long n)
{
	if (!access_ok(to, n))
		return n;
	return __clear_user(to, n);
}
EXPORT_SYMBOL(clear_user);

/* Byte by byte: a string may end on any page, and the bytes past its NUL are not ours to read. */
long strncpy_from_user(char *dst, const char __user *src, long count)
{
	for (long i = 0; i < count; i++) {
		u8 c;

		if (!access_ok(src + i, 1) || __get_user_1(src + i, &c))
			return -EFAULT;
		dst[i] = c;
		if (!c)
			return i;
	}
	return count;
}
EXPORT_SYMBOL(strncpy_from_user);
