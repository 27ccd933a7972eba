/*
 * Portable CRC-32 and CRC-32C (see include/kernel/crc32.h).
 *
 * A CRC is the remainder of a polynomial division over GF(2). In the
 * bit-reflected form, each input bit shifts the remainder right by one and,
 * when the bit that falls out is 1, xors in the polynomial. Doing four bits
 * at once needs the combined effect of those four steps for each of the 16
 * possible low nibbles: that is the table. (A 256-entry table does a byte
 * per step; 16 entries keep the tables short enough to read.)
 *
 * Entry n is what four single-bit steps make of n; tests/host/crc32_test.c
 * checks the tables against the bit-at-a-time definition.
 */
#include <kernel/crc32.h>

static const u32 crc32_le_nibble[16] = {
	0x00000000, 0x1db71064, 0x3b6e20c8, 0x26d930ac,
	0x76dc4190, 0x6b6b51f4, 0x4db26158, 0x5005713c,
	0xedb88320, 0xf00f9344, 0xd6d6a3e8, 0xcb61b38c,
	0x9b64c2b0, 0x86d3d2d4, 0xa00ae278, 0xbdbdf21c,
};

static const u32 crc32c_nibble[16] = {
	0x00000000, 0x105ec76f, 0x20bd8ede, 0x30e349b1,
	0x417b1dbc, 0x5125dad3, 0x61c69362, 0x7198540d,
	0x82f63b78, 0x92a8fc17, 0xa24bb5a6, 0xb21572c9,
	0xc38d26c4, 0xd3d3e1ab, 0xe330a81a, 0xf36e6f75,
};

static u32 crc32_nibbles(const u32 table[16], u32 crc, const void *p, size_t len)
{
	const u8 *b = p;

	while (len--) {
		crc ^= *b++;
		crc = (crc >> 4) ^ table[crc & 15];
		crc = (crc >> 4) ^ table[crc & 15];
	}
	return crc;
}

u32 crc32_le_generic(u32 crc, const void *p, size_t len)
{
	return crc32_nibbles(crc32_le_nibble, crc, p, len);
}

u32 crc32c_generic(u32 crc, const void *p, size_t len)
{
	return crc32_nibbles(crc32c_nibble, crc, p, len);
}
