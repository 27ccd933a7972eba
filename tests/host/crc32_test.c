/*
 * Host test of kernel/lib/crc32.c: the published check values
 * ("123456789") come out, and on random buffers of every length up to 300
 * at every alignment up to 7
 * the table-driven functions agree with a bit-at-a-time reference, also
 * when a buffer is fed in two pieces (the crc carries over). Random bytes
 * reach every entry of both nibble tables, so a wrong entry fails here.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_host.h"
#include "klib.h"
#include <kernel/crc32.h>

#define CRC32_POLY	0xedb88320u	/* IEEE 802.3, bit-reflected */
#define CRC32C_POLY	0x82f63b78u	/* Castagnoli, bit-reflected */

/* The definition: one bit at a time. */
static uint32_t crc_bitwise(uint32_t poly, uint32_t crc, const uint8_t *p, size_t len)
{
	while (len--) {
		crc ^= *p++;
		for (int i = 0; i < 8; i++)
			crc = (crc >> 1) ^ ((crc & 1) ? poly : 0);
	}
	return crc;
}

static void check_values(void)
{
	const char *s = "123456789";

	EXPECT((crc32_le_generic(~0u, s, 9) ^ ~0u) == 0xcbf43926u, "crc32 check value: %#x",
	       crc32_le_generic(~0u, s, 9) ^ ~0u);
	EXPECT((crc32c_generic(~0u, s, 9) ^ ~0u) == 0xe3069283u, "crc32c check value: %#x",
	       crc32c_generic(~0u, s, 9) ^ ~0u);
	EXPECT(crc32_le(~0u, s, 9) == crc32_le_generic(~0u, s, 9), "crc32_le() is not portable");
	EXPECT(crc32c(~0u, s, 9) == crc32c_generic(~0u, s, 9), "crc32c() is not portable");
	EXPECT(crc32_le_generic(0x1234u, s, 0) == 0x1234u, "empty buffer changes the crc");
}

static void random_buffers_match_bitwise(void)
{
	static uint8_t buf[300 + 8];

	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = rand();
	for (size_t align = 0; align < 8; align++) {
		for (size_t len = 0; len + align <= sizeof(buf) && len <= 300; len++) {
			const uint8_t *p = buf + align;
			uint32_t seed = rand();

			uint32_t le = crc_bitwise(CRC32_POLY, seed, p, len);
			uint32_t c = crc_bitwise(CRC32C_POLY, seed, p, len);

			EXPECT(crc32_le_generic(seed, p, len) == le, "crc32_le align %zu len %zu",
			       align, len);
			EXPECT(crc32c_generic(seed, p, len) == c, "crc32c align %zu len %zu",
			       align, len);
		}
	}
}

static void pieces_carry_over(void)
{
	uint8_t buf[100];

	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = rand();
	for (size_t cut = 0; cut <= sizeof(buf); cut++) {
		uint32_t whole = crc32c_generic(~0u, buf, sizeof(buf));
		uint32_t first = crc32c_generic(~0u, buf, cut);
		uint32_t part = crc32c_generic(first, buf + cut, sizeof(buf) - cut);

		EXPECT(whole == part, "cut at %zu", cut);
	}
}

static const struct ktap_case cases[] = {
	KTAP_CASE(check_values),
	KTAP_CASE(random_buffers_match_bitwise),
	KTAP_CASE(pieces_carry_over),
};

KTAP_MAIN(cases)
