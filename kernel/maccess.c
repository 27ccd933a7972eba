/*
 * copy_from_kernel_nofault() and copy_to_kernel_nofault(): word at a time
 * where both sides are aligned, byte at a time elsewhere, each access one
 * arch instruction listed in __ex_table (asm/maccess.h).
 */
#include <asm/maccess.h>
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <kernel/export.h>
#include <kernel/maccess.h>
#include <kernel/string.h>

static bool word_aligned(const void *a, const void *b)
{
	return IS_ALIGNED((unsigned long)a | (unsigned long)b, sizeof(long));
}

long copy_from_kernel_nofault(void *dst, const void *src, size_t size)
{
	u8 *d = dst;
	const u8 *s = src;

	while (size) {
		size_t step = size >= sizeof(long) && word_aligned(d, s) ? sizeof(long) : 1;
		long err = step == 1 ? arch_get_kernel_nofault_u8(d, s)
				     : arch_get_kernel_nofault_long((unsigned long *)d, s);

		if (err) {
			memset(d, 0, size);
			return -EFAULT;
		}
		d += step;
		s += step;
		size -= step;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(copy_from_kernel_nofault);

long copy_to_kernel_nofault(void *dst, const void *src, size_t size)
{
	u8 *d = dst;
	const u8 *s = src;

	while (size) {
		size_t step = size >= sizeof(long) && word_aligned(d, s) ? sizeof(long) : 1;
		long err = step == 1 ? arch_put_kernel_nofault_u8(d, *s)
				     : arch_put_kernel_nofault_long(d, *(const unsigned long *)s);

		if (err)
			return -EFAULT;
		d += step;
		s += step;
		size -= step;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(copy_to_kernel_nofault);
