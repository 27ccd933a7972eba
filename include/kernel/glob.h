/*
 * Shell-style wildcard matching (kernel/lib/glob.c), used to pick test
 * suites with the ktest.filter= boot parameter, e.g. ktest.filter=percpu*.
 *
 * The whole of str must match the pattern. In a pattern, '*' matches any
 * run of characters (also none), '?' any one character, and [...] one
 * character from a class: [abc], a range [a-z], negated [!0-9]. A ']'
 * right after '[' or "[!" belongs to the class; a '[' that is never closed
 * is an ordinary character. There is no escape character.
 */
#ifndef _KERNEL_GLOB_H
#define _KERNEL_GLOB_H

#include <kernel/types.h>

bool glob_match(const char *pattern, const char *str);

#endif
