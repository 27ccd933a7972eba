/*
 * Division of 64-bit numbers by a divisor fixed once (at boot), by a
 * multiplication instead of a divide.
 *
 * 32-bit ARM has no 64-bit divide instruction (ARMv7-A not even a 32-bit
 * one): x / d on a u64 is a call to libgcc's __aeabi_uldivmod, a loop of a
 * few hundred instructions. The clock divides by the counter's frequency on
 * every read (kernel/clocksource.c), so it asks reciprocal_value64() once
 * for m = (2^(64 + sh) - 1) / d, 1/d to 64 significant bits, and
 * reciprocal_divide64() then takes the high half of x * m, shifted by sh:
 * x * m / 2^(64 + sh) falls short of x / d by less than 1, so that estimate
 * is the quotient or one less, and one comparison of the remainder with d
 * settles which. The result is exactly x / d and x % d, for every 64-bit x
 * and d.
 *
 * Linux's reciprocal_div.h does the same for 32-bit numbers; its clocks
 * (clocksource mult/shift) keep the bare estimate and its rounding error.
 */
#ifndef _KERNEL_RECIPROCAL_DIV_H
#define _KERNEL_RECIPROCAL_DIV_H

#include <kernel/types.h>

struct reciprocal_value64 {
	u64 d;		/* the divisor */
	u64 m;		/* (2^(64 + sh) - 1) / d: 2^63 <= m < 2^64 */
	unsigned int sh;	/* floor(log2(d)) */
};

/* The reciprocal of d (not 0): a bit at a time, up to 127 steps. */
struct reciprocal_value64 reciprocal_value64(u64 d);

/* The high 64 bits of the 128-bit product a * b, from four 32 x 32 -> 64-bit products. */
static inline u64 mul_u64_u64_high(u64 a, u64 b)
{
	u64 al = (u32)a, ah = a >> 32, bl = (u32)b, bh = b >> 32;
	u64 lo_lo = al * bl, lo_hi = al * bh, hi_lo = ah * bl;
	u64 mid = (lo_lo >> 32) + (u32)lo_hi + (u32)hi_lo;	/* under 3 * 2^32: no carry lost */

	return ah * bh + (lo_hi >> 32) + (hi_lo >> 32) + (mid >> 32);
}

/* x / r->d, with x % r->d in *rem (if rem is not NULL). */
static inline u64 reciprocal_divide64(u64 x, const struct reciprocal_value64 *r, u64 *rem)
{
	u64 q = mul_u64_u64_high(x, r->m) >> r->sh;
	u64 left = x - q * r->d;

	if (left >= r->d) {
		q++;
		left -= r->d;
	}
	if (rem)
		*rem = left;
	return q;
}

#endif
