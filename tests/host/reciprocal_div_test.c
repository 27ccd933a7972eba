/*
 * Host test of kernel/lib/reciprocal_div.c and include/kernel/reciprocal_div.h:
 * the 128-bit product's high half against the compiler's unsigned __int128,
 * and the reciprocal's quotient and remainder against the C operators / and
 * %, for divisors of every width (1, powers of two and their neighbours, the
 * clock's: counter frequencies, 10^3, 10^6, 10^9) and dividends where an
 * estimate one short shows (multiples of d and their neighbours, the top of
 * the range) and at random.
 */
#include <stdint.h>
#include <stdlib.h>

#include "ktap_host.h"
#include "klib.h"
#include <kernel/reciprocal_div.h>

static uint64_t random_u64(void)
{
	return (uint64_t)rand() << 62 ^ (uint64_t)rand() << 31 ^ (uint64_t)rand();
}

/* A random number of random width: small values as often as large ones. */
static uint64_t random_width(void)
{
	return random_u64() >> (rand() % 64);
}

static void product_high_half(void)
{
	static const uint64_t edges[] = { 0, 1, 2, 0xffffffff, 0x100000000, ~0ull, 1ull << 63,
					  0xffffffff00000001, 0x8000000080000000 };

	for (size_t i = 0; i < ARRAY_SIZE(edges); i++)
		for (size_t j = 0; j < ARRAY_SIZE(edges); j++) {
			uint64_t a = edges[i], b = edges[j];

			EXPECT(mul_u64_u64_high(a, b) == (uint64_t)((unsigned __int128)a * b >> 64),
			       "%#llx * %#llx", (unsigned long long)a, (unsigned long long)b);
		}
	for (int i = 0; i < 1000000; i++) {
		uint64_t a = random_u64(), b = random_u64();

		EXPECT(mul_u64_u64_high(a, b) == (uint64_t)((unsigned __int128)a * b >> 64),
		       "%#llx * %#llx", (unsigned long long)a, (unsigned long long)b);
	}
}

static void check(uint64_t x, const struct reciprocal_value64 *r)
{
	uint64_t rem = 1, q = reciprocal_divide64(x, r, &rem);

	EXPECT(q == x / r->d && rem == x % r->d, "%llu / %llu: %llu rest %llu",
	       (unsigned long long)x, (unsigned long long)r->d, (unsigned long long)q,
	       (unsigned long long)rem);
}

static void check_divisor(uint64_t d)
{
	struct reciprocal_value64 r = reciprocal_value64(d);
	uint64_t q_max = ~0ull / d;

	EXPECT(r.m >> 63 == 1 && (unsigned __int128)r.m ==
	       (((unsigned __int128)1 << (64 + r.sh)) - 1) / d, "reciprocal of %llu: %#llx >> %u",
	       (unsigned long long)d, (unsigned long long)r.m, r.sh);
	for (uint64_t x = 0; x < 3 * d && x < 300; x++)
		check(x, &r);
	for (int i = 0; i < 300; i++) {
		uint64_t q = random_width() % (q_max + (q_max < ~0ull));

		check(q * d, &r);
		check(q * d - 1, &r);
		if (q < q_max || ~0ull - q * d >= d - 1)
			check(q * d + d - 1, &r);
		check(random_u64(), &r);
	}
	check(~0ull, &r);
	check(q_max * d, &r);
	check(q_max * d - 1, &r);
}

static void edge_divisors(void)
{
	static const uint64_t divisors[] = {
		1, 2, 3, 5, 7, 10, 1000, 1000000, 1000000000, 1000000000000ull,
		62500000, 19200000, 24000000, 54000000, 62500, 1000001,
		2099998000, 2500000000ull, 3000000000ull, 3699999999ull, 18000000000ull,
		0xffffffff, 0x100000000, 0x100000001, 1ull << 63, (1ull << 63) - 1,
		(1ull << 63) + 1, ~0ull, ~0ull - 1,
	};

	for (size_t i = 0; i < ARRAY_SIZE(divisors); i++)
		check_divisor(divisors[i]);
	for (int bit = 0; bit < 64; bit++) {
		check_divisor(1ull << bit);
		check_divisor((1ull << bit) + 1);
		if (bit > 1)
			check_divisor((1ull << bit) - 1);
	}
}

static void random_divisors(void)
{
	for (int i = 0; i < 3000; i++) {
		uint64_t d = random_width();

		check_divisor(d ? d : 1);
	}
}

static const struct ktap_case cases[] = {
	KTAP_CASE(product_high_half),
	KTAP_CASE(edge_divisors),
	KTAP_CASE(random_divisors),
};

KTAP_MAIN(cases)
