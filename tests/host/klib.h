/*
 * Host tests: the kernel/lib headers, with the functions that clash with
 * the C library under their k_ names (see rename.h). Include it after the
 * C library's headers. Afterwards memcpy is the C library's again and
 * k_memcpy is the kernel's, so a test can compare the two.
 */
#ifndef _HOST_KLIB_H
#define _HOST_KLIB_H

/* glibc's <sys/cdefs.h> defines it too, just as the kernel does: let the kernel's win. */
#undef __always_inline

#include "rename.h"

#include <kernel/bsearch.h>
#include <kernel/compiler.h>
#include <kernel/ctype.h>
#include <kernel/errno.h>
#include <kernel/glob.h>
#include <kernel/kallsyms.h>
#include <kernel/kstrtox.h>
#include <kernel/sort.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

#undef memcpy
#undef memmove
#undef memset
#undef memcmp
#undef memchr
#undef strlen
#undef strnlen
#undef strcmp
#undef strncmp
#undef strchr
#undef strrchr
#undef strstr
#undef strsep
#undef vsnprintf
#undef snprintf
#undef bsearch
#undef isdigit
#undef isxdigit
#undef isspace
#undef isalpha
#undef isalnum
#undef isprint
#undef tolower
#undef toupper

#endif
