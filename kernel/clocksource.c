/*
 * The clock's arithmetic: a count of get_cycles() in seconds, nanoseconds,
 * microseconds and jiffies, and a time in nanoseconds as a count, for
 * every clock read, every sleep and every tick. A count converts rounded
 * down; a time rounded up (a jiffy's cycles, a sleep's deadline), so that a
 * sleep to it never ends early.
 *
 * Each is a division by the counter's frequency (or by the cycles in a
 * jiffy), which 32-bit ARM can only do in a libgcc loop of a few hundred
 * instructions. Linux multiplies instead, by mult / 2^shift computed at
 * boot (clocks_calc_mult_shift(), the x86 cyc2ns), and accepts a rounding
 * error and a range past which the product overflows. Here
 * clocksource_register_hz() takes the reciprocal of each divisor once
 * (include/kernel/reciprocal_div.h): a multiplication and one correction,
 * exactly the quotient the division would give, for every 64-bit count;
 * no range to outgrow but the result's own (2^64 ns: 584 years).
 *
 * A count converts as seconds and the cycles left over (under the
 * frequency), those then as the fraction: the product of the rest and
 * 10^9 stays under 2^64 for any frequency up to 18 GHz.
 */
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/reciprocal_div.h>
#include <kernel/time.h>
#include <kernel/timer.h>

#define MAX_FREQ_HZ	(~0ull / NSEC_PER_SEC)	/* 18.4 GHz */
u64 cycle_freq_hz;
u64 cycles_per_jiffy;
/* Whole seconds whose cycles no longer fit 64 bits (194 years at 3 GHz). */
static u64 max_sec;

/* Reciprocals of the divisors: the frequency, the cycles in a jiffy, a second's nanoseconds. */
static struct reciprocal_value64 freq, jiffy, sec_ns;

void __init clocksource_register_hz(u64 hz)
{
	if (!hz || hz > MAX_FREQ_HZ)
		panic("time: a counter of %llu Hz: out of range (1 Hz to %llu Hz)",
		      (unsigned long long)hz, (unsigned long long)MAX_FREQ_HZ);
	cycle_freq_hz = hz;
	cycles_per_jiffy = (hz + HZ - 1) / HZ;
	max_sec = ~0ull / hz;
	freq = reciprocal_value64(hz);
	jiffy = reciprocal_value64(cycles_per_jiffy);
	sec_ns = reciprocal_value64(NSEC_PER_SEC);
}

u64 cycles_to_sec(u64 cycles, u32 per_sec, u32 *rest)
{
	u64 left, sec;

	if (!cycle_freq_hz) {	/* before time_init() */
		*rest = 0;
		return 0;
	}
	sec = reciprocal_divide64(cycles, &freq, &left);
	*rest = reciprocal_divide64(left * per_sec, &freq, NULL);
	return sec;
}

u64 cycles_to_ns(u64 cycles)
{
	u32 ns;
	u64 sec = cycles_to_sec(cycles, NSEC_PER_SEC, &ns);

	return sec * NSEC_PER_SEC + ns;
}

u64 cycles_to_us(u64 cycles)
{
	u32 us;
	u64 sec = cycles_to_sec(cycles, USEC_PER_SEC, &us);

	return sec * USEC_PER_SEC + us;
}

u64 cycles_to_jiffies(u64 cycles)
{
	return reciprocal_divide64(cycles, &jiffy, NULL);
}

/*
 * Seconds, then the rest: its product with the frequency stays under
 * 10^9 * 18.4 GHz < 2^64. A time past the counter's range is its end.
 */
u64 ns_to_cycles_up(u64 ns)
{
	u64 rest, sec = reciprocal_divide64(ns, &sec_ns, &rest), part;

	if (sec >= max_sec)
		return ~0ull;
	part = reciprocal_divide64(rest * cycle_freq_hz, &sec_ns, &rest);
	return sec * cycle_freq_hz + part + (rest != 0);
}
