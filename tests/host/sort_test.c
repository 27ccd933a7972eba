/*
 * Host test of kernel/lib/sort.c and kernel/lib/bsearch.c. sort() runs on
 * random arrays of many lengths (0, 1, 2, odd, 1000) and element sizes
 * (1, 4, 8, 12), with and without a swap function; the result must be
 * sorted and, byte for byte, the same multiset as the input (compared with
 * the C library's qsort of the same array). bsearch() must then find every
 * element and nothing between them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_host.h"
#include "klib.h"

static int cmp_u8(const void *a, const void *b)
{
	return *(const uint8_t *)a - *(const uint8_t *)b;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* A 12-byte element, as an exception table entry with three fields. */
static int cmp_12(const void *a, const void *b)
{
	return memcmp(a, b, 12);
}

static int swaps;

static void swap_u32(void *a, void *b, int size)
{
	uint32_t tmp = *(uint32_t *)a;

	(void)size;
	*(uint32_t *)a = *(uint32_t *)b;
	*(uint32_t *)b = tmp;
	swaps++;
}

static const size_t lengths[] = { 0, 1, 2, 3, 5, 16, 17, 31, 100, 257, 1000 };

/* How to fill an array: random, with many repeats, already sorted, or reversed. */
enum shape { RANDOM, REPEATS, SORTED, REVERSED };

static void fill(unsigned char *a, size_t num, size_t size, enum shape shape,
		 int (*cmp)(const void *, const void *))
{
	size_t i;

	for (i = 0; i < num * size; i++)
		a[i] = shape == REPEATS ? rand() % 3 : rand();
	if (shape == SORTED || shape == REVERSED)
		qsort(a, num, size, cmp);
	if (shape == REVERSED)
		for (i = 0; i < num / 2; i++) {
			unsigned char tmp[12];

			memcpy(tmp, a + i * size, size);
			memcpy(a + i * size, a + (num - 1 - i) * size, size);
			memcpy(a + (num - 1 - i) * size, tmp, size);
		}
}

static void check_sort(size_t size, int (*cmp)(const void *, const void *),
		       void (*swap)(void *, void *, int))
{
	size_t l, i;
	int shape;

	for (shape = RANDOM; shape <= REVERSED; shape++)
		for (l = 0; l < ARRAY_SIZE(lengths); l++) {
			size_t num = lengths[l];
			/* Exact size (at least one byte), so ASan sees any access outside. */
			unsigned char *a = malloc(num * size + 1);
			unsigned char *ref = malloc(num * size + 1);
			bool sorted = true;

			fill(a, num, size, shape, cmp);
			memcpy(ref, a, num * size);
			qsort(ref, num, size, cmp);
			sort(a, num, size, cmp, swap);
			for (i = 1; i < num; i++)
				if (cmp(a + (i - 1) * size, a + i * size) > 0)
					sorted = false;
			EXPECT(sorted, "size %zu, %zu elements, shape %d: not sorted", size, num,
			       shape);
			EXPECT(!memcmp(a, ref, num * size),
			       "size %zu, %zu elements, shape %d: not a permutation of the input",
			       size, num, shape);
			free(a);
			free(ref);
		}
}

static void sort_bytes(void)
{
	check_sort(1, cmp_u8, NULL);
}

static void sort_u32(void)
{
	check_sort(4, cmp_u32, NULL);
}

static void sort_u32_own_swap(void)
{
	swaps = 0;
	check_sort(4, cmp_u32, swap_u32);
	EXPECT(swaps > 0, "the swap function given was never called");
}

static void sort_u64(void)
{
	check_sort(8, cmp_u64, NULL);
}

static void sort_12_bytes(void)
{
	check_sort(12, cmp_12, NULL);
}

/* Distinct even keys, sorted: every one is found, no odd key is. */
static void bsearch_hits_and_misses(void)
{
	size_t l, i;

	for (l = 0; l < ARRAY_SIZE(lengths); l++) {
		size_t num = lengths[l];
		uint32_t *a = malloc(num * sizeof(*a) + 1);
		uint32_t key = 0;

		for (i = 0; i < num; i++) {
			key += 2 * (1 + rand() % 4);
			a[i] = key;
		}
		sort(a, num, sizeof(*a), cmp_u32, NULL);
		for (i = 0; i < num; i++) {
			uint32_t *found = k_bsearch(&a[i], a, num, sizeof(*a), cmp_u32);

			EXPECT(found == &a[i], "%zu elements: %u not found at %zu", num, a[i], i);
		}
		for (key = 1; key <= (num ? a[num - 1] + 1 : 3); key += 2)
			EXPECT(!k_bsearch(&key, a, num, sizeof(*a), cmp_u32),
			       "%zu elements: found %u, which is not there", num, key);
		key = 0;
		EXPECT(!k_bsearch(&key, a, num, sizeof(*a), cmp_u32), "found 0 below the first");
		free(a);
	}
}

static const struct ktap_case cases[] = {
	KTAP_CASE(sort_bytes),
	KTAP_CASE(sort_u32),
	KTAP_CASE(sort_u32_own_swap),
	KTAP_CASE(sort_u64),
	KTAP_CASE(sort_12_bytes),
	KTAP_CASE(bsearch_hits_and_misses),
};

KTAP_MAIN(cases)
