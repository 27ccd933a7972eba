/*
 * Character classes for the kernel's parsers (command line, kstrtox,
 * vsnprintf). ASCII only: the kernel reads boot parameters and prints to a
 * serial console, and has no locale. The signatures are the C library's (an
 * int in, a truth value or a character out), but nothing indexes a table, so
 * any int is safe: a negative char is simply "not in the class".
 */
#ifndef _KERNEL_CTYPE_H
#define _KERNEL_CTYPE_H

static inline int isdigit(int c)
{
	return c >= '0' && c <= '9';
}

static inline int isxdigit(int c)
{
	return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static inline int isspace(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static inline int isalpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline int isalnum(int c)
{
	return isalpha(c) || isdigit(c);
}

static inline int isprint(int c)
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
