/*
 * The "clocksource" suite: the clock's conversions (kernel/clocksource.c),
 * which multiply by reciprocals instead of dividing, give exactly what the
 * division gives (the slow way, libgcc's loop on ARM), for counts across
 * the whole 64-bit range: small ones, whole seconds and their neighbours,
 * powers of two, random counts of every width, the largest. For the
 * counter's own frequency and for the others the kernel may meet on
 * other CPU models (19.2 MHz to 18 GHz). A time in cycles rounds up: a
 * jiffy's cycles, so that a sleep of n jiffies lasts at least n/HZ s; a
 * sleep's deadline, so that it never ends before the clock reads it.
 */
#include <kernel/ktest.h>
#include <kernel/reciprocal_div.h>
#include <kernel/time.h>
#include <kernel/timer.h>

#define COUNTS	16	/* per divisor: the host test (reciprocal_div_test.c) tries millions */

/* A fixed sequence of pseudo-random numbers (xorshift64), of random widths. */
static u64 next_count(u64 *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state >> (*state >> 58);
}

/* Counts around the places where rounding shows, for a divisor d. */
static u64 interesting(u64 d, u64 *state, int i)
{
	switch (i % 4) {
	case 0:
		return d * (next_count(state) % 1000) + d - 1;
	case 1:
		return d * (next_count(state) % 1000000);
	case 2:
		return ~0ull - (next_count(state) >> 16);
	default:
		return next_count(state);
	}
}

static void check_divisor(struct ktest *t, u64 d)
{
	struct reciprocal_value64 r = reciprocal_value64(d);
	u64 state = d, x, rem, q;

	for (int i = 0; i < COUNTS / 2; i++) {
		x = interesting(d, &state, i);
		q = reciprocal_divide64(x, &r, &rem);
		if (q != x / d || rem != x % d)
			ktest_fail(t, __FILE__, __LINE__, "%llu / %llu: %llu rest %llu",
				   (unsigned long long)x, (unsigned long long)d,
				   (unsigned long long)q, (unsigned long long)rem);
	}
}

/* Frequencies of counters: ARM's 19.2, 24, 54, 62.5 MHz; TSCs of 1 to 18 GHz. */
static void reciprocals_divide_exactly(struct ktest *t)
{
	static const u64 freqs[] = {
		19200000, 24000000, 54000000, 62500000, 1000000000, 2099999000,
		2500000000ull, 3699999999ull, 18000000000ull, 3, 1ull << 40,
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(freqs); i++)
		check_divisor(t, freqs[i]);
}

/* The counter's: seconds, nanoseconds, microseconds, as c / f and (c % f) * 10^k / f. */
static void cycles_convert_exactly(struct ktest *t)
{
	u64 f = cycle_freq_hz, state = 1, c, sec;
	u32 ns, us;

	KTEST_ASSERT_TRUE(t, f);
	for (int i = 0; i < 32 + COUNTS; i++) {
		c = i < 32 ? (2ull << 2 * i) - (i & 1) : interesting(f, &state, i);
		sec = cycles_to_sec(c, NSEC_PER_SEC, &ns);
		if (sec != c / f || ns != c % f * NSEC_PER_SEC / f)
			ktest_fail(t, __FILE__, __LINE__, "%llu cycles: %llu s %u ns",
				   (unsigned long long)c, (unsigned long long)sec, (unsigned int)ns);
		sec = cycles_to_sec(c, USEC_PER_SEC, &us);
		if (sec != c / f || us != c % f * USEC_PER_SEC / f)
			ktest_fail(t, __FILE__, __LINE__, "%llu cycles: %llu s %u us",
				   (unsigned long long)c, (unsigned long long)sec, (unsigned int)us);
		if (cycles_to_us(c) != sec * USEC_PER_SEC + us)
			ktest_fail(t, __FILE__, __LINE__, "%llu cycles: %llu us",
				   (unsigned long long)c, (unsigned long long)cycles_to_us(c));
		/* In nanoseconds: up to 2^64 - 1 ns, 584 years. */
		if (sec < ~0ull / NSEC_PER_SEC && cycles_to_ns(c) != sec * NSEC_PER_SEC + ns)
			ktest_fail(t, __FILE__, __LINE__, "%llu cycles: %llu ns",
				   (unsigned long long)c, (unsigned long long)cycles_to_ns(c));
	}
	KTEST_EXPECT_EQ(t, cycles_to_us(f), USEC_PER_SEC);
	KTEST_EXPECT_EQ(t, cycles_to_ns(f - 1), (f - 1) * NSEC_PER_SEC / f);
}

static void jiffies_convert(struct ktest *t)
{
	u64 cpj = cycles_per_jiffy, state = 7, c;

	/* A jiffy of cycles lasts 1/HZ s or more, by less than a cycle. */
	KTEST_EXPECT_GE(t, cpj * HZ, cycle_freq_hz);
	KTEST_EXPECT_LT(t, (cpj - 1) * HZ, cycle_freq_hz);
	for (int i = 0; i < COUNTS; i++) {
		c = interesting(cpj, &state, i);
		if (cycles_to_jiffies(c) != c / cpj)
			ktest_fail(t, __FILE__, __LINE__, "%llu cycles: %llu jiffies",
				   (unsigned long long)c, (unsigned long long)cycles_to_jiffies(c));
	}
}

/*
 * A sleep's deadline: the first count at which the clock reads it, so
 * s * f + ceil(rest * f / 10^9); the count before it reads less. Past the
 * counter's range, its end.
 */
static void deadlines_round_up(struct ktest *t)
{
	u64 f = cycle_freq_hz, state = 11, ns, c, want;

	for (int i = 0; i < 32 + COUNTS; i++) {
		ns = i < 32 ? (2ull << 2 * i) - (i & 1) : interesting(NSEC_PER_SEC, &state, i);
		c = ns_to_cycles_up(ns);
		if (ns / NSEC_PER_SEC >= ~0ull / f)
			want = ~0ull;
		else
			want = ns / NSEC_PER_SEC * f + (ns % NSEC_PER_SEC * f + NSEC_PER_SEC - 1) /
			       NSEC_PER_SEC;
		if (c != want)
			ktest_fail(t, __FILE__, __LINE__, "%llu ns: %llu cycles, not %llu",
				   (unsigned long long)ns, (unsigned long long)c,
				   (unsigned long long)want);
		else if (c != ~0ull && (cycles_to_ns(c) < ns || (c && cycles_to_ns(c - 1) >= ns)))
			ktest_fail(t, __FILE__, __LINE__, "%llu ns: %llu cycles read %llu ns",
				   (unsigned long long)ns, (unsigned long long)c,
				   (unsigned long long)cycles_to_ns(c));
	}
	KTEST_EXPECT_EQ(t, ns_to_cycles_up(0), 0);
	KTEST_EXPECT_EQ(t, ns_to_cycles_up(NSEC_PER_SEC), f);
	KTEST_EXPECT_EQ(t, ns_to_cycles_up(1), (f + NSEC_PER_SEC - 1) / NSEC_PER_SEC);
}

static const struct ktest_case clocksource_cases[] = {
	KTEST_CASE(reciprocals_divide_exactly),
	KTEST_CASE(cycles_convert_exactly),
	KTEST_CASE(jiffies_convert),
	KTEST_CASE(deadlines_round_up),
	{}
};

static const struct ktest_suite clocksource_suite = { "clocksource", clocksource_cases };
ktest_suite(clocksource_suite);
