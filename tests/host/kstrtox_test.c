/*
 * Host test of kernel/lib/kstrtox.c: tables of strings with the value or
 * error Linux gives for them (good numbers, junk, overflow by one, every
 * base and prefix).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "ktap_host.h"
#include "klib.h"

/* What an output variable holds before the call: an error must leave it so. */
#define UNTOUCHED 0x5a5a5a5a

struct unsigned_case {
	const char *s;
	unsigned int base;
	int err;
	unsigned long long value;
};

struct signed_case {
	const char *s;
	unsigned int base;
	int err;
	long long value;
};

static void kstrtoull_table(void)
{
	static const struct unsigned_case cases[] = {
		{ "0", 0, 0, 0 },
		{ "1", 10, 0, 1 },
		{ "+1", 10, 0, 1 },
		{ "42\n", 10, 0, 42 },
		{ "18446744073709551615", 10, 0, ULLONG_MAX },
		{ "18446744073709551616", 10, -ERANGE, 0 },
		{ "99999999999999999999999", 0, -ERANGE, 0 },
		{ "0x1f", 0, 0, 31 },
		{ "0X1F", 0, 0, 31 },
		{ "0x1f", 16, 0, 31 },
		{ "1f", 16, 0, 31 },
		{ "ffffffffffffffff", 16, 0, ULLONG_MAX },
		{ "10000000000000000", 16, -ERANGE, 0 },
		{ "017", 0, 0, 15 },
		{ "017", 10, 0, 17 },
		{ "017", 8, 0, 15 },
		{ "08", 0, -EINVAL, 0 },
		{ "101", 2, 0, 5 },
		{ "102", 2, -EINVAL, 0 },
		{ "1777777777777777777777", 8, 0, ULLONG_MAX },
		{ "2000000000000000000000", 8, -ERANGE, 0 },
		{ "0x", 0, -EINVAL, 0 },
		{ "0x", 16, -EINVAL, 0 },
		{ "0xg", 0, -EINVAL, 0 },
		{ "", 10, -EINVAL, 0 },
		{ "\n", 10, -EINVAL, 0 },
		{ "12\n\n", 10, -EINVAL, 0 },
		{ "12 ", 10, -EINVAL, 0 },
		{ " 12", 10, -EINVAL, 0 },
		{ "12a", 10, -EINVAL, 0 },
		{ "-1", 10, -EINVAL, 0 },
		{ "+", 10, -EINVAL, 0 },
		{ "++1", 10, -EINVAL, 0 },
		{ "10", 1, -EINVAL, 0 },
		{ "10", 17, -EINVAL, 0 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		unsigned long long v = UNTOUCHED;
		int err = kstrtoull(cases[i].s, cases[i].base, &v);
		unsigned long long want = cases[i].err ? UNTOUCHED : cases[i].value;

		EXPECT(err == cases[i].err && v == want,
		       "kstrtoull(\"%s\", %u): %d, %llu; want %d, %llu", cases[i].s, cases[i].base,
		       err, v, cases[i].err, want);
	}
}

static void kstrtoll_table(void)
{
	static const struct signed_case cases[] = {
		{ "-9223372036854775808", 10, 0, LLONG_MIN },
		{ "-9223372036854775809", 10, -ERANGE, 0 },
		{ "9223372036854775807", 10, 0, LLONG_MAX },
		{ "+9223372036854775807", 10, 0, LLONG_MAX },
		{ "9223372036854775808", 10, -ERANGE, 0 },
		{ "-0", 10, 0, 0 },
		{ "-1\n", 10, 0, -1 },
		{ "-0x10", 0, 0, -16 },
		{ "-010", 0, 0, -8 },
		{ "--1", 10, -EINVAL, 0 },
		{ "-+1", 10, -EINVAL, 0 },
		{ "+-1", 10, -EINVAL, 0 },
		{ "-", 10, -EINVAL, 0 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		long long v = UNTOUCHED;
		int err = kstrtoll(cases[i].s, cases[i].base, &v);
		long long want = cases[i].err ? UNTOUCHED : cases[i].value;

		EXPECT(err == cases[i].err && v == want,
		       "kstrtoll(\"%s\", %u): %d, %lld; want %d, %lld", cases[i].s, cases[i].base,
		       err, v, cases[i].err, want);
	}
}

/* The narrower types: the same parser plus a range check at each edge. */
static void narrow_types(void)
{
	static const struct signed_case int_cases[] = {
		{ "2147483647", 10, 0, INT_MAX },
		{ "2147483648", 10, -ERANGE, 0 },
		{ "-2147483648", 10, 0, INT_MIN },
		{ "-2147483649", 10, -ERANGE, 0 },
		{ "0x7fffffff", 0, 0, INT_MAX },
		{ "x", 0, -EINVAL, 0 },
	};
	static const struct unsigned_case uint_cases[] = {
		{ "4294967295", 10, 0, UINT_MAX },
		{ "4294967296", 10, -ERANGE, 0 },
		{ "-1", 10, -EINVAL, 0 },
		{ "0xffffffff", 16, 0, UINT_MAX },
	};
	static const struct unsigned_case ulong_cases[] = {
		{ "4294967295", 10, 0, 4294967295UL },
		{ "18446744073709551616", 10, -ERANGE, 0 },
		{ "12x", 10, -EINVAL, 0 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(int_cases); i++) {
		int v = UNTOUCHED;
		int err = kstrtoint(int_cases[i].s, int_cases[i].base, &v);
		long long want = int_cases[i].err ? UNTOUCHED : int_cases[i].value;

		EXPECT(err == int_cases[i].err && v == want, "kstrtoint(\"%s\"): %d, %d",
		       int_cases[i].s, err, v);
	}
	for (i = 0; i < ARRAY_SIZE(uint_cases); i++) {
		unsigned int v = UNTOUCHED;
		int err = kstrtouint(uint_cases[i].s, uint_cases[i].base, &v);
		unsigned long long want = uint_cases[i].err ? UNTOUCHED : uint_cases[i].value;

		EXPECT(err == uint_cases[i].err && v == want, "kstrtouint(\"%s\"): %d, %u",
		       uint_cases[i].s, err, v);
	}
	for (i = 0; i < ARRAY_SIZE(ulong_cases); i++) {
		unsigned long v = UNTOUCHED;
		int err = kstrtoul(ulong_cases[i].s, ulong_cases[i].base, &v);
		unsigned long long want = ulong_cases[i].err ? UNTOUCHED : ulong_cases[i].value;

		EXPECT(err == ulong_cases[i].err && v == want, "kstrtoul(\"%s\"): %d, %lu",
		       ulong_cases[i].s, err, v);
	}
}

static void kstrtobool_table(void)
{
	static const char *const yes[] = { "y", "Y", "yes", "t", "true", "1", "on", "ON", "1\n" };
	static const char *const no[] = { "n", "N", "no", "f", "false", "0", "off", "OFF" };
	static const char *const junk[] = { "", "o", "ox", "x", "2", " y", "\n" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(yes); i++) {
		bool v = false;

		EXPECT(kstrtobool(yes[i], &v) == 0 && v, "kstrtobool(\"%s\") must be true", yes[i]);
	}
	for (i = 0; i < ARRAY_SIZE(no); i++) {
		bool v = true;

		EXPECT(kstrtobool(no[i], &v) == 0 && !v, "kstrtobool(\"%s\") must be false", no[i]);
	}
	for (i = 0; i < ARRAY_SIZE(junk); i++) {
		bool v = true;

		EXPECT(kstrtobool(junk[i], &v) == -EINVAL && v, "kstrtobool(\"%s\") must fail",
		       junk[i]);
	}
}

static const struct ktap_case cases[] = {
	KTAP_CASE(kstrtoull_table),
	KTAP_CASE(kstrtoll_table),
	KTAP_CASE(narrow_types),
	KTAP_CASE(kstrtobool_table),
};

KTAP_MAIN(cases)
