/*
 * Sort an array in place (kernel/lib/sort.c), with Linux's interface.
 *
 * Heapsort: O(n log n) even on the worst input, no recursion and no
 * allocation, because kernel stacks are small and sort() may run before
 * the page allocator exists. Not stable: equal elements may change order.
 *
 * cmp returns <0, 0 or >0 as for qsort(). swap exchanges two elements of
 * size bytes; pass NULL to get a plain byte-by-byte exchange.
 */
#ifndef _KERNEL_SORT_H
#define _KERNEL_SORT_H

#include <kernel/types.h>

void sort(void *base, size_t num, size_t size, int (*cmp)(const void *, const void *),
	  void (*swap)(void *, void *, int size));

#endif
