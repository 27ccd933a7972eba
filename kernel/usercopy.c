/*
 * Copying to and from user memory (the contract: include/kernel/uaccess.h).
 *
 * Each function checks the range with access_ok(), so that a program
 * cannot name kernel memory, then leaves the copy to the arch's primitive,
 * whose faulting instruction has an __ex_table entry: a hole in the user's
 * range (an unmapped page, a read-only page written) ends the copy early
 * and says how far it got. strncpy_from_user() has no primitive: it reads
 * words itself with unsafe_get_user(), in one user window.
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

/*
 * Whether a word holds a zero byte: subtracting 1 from each byte borrows
 * only out of a zero byte (the lowest one sets its top bit), and ~w drops
 * the bytes whose top bit was set already. Exact for "is there one";
 * which byte it is, the caller finds by looking.
 */
static inline bool has_zero(unsigned long w)
{
	const unsigned long ones = ~0UL / 0xff;		/* 0x01 in every byte */

	return (w - ones) & ~w & (ones << 7);
}

/*
 * The bytes of the user word w from byte `from` on, to dst + *i, until
 * limit or a NUL (copied too). Whether the NUL came.
 */
static inline bool copy_word_bytes(char *dst, unsigned long w, unsigned long from,
				   unsigned long *i, unsigned long limit)
{
	u8 b[sizeof(long)];

	__builtin_memcpy(b, &w, sizeof(w));		/* its bytes in memory order */
	for (; from < sizeof(long) && *i < limit; from++) {
		dst[*i] = b[from];
		if (!b[from])
			return true;
		++*i;
	}
	return false;
}

/*
 * A word at a time, reading only aligned words: an aligned word never
 * straddles a page, so the bytes of it before the string's start or past
 * its NUL are readable exactly when the string's own byte there is, and
 * reading them can fault only where a byte-by-byte copy would have. Only
 * the string's bytes (at most count) are written to dst. The user window
 * is opened once for the whole string, not once per byte.
 */
long strncpy_from_user(char *dst, const char __user *src, long count)
{
	unsigned long addr = (unsigned long)src;
	unsigned long skip = addr % sizeof(long);	/* bytes of the first word before src */
	const unsigned long __user *p = (const unsigned long __user *)(addr - skip);
	unsigned long limit = count;
	unsigned long i = 0, w;

	if (count <= 0)
		return 0;
	if (addr >= TASK_SIZE)
		return -EFAULT;
	/* The string may run to the end of user space and no further. */
	if (limit > TASK_SIZE - addr)
		limit = TASK_SIZE - addr;
	user_access_begin();
	/* The first word from src on, when src is not aligned. */
	if (skip) {
		unsafe_get_user(w, p++, efault);
		if (copy_word_bytes(dst, w, skip, &i, limit))
			goto nul;
	}
	/* Whole words below limit without a NUL: the loop that matters. */
	while (limit - i >= sizeof(long)) {
		unsafe_get_user(w, p, efault);
		if (has_zero(w))
			break;
		__builtin_memcpy(dst + i, &w, sizeof(w));
		p++;
		i += sizeof(long);
	}
	/* The word with the NUL, or the last bytes before limit. */
	if (i < limit) {
		unsafe_get_user(w, p, efault);
		if (copy_word_bytes(dst, w, 0, &i, limit))
			goto nul;
	}
	user_access_end();
	/* No NUL: count bytes copied, or the end of user space came first. */
	return limit == (unsigned long)count ? count : -EFAULT;

nul:
	user_access_end();
	return i;

efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL(strncpy_from_user);
