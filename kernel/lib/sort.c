/*
 * Heapsort (see include/kernel/sort.h).
 *
 * The array is first arranged as a max-heap: element i is never smaller
 * than its children 2i+1 and 2i+2. Then, again and again, the root (the
 * largest element left) is swapped to the end of the unsorted part, and the
 * element that took its place sinks back down to restore the heap.
 */
#include <kernel/sort.h>

typedef int (*cmp_func_t)(const void *, const void *);
typedef void (*swap_func_t)(void *, void *, int size);

static void swap_bytes(void *a, void *b, int size)
{
	unsigned char *x = a, *y = b, tmp;

	while (size--) {
		tmp = *x;
		*x++ = *y;
		*y++ = tmp;
	}
}

/* Let element i sink until neither child of it (within the first n) is larger. */
static void sift_down(char *base, size_t i, size_t n, size_t size, cmp_func_t cmp,
		      swap_func_t swap)
{
	size_t child;

	while ((child = 2 * i + 1) < n) {
		if (child + 1 < n && cmp(base + child * size, base + (child + 1) * size) < 0)
			child++;
		if (cmp(base + i * size, base + child * size) >= 0)
			return;
		swap(base + i * size, base + child * size, size);
		i = child;
	}
}

void sort(void *base, size_t num, size_t size, cmp_func_t cmp, swap_func_t swap)
{
	size_t i;

	if (!swap)
		swap = swap_bytes;
	/* Leaves are heaps already: fix every parent, the last one first. */
	for (i = num / 2; i > 0; i--)
		sift_down(base, i - 1, num, size, cmp, swap);
	for (i = num; i > 1; i--) {
		swap(base, (char *)base + (i - 1) * size, size);
		sift_down(base, 0, i - 1, size, cmp, swap);
	}
}
