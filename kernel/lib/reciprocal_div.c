/*
 * The reciprocal of a 64-bit divisor (include/kernel/reciprocal_div.h):
 * m = (2^(64 + sh) - 1) / d, by long division in binary, one bit of the
 * quotient per step, without a 128-bit type (32-bit ARM has none). Called
 * once per divisor, at boot; the divisions that use it are the hot ones.
 */
#include <kernel/reciprocal_div.h>

struct reciprocal_value64 reciprocal_value64(u64 d)
{
	struct reciprocal_value64 r = { .d = d };
	u64 rem = 0;

	while (d >> r.sh >> 1)
		r.sh++;
	/*
	 * The dividend's 64 + sh bits are all ones: each step brings one down.
	 * The remainder stays under d, so doubling it can carry out of 64 bits
	 * only when it then exceeds d; the quotient fits 64 bits as d >= 2^sh.
	 */
	for (unsigned int i = 0; i < 64 + r.sh; i++) {
		bool carry = rem >> 63;

		rem = rem << 1 | 1;
		r.m <<= 1;
		if (carry || rem >= d) {
			rem -= d;
			r.m |= 1;
		}
	}
	return r;
}
