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

#endif
