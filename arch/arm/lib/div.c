/*
 * Portable 32-bit division (see asm/div.h): long division in binary. The
 * divisor is shifted left until its top bit lines up with the dividend's,
 * then, one bit position at a time, subtracted wherever it fits; each
 * subtraction sets one quotient bit. At most 32 steps, usually far fewer.
 *
 * Written without / or %: the compiler would turn them into calls to
 * __aeabi_uidiv, which is where these functions are called from.
 */
#include <asm/div.h>

u64 udivmod32_generic(u32 n, u32 d)
{
	u32 q = 0;

	if (d == 0)
		return (u64)n << 32;
	if (n >= d) {
		/* n >= d > 0, so both have a top bit, and the shift keeps d below 2^32. */
		for (int shift = __builtin_clz(d) - __builtin_clz(n); shift >= 0; shift--) {
			if (n >= d << shift) {
				n -= d << shift;
				q |= 1u << shift;
			}
		}
	}
	return (u64)n << 32 | q;
}

/* Truncating division, as C and sdiv do: the remainder has the dividend's sign. */
u64 sdivmod32_generic(s32 n, s32 d)
{
	u32 un = n < 0 ? -(u32)n : (u32)n;
	u32 ud = d < 0 ? -(u32)d : (u32)d;
	u64 qr = udivmod32_generic(un, ud);
	u32 q = (u32)qr, r = (u32)(qr >> 32);

	if ((n < 0) != (d < 0))
		q = -q;
	if (n < 0)
		r = -r;
	return (u64)r << 32 | q;
}
