/*
 * Host test of kernel/lib/hweight.c: the parallel bit count against a
 * count one bit at a time, on edge values (0, all ones, single bits, the
 * alternating patterns the algorithm's masks are made of) and random words.
 */
#include <stdint.h>
#include <stdlib.h>

#include "ktap_host.h"
#include "klib.h"
#include <kernel/hweight.h>

static unsigned int count_bits(uint64_t w)
{
	unsigned int n = 0;

	for (; w; w >>= 1)
		n += w & 1;
	return n;
}

static uint64_t random_u64(void)
{
	return (uint64_t)rand() << 62 ^ (uint64_t)rand() << 31 ^ (uint64_t)rand();
}

static void edge_values(void)
{
	static const uint64_t values[] = {
		0, ~0ull, 1, 1ull << 63, 0x5555555555555555ull, 0xaaaaaaaaaaaaaaaaull,
		0x3333333333333333ull, 0x0f0f0f0f0f0f0f0full, 0xff00ff00ff00ff00ull,
		0x00000000ffffffffull, 0xffffffff00000000ull, 0x8000000000000001ull,
	};

	for (size_t i = 0; i < ARRAY_SIZE(values); i++) {
		uint64_t w = values[i];

		EXPECT(__sw_hweight64(w) == count_bits(w), "hweight64(%#llx) = %u",
		       (unsigned long long)w, __sw_hweight64(w));
		EXPECT(__sw_hweight32((uint32_t)w) == count_bits((uint32_t)w),
		       "hweight32(%#x) = %u", (uint32_t)w, __sw_hweight32((uint32_t)w));
	}
	for (int bit = 0; bit < 64; bit++)
		EXPECT(__sw_hweight64(1ull << bit) == 1, "single bit %d", bit);
}

static void random_words(void)
{
	for (int i = 0; i < 100000; i++) {
		uint64_t w = random_u64();

		EXPECT(__sw_hweight64(w) == count_bits(w), "hweight64(%#llx)",
		       (unsigned long long)w);
		EXPECT(__sw_hweight32((uint32_t)w) == count_bits((uint32_t)w), "hweight32(%#x)",
		       (uint32_t)w);
		EXPECT(hweight64(w) == __sw_hweight64(w), "hweight64() is not the portable one");
	}
}

static const struct ktap_case cases[] = {
	KTAP_CASE(edge_values),
	KTAP_CASE(random_words),
};

KTAP_MAIN(cases)
