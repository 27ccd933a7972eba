/*
 * Host test of kernel/lib/crc32.c: the published check values
 * ("123456789"), RFC 3720's four CRC32C examples and the values Python's
 * zlib.crc32() gives for the same buffers come out of crc32_le() and
 * crc32c() and of their portable versions; on random buffers of every length up to 300
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
	EXPECT(crc32_le_generic(0x1234u, s, 0) == 0x1234u, "empty buffer changes the crc");
}

/*
 * Known answers, each CRC with the usual ~0 seed and final inversion:
 * crc32c from RFC 3720 B.4, crc32 from Python's zlib.crc32() on the same
 * bytes.
 */
static void known_vectors(void)
{
	static const struct {
		const char *name;
		uint32_t crc32, crc32c;
	} want[] = {
		{ "32 zero bytes", 0x190a55adu, 0x8a9136aau },
		{ "32 bytes of 0xff", 0xff6cab0bu, 0x62a8ab43u },
		{ "bytes 0 to 31", 0x91267e8au, 0x46dd794eu },
		{ "bytes 31 down to 0", 0x9ab0ef72u, 0x113fdb5cu },
	};
	uint8_t buf[32];

	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		for (size_t i = 0; i < sizeof(buf); i++)
			buf[i] = k == 0 ? 0 : k == 1 ? 0xff : k == 2 ? i : 31 - i;
		EXPECT((crc32_le(~0u, buf, 32) ^ ~0u) == want[k].crc32, "crc32_le, %s: %#x",
		       want[k].name, crc32_le(~0u, buf, 32) ^ ~0u);
		EXPECT((crc32_le_generic(~0u, buf, 32) ^ ~0u) == want[k].crc32,
		       "crc32_le_generic, %s", want[k].name);
		EXPECT((crc32c(~0u, buf, 32) ^ ~0u) == want[k].crc32c, "crc32c, %s: %#x",
		       want[k].name, crc32c(~0u, buf, 32) ^ ~0u);
		EXPECT((crc32c_generic(~0u, buf, 32) ^ ~0u) == want[k].crc32c,
		       "crc32c_generic, %s", want[k].name);
	}
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
	KTAP_CASE(known_vectors),
	KTAP_CASE(random_buffers_match_bitwise),
	KTAP_CASE(pieces_carry_over),
};

KTAP_MAIN(cases)
