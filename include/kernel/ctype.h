/*
 * Character classes for the kernel's parsers (command line, kstrtox,
 * vsnprintf). ASCII only: the kernel reads boot parameters and prints to a
 * serial console, and has no locale. Unlike the C library these take any int
 * and never index a table, so a negative char is simply "not in the class".
 */
#ifndef _KERNEL_CTYPE_H
#define _KERNEL_CTYPE_H

#include <kernel/types.h>

static inline bool isdigit(int c)
{
	return c >= '0' && c <= '9';
}

static inline bool isxdigit(int c)
{
	return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static inline bool isspace(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static inline bool isalpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline bool isalnum(int c)
{
	return isalpha(c) || isdigit(c);
}

static inline bool isprint(int c)
{
	return c >= ' ' && c <= '~';
}

static inline int tolower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

static inline int toupper(int c)
{
	return (c >= 'a' && c <= 'z') ? c - 'a' + 'A' : c;
}

#endif
