/*
 * Memory and string functions (see include/kernel/string.h).
 *
 * Plain loops, except that memcpy() and memset() move a machine word at a
 * time once the pointers are word aligned: boot copies and clears whole
 * pages with them. Aligned words only, because 32-bit ARM faults on an
 * unaligned access while the MMU is still off.
 *
 * gcc likes to turn a byte loop into a call to memset() or memcpy(), which
 * inside memset() itself would recurse forever; the kernel build passes
 * -fno-tree-loop-distribute-patterns to stop it (clang does not do this
 * with -ffreestanding).
 */
#include <kernel/errno.h>
#include <kernel/string.h>

/* A machine word that may alias any other type, so word copies are legal C. */
typedef unsigned long __attribute__((__may_alias__)) word_t;
#define WORD_SIZE sizeof(word_t)

static bool word_aligned(const void *p)
{
	return ((uintptr_t)p & (WORD_SIZE - 1)) == 0;
}

/*
 * Copy upwards. Also right for memmove() when dst lies below src: each word
 * or byte is read before anything at or above it is written.
 */
static void copy_forward(unsigned char *d, const unsigned char *s, size_t n)
{
	if (((uintptr_t)d & (WORD_SIZE - 1)) == ((uintptr_t)s & (WORD_SIZE - 1))) {
		for (; n && !word_aligned(d); n--)
			*d++ = *s++;
		for (; n >= WORD_SIZE; n -= WORD_SIZE) {
			*(word_t *)d = *(const word_t *)s;
			d += WORD_SIZE;
			s += WORD_SIZE;
		}
	}
	while (n--)
		*d++ = *s++;
}

void *memcpy_generic(void *dst, const void *src, size_t n)
{
	copy_forward(dst, src, n);
	return dst;
}

/*
 * Weak: an arch may define its own memcpy() and memset() and fall back to
 * these (x86_64: rep movs/stos, chosen at boot by an alternative; ARM:
 * ldm/stm for the aligned bulk).
 */
void *memcpy(void *dst, const void *src, size_t n)
	__attribute__((__weak__, __alias__("memcpy_generic")));

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if ((uintptr_t)d <= (uintptr_t)s || (uintptr_t)d >= (uintptr_t)s + n) {
		copy_forward(d, s, n);
		return dst;
	}
	/* dst overlaps the end of src: copy downwards. */
	while (n--)
		d[n] = s[n];
	return dst;
}

void *memset_generic(void *s, int c, size_t n)
{
	unsigned char *p = s;
	/* The byte repeated in every byte of a word: 0x0101...01 * c. */
	word_t pattern = (unsigned char)c * (~0UL / 0xff);

	for (; n && !word_aligned(p); n--)
		*p++ = (unsigned char)c;
	for (; n >= WORD_SIZE; n -= WORD_SIZE) {
		*(word_t *)p = pattern;
		p += WORD_SIZE;
	}
	while (n--)
		*p++ = (unsigned char)c;
	return s;
}

void *memset(void *s, int c, size_t n) __attribute__((__weak__, __alias__("memset_generic")));

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (; n; n--, x++, y++) {
		if (*x != *y)
			return *x - *y;
	}
	return 0;
}

void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++) {
		if (*p == (unsigned char)c)
			return (void *)p;
	}
	return NULL;
}

size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return p - s;
}

size_t strnlen(const char *s, size_t maxlen)
{
	size_t n = 0;

	while (n < maxlen && s[n])
		n++;
	return n;
}

/* Characters compare as unsigned char, as the C standard asks. */
int strcmp(const char *a, const char *b)
{
	const unsigned char *x = (const unsigned char *)a;
	const unsigned char *y = (const unsigned char *)b;

	while (*x && *x == *y) {
		x++;
		y++;
	}
	return *x - *y;
}

int strncmp(const char *a, const char *b, size_t n)
{
	const unsigned char *x = (const unsigned char *)a;
	const unsigned char *y = (const unsigned char *)b;

	for (; n; n--, x++, y++) {
		if (*x != *y)
			return *x - *y;
		if (!*x)
			break;
	}
	return 0;
}

/* The terminating NUL counts as part of the string: strchr(s, 0) finds it. */
char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}

char *strstr(const char *haystack, const char *needle)
{
	size_t len = strlen(needle);

	for (;; haystack++) {
		/* strncmp, not memcmp: it stops at the end of a short haystack. */
		if (!strncmp(haystack, needle, len))
			return (char *)haystack;
		if (!*haystack)
			return NULL;
	}
}

long strscpy(char *dst, const char *src, size_t size)
{
	size_t i;

	/* A size this large is a negative number in disguise: refuse it. */
	if (size == 0 || size > __INT_MAX__)
		return -E2BIG;
	for (i = 0; i < size; i++) {
		dst[i] = src[i];
		if (!src[i])
			return i;
	}
	dst[size - 1] = '\0';
	return -E2BIG;
}

char *strsep(char **stringp, const char *delim)
{
	char *token = *stringp;
	char *end;

	if (!token)
		return NULL;
	for (end = token; *end && !strchr(delim, *end); end++)
		;
	if (*end) {
		*end = '\0';
		*stringp = end + 1;
	} else {
		*stringp = NULL;
	}
	return token;
}
