/*
 * Host test of arch/arm/lib/div.c, the division behind __aeabi_uidiv and
 * friends on a CPU without divide instructions: quotient and remainder
 * against the host's / and %, for edge values (0, 1, powers of two, the
 * largest values, INT_MIN / -1) and a million random pairs, and division
 * by zero giving what udiv/sdiv give (quotient 0, remainder the dividend).
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "ktap_host.h"
#include "klib.h"
#include <asm/div.h>

static uint32_t random_u32(void)
{
	/* Small numbers too: a random shift makes every magnitude likely. */
	return ((uint32_t)rand() << 16 ^ (uint32_t)rand()) >> (rand() % 32);
}

static void check_unsigned(uint32_t n, uint32_t d)
{
	uint64_t qr = udivmod32_generic(n, d);

	EXPECT((uint32_t)qr == n / d && (uint32_t)(qr >> 32) == n % d,
	       "%u / %u: got q %u r %u", n, d, (uint32_t)qr, (uint32_t)(qr >> 32));
}

static void check_signed(int32_t n, int32_t d)
{
	uint64_t qr = sdivmod32_generic(n, d);
	/* INT_MIN / -1 overflows in C; sdiv wraps to INT_MIN with remainder 0. */
	int32_t q = (n == INT32_MIN && d == -1) ? INT32_MIN : n / d;
	int32_t r = (n == INT32_MIN && d == -1) ? 0 : n % d;

	EXPECT((int32_t)qr == q && (int32_t)(qr >> 32) == r, "%d / %d: got q %d r %d", n, d,
	       (int32_t)qr, (int32_t)(qr >> 32));
}

static void edge_values(void)
{
	static const uint32_t values[] = {
		0, 1, 2, 3, 7, 8, 10, 255, 256, 65535, 65536, 0x7fffffff, 0x80000000,
		0x80000001, 0xfffffffe, 0xffffffff,
	};

	for (size_t i = 0; i < ARRAY_SIZE(values); i++) {
		for (size_t j = 0; j < ARRAY_SIZE(values); j++) {
			if (values[j] == 0)
				continue;
			check_unsigned(values[i], values[j]);
			check_signed((int32_t)values[i], (int32_t)values[j]);
		}
	}
}

static void random_pairs(void)
{
	for (int i = 0; i < 1000000; i++) {
		uint32_t n = random_u32(), d = random_u32();

		if (d == 0)
			continue;
		check_unsigned(n, d);
		check_signed((int32_t)n, (int32_t)d);
		check_signed(-(int32_t)(n >> 1), (int32_t)d);
		check_signed((int32_t)(n >> 1), -(int32_t)(d >> 1 | 1));
	}
}

static void division_by_zero(void)
{
	EXPECT(udivmod32_generic(1234, 0) == (uint64_t)1234 << 32, "unsigned");
	EXPECT(sdivmod32_generic(-5, 0) == (uint64_t)(uint32_t)-5 << 32, "signed");
}

static const struct ktap_case cases[] = {
	KTAP_CASE(edge_values),
	KTAP_CASE(random_pairs),
	KTAP_CASE(division_by_zero),
};

KTAP_MAIN(cases)
