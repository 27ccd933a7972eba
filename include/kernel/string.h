/*
 * Memory and string functions for the kernel: the C library's, written for a
 * freestanding kernel (kernel/lib/string.c), plus Linux's strscpy().
 *
 * The compiler itself emits calls to memcpy, memmove, memset and memcmp (for
 * struct copies and large initialisers) even with -ffreestanding, so these
 * four must exist under exactly these names. The host tests build the same
 * code under k_ names (tests/host/rename.h) to compare it with the C library.
 */
#ifndef _KERNEL_STRING_H
#define _KERNEL_STRING_H

#include <kernel/types.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
/* The portable memcpy()/memset(), for an arch whose own versions fall back to them. */
void *memcpy_generic(void *dst, const void *src, size_t n);
void *memset_generic(void *s, int c, size_t n);
void *memchr(const void *s, int c, size_t n);

size_t strlen(const char *s);
size_t strnlen(const char *s, size_t maxlen);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *haystack, const char *needle);

/*
 * Copy the string src into dst, which holds size bytes. Unlike strncpy()
 * the result is always NUL-terminated (when size > 0) and never padded.
 * Returns the length copied, or -E2BIG if src did not fit and was cut.
 * (Linux returns ssize_t; long has the same width on both our arches.)
 */
long strscpy(char *dst, const char *src, size_t size);

/*
 * Split a string in place: return the token at *stringp, ending it at the
 * first byte from delim, and advance *stringp past that byte (NULL after
 * the last token). Empty tokens are returned, unlike strtok().
 */
char *strsep(char **stringp, const char *delim);

#endif
