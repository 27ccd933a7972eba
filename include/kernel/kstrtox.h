/*
 * Numbers and booleans from strings, for boot parameters (mem=512M,
 * ktest.filter=..., loglevel=7) and anything else the kernel parses
 * (kernel/lib/kstrtox.c). Names and behaviour are Linux's.
 *
 * The kstrto*() functions accept a whole string or nothing: an optional
 * '+' (or '-' for the signed ones), digits, and at most one trailing
 * newline. base is 0 or 2..16; base 0 reads "0x1f" as hex, "017" as octal
 * and anything else as decimal, and base 16 also accepts a "0x" prefix.
 * They return 0 and store the value, or -EINVAL for a malformed string or
 * -ERANGE for one that does not fit, leaving *res untouched.
 */
#ifndef _KERNEL_KSTRTOX_H
#define _KERNEL_KSTRTOX_H

#include <kernel/types.h>

int kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int kstrtoll(const char *s, unsigned int base, long long *res);
int kstrtoul(const char *s, unsigned int base, unsigned long *res);
int kstrtouint(const char *s, unsigned int base, unsigned int *res);
int kstrtoint(const char *s, unsigned int base, int *res);

/* y/Y/t/T/1/on -> true, n/N/f/F/0/off -> false (only the first letters count). */
int kstrtobool(const char *s, bool *res);

/*
 * Read the number at the start of s and store where it ends in *end (if end
 * is not NULL). There is no error: no digits gives 0 with *end == s, and a
 * number too large for 64 bits gives ULLONG_MAX.
 */
unsigned long long simple_strtoull(const char *s, char **end, unsigned int base);

/*
 * A size such as "512M" or "0x1000": a number (base 0) with an optional
 * suffix K, M, G, T, P or E (either case) multiplying it by 2^10, 2^20, ...
 * Saturates at ULLONG_MAX. *end (if end is not NULL) is set after the suffix.
 */
unsigned long long memparse(const char *s, char **end);

#endif
