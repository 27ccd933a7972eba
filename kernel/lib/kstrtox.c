/*
 * String to number conversion (see include/kernel/kstrtox.h).
 *
 * Every function here is built from two steps: fix_base() settles the base
 * and skips a "0x", parse_digits() reads digits while watching for
 * overflow. The kstrto*() family then insists that nothing but a newline
 * follows.
 */
#include <kernel/ctype.h>
#include <kernel/errno.h>
#include <kernel/kstrtox.h>

/* The compiler's own limits: <limits.h> would pull in the host C library's headers. */
#define INT_MAX		__INT_MAX__
#define INT_MIN		(-INT_MAX - 1)
#define LLONG_MAX	__LONG_LONG_MAX__

/* The value of a hex digit, or 16 (too large for any base we accept) for anything else. */
static unsigned int digit_value(char c)
{
	if (isdigit(c))
		return c - '0';
	if (isxdigit(c))
		return tolower(c) - 'a' + 10;
	return 16;
}

/*
 * Settle base 0 from the prefix ("0x" then a hex digit: 16; "0": 8; else
 * 10) and step over a "0x" before hex digits. Returns where the digits start.
 */
static const char *fix_base(const char *s, unsigned int *base)
{
	bool hex_prefix = s[0] == '0' && tolower(s[1]) == 'x' && isxdigit(s[2]);

	if (*base == 0)
		*base = hex_prefix ? 16 : (s[0] == '0' ? 8 : 10);
	if (*base == 16 && hex_prefix)
		s += 2;
	return s;
}

/*
 * Read the digits at s into *res and return how many there were. A number
 * too large sets *overflow and reads as ULLONG_MAX, but all of its digits
 * are still consumed. A base outside 2..16 has no digits at all.
 */
static size_t parse_digits(const char *s, unsigned int base, unsigned long long *res,
			   bool *overflow)
{
	unsigned long long value = 0;
	unsigned int digit;
	size_t n = 0;

	*overflow = false;
	if (base < 2 || base > 16)
		base = 0;
	for (; (digit = digit_value(s[n])) < base; n++) {
		if (__builtin_mul_overflow(value, base, &value) ||
		    __builtin_add_overflow(value, digit, &value))
			*overflow = true;
	}
	*res = *overflow ? ~0ULL : value;
	return n;
}

/* s, without a sign, is the number and at most one newline after it. */
static int parse_whole(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long value;
	bool overflow;
	size_t n;

	s = fix_base(s, &base);
	n = parse_digits(s, base, &value, &overflow);
	if (overflow)
		return -ERANGE;
	if (n == 0)
		return -EINVAL;
	s += n;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = value;
	return 0;
}

int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	if (s[0] == '+')
		s++;
	return parse_whole(s, base, res);
}

int kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long value;
	int err;

	if (s[0] == '-') {
		err = parse_whole(s + 1, base, &value);
		if (err)
			return err;
		if (value > (unsigned long long)LLONG_MAX + 1)
			return -ERANGE;
		/* value - 1 always fits, even when -value is LLONG_MIN. */
		*res = value ? -(long long)(value - 1) - 1 : 0;
		return 0;
	}
	err = kstrtoull(s, base, &value);
	if (err)
		return err;
	if (value > LLONG_MAX)
		return -ERANGE;
	*res = value;
	return 0;
}

int kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long long value;
	int err = kstrtoull(s, base, &value);

	if (err)
		return err;
	if (value > ~0UL)
		return -ERANGE;
	*res = value;
	return 0;
}

int kstrtouint(const char *s, unsigned int base, unsigned int *res)
{
	unsigned long long value;
	int err = kstrtoull(s, base, &value);

	if (err)
		return err;
	if (value > ~0U)
		return -ERANGE;
	*res = value;
	return 0;
}

int kstrtoint(const char *s, unsigned int base, int *res)
{
	long long value;
	int err = kstrtoll(s, base, &value);

	if (err)
		return err;
	if (value < INT_MIN || value > INT_MAX)
		return -ERANGE;
	*res = value;
	return 0;
}

int kstrtobool(const char *s, bool *res)
{
	switch (tolower(s[0])) {
	case 'y':
	case 't':
	case '1':
		*res = true;
		return 0;
	case 'n':
	case 'f':
	case '0':
		*res = false;
		return 0;
	case 'o':
		if (tolower(s[1]) == 'n') {
			*res = true;
			return 0;
		}
		if (tolower(s[1]) == 'f') {
			*res = false;
			return 0;
		}
		return -EINVAL;
	default:
		return -EINVAL;
	}
}
