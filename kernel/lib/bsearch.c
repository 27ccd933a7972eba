/*
 * Binary search (see include/kernel/bsearch.h). The answer, if there is
 * one, always lies in [low, high); each comparison halves that range.
 */
#include <kernel/bsearch.h>

void *bsearch(const void *key, const void *base, size_t num, size_t size,
	      int (*cmp)(const void *key, const void *elt))
{
	size_t low = 0, high = num;

	while (low < high) {
		/* Not (low + high) / 2: that sum could overflow. */
		size_t mid = low + (high - low) / 2;
		const char *elt = (const char *)base + mid * size;
		int result = cmp(key, elt);

		if (result == 0)
			return (void *)elt;
		if (result < 0)
			high = mid;
		else
			low = mid + 1;
	}
	return NULL;
}
