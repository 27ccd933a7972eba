/*
 * Host test of kernel/lib/string.c and include/kernel/ctype.h: every
 * function against the C library's, on random bytes, at every alignment
 * and every length up to 64 (so the word loops of memcpy and memset start
 * and end at every offset). Buffers are allocated to the exact size, so
 * AddressSanitizer catches a read or write one byte too far.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_host.h"
#include "klib.h"

#define MAX_LEN		64
#define MAX_OFFSET	16

static int sign(int x)
{
	return (x > 0) - (x < 0);
}

static void fill_random(unsigned char *p, size_t n)
{
	while (n--)
		*p++ = rand();
}

/* Random non-NUL bytes from a small alphabet (so strstr and strcmp find matches) or any. */
static void fill_string(char *s, size_t len, int alphabet)
{
	size_t i;

	for (i = 0; i < len; i++)
		s[i] = alphabet ? 'a' + rand() % alphabet : 1 + rand() % 255;
	s[len] = '\0';
}

static void memcpy_all_alignments(void)
{
	size_t soff, doff, len;

	for (soff = 0; soff < MAX_OFFSET; soff++)
		for (doff = 0; doff < MAX_OFFSET; doff++)
			for (len = 0; len <= MAX_LEN; len++) {
				unsigned char *src = malloc(soff + len + 1);
				unsigned char *dst = malloc(doff + len + 1);
				unsigned char *ref = malloc(doff + len + 1);
				void *ret;

				fill_random(src, soff + len + 1);
				fill_random(dst, doff + len + 1);
				memcpy(ref, dst, doff + len + 1);
				ret = k_memcpy(dst + doff, src + soff, len);
				memcpy(ref + doff, src + soff, len);
				EXPECT(ret == dst + doff, "memcpy returned %p, not dst", ret);
				EXPECT(!memcmp(dst, ref, doff + len + 1),
				       "memcpy src+%zu dst+%zu len %zu differs", soff, doff, len);
				free(src);
				free(dst);
				free(ref);
			}
}

static void memmove_overlapping(void)
{
	enum { SIZE = 2 * MAX_OFFSET + MAX_LEN };
	unsigned char buf[SIZE], ref[SIZE];
	size_t src, dst, len;

	for (src = 0; src <= 2 * MAX_OFFSET; src++)
		for (dst = 0; dst <= 2 * MAX_OFFSET; dst++)
			for (len = 0; len <= MAX_LEN; len++) {
				void *ret;

				fill_random(buf, SIZE);
				memcpy(ref, buf, SIZE);
				ret = k_memmove(buf + dst, buf + src, len);
				memmove(ref + dst, ref + src, len);
				EXPECT(ret == buf + dst, "memmove returned %p, not dst", ret);
				EXPECT(!memcmp(buf, ref, SIZE),
				       "memmove src %zu dst %zu len %zu differs", src, dst, len);
			}
}

static void memset_all_alignments(void)
{
	static const int values[] = { 0, 1, 0x7f, 0x80, 0xff, -1, 0x1234 };
	size_t off, len, v;

	for (v = 0; v < ARRAY_SIZE(values); v++)
		for (off = 0; off < MAX_OFFSET; off++)
			for (len = 0; len <= MAX_LEN; len++) {
				unsigned char *buf = malloc(off + len + 1);
				unsigned char *ref = malloc(off + len + 1);
				void *ret;

				fill_random(buf, off + len + 1);
				memcpy(ref, buf, off + len + 1);
				ret = k_memset(buf + off, values[v], len);
				memset(ref + off, values[v], len);
				EXPECT(ret == buf + off, "memset returned %p, not s", ret);
				EXPECT(!memcmp(buf, ref, off + len + 1),
				       "memset(+%zu, %#x, %zu) differs", off, values[v], len);
				free(buf);
				free(ref);
			}
}

/* a + off and b hold the same len bytes, except that b differs first at diff (if < len). */
static void check_memcmp_memchr(size_t off, size_t len, size_t diff)
{
	unsigned char *a = malloc(off + len);
	unsigned char *b = malloc(len);
	const unsigned char *x = a + off;
	int c = rand() & 0xff;

	fill_random(a, off + len);
	memcpy(b, x, len);
	/* Flip one bit: often the difference is in a byte above 0x7f. */
	if (diff < len)
		b[diff] ^= 1 << (rand() % 8);
	EXPECT(sign(k_memcmp(x, b, len)) == sign(memcmp(x, b, len)),
	       "memcmp len %zu diff at %zu", len, diff);
	EXPECT(k_memcmp(b, b, len) == 0, "memcmp of a buffer with itself");
	EXPECT(k_memchr(x, c, len) == memchr(x, c, len), "memchr(%#x) in %zu bytes", c, len);
	EXPECT(k_memchr(x, c + 0x100, len) == memchr(x, c + 0x100, len),
	       "memchr(%#x) must compare as unsigned char", c + 0x100);
	free(a);
	free(b);
}

static void memcmp_and_memchr(void)
{
	size_t off, len, diff;

	for (off = 0; off < MAX_OFFSET; off++)
		for (len = 0; len <= MAX_LEN; len++)
			for (diff = 0; diff <= len; diff++)
				check_memcmp_memchr(off, len, diff);
}

static void strlen_and_strnlen(void)
{
	size_t off, len, max;

	for (off = 0; off < MAX_OFFSET; off++)
		for (len = 0; len <= MAX_LEN; len++) {
			char *s = malloc(off + len + 1);

			fill_string(s + off, len, 0);
			EXPECT(k_strlen(s + off) == len, "strlen +%zu len %zu gave %zu", off, len,
			       k_strlen(s + off));
			for (max = 0; max <= len + 2; max++)
				EXPECT(k_strnlen(s + off, max) == strnlen(s + off, max),
				       "strnlen len %zu max %zu", len, max);
			free(s);
		}
}

static void strcmp_and_strncmp(void)
{
	size_t len, diff, n;

	for (len = 0; len <= MAX_LEN; len++)
		for (diff = 0; diff <= len; diff++) {
			char *a = malloc(len + 1);
			char *b = malloc(len + 1);

			fill_string(a, len, 0);
			memcpy(b, a, len + 1);
			/* Change one byte, possibly to NUL (a shorter b) or above 0x7f. */
			if (diff < len)
				b[diff] = rand() & 0xff;
			EXPECT(sign(k_strcmp(a, b)) == sign(strcmp(a, b)),
			       "strcmp len %zu diff at %zu", len, diff);
			EXPECT(sign(k_strcmp(b, a)) == sign(strcmp(b, a)),
			       "strcmp (swapped) len %zu diff at %zu", len, diff);
			for (n = 0; n <= len + 2; n++)
				EXPECT(sign(k_strncmp(a, b, n)) == sign(strncmp(a, b, n)),
				       "strncmp len %zu diff at %zu n %zu", len, diff, n);
			free(a);
			free(b);
		}
}

static void strchr_and_strrchr(void)
{
	size_t len;
	int c;

	for (len = 0; len <= MAX_LEN; len++) {
		char *s = malloc(len + 1);

		fill_string(s, len, 4);
		for (c = 'a' - 1; c <= 'a' + 4; c++) {
			EXPECT(k_strchr(s, c) == strchr(s, c), "strchr '%c' len %zu", c, len);
			EXPECT(k_strrchr(s, c) == strrchr(s, c), "strrchr '%c' len %zu", c, len);
		}
		/* The NUL is part of the string; c is converted to char. */
		EXPECT(k_strchr(s, 0) == s + len, "strchr(s, 0) must find the NUL");
		EXPECT(k_strrchr(s, 0) == s + len, "strrchr(s, 0) must find the NUL");
		EXPECT(k_strchr(s, 0x100 + 'a') == strchr(s, 'a'), "strchr of 0x100 + 'a'");
		free(s);
	}
}

static void strstr_random(void)
{
	size_t hlen, nlen, round;

	for (hlen = 0; hlen <= 20; hlen++)
		for (nlen = 0; nlen <= 4; nlen++)
			for (round = 0; round < 20; round++) {
				char *h = malloc(hlen + 1);
				char *n = malloc(nlen + 1);

				fill_string(h, hlen, 3);
				fill_string(n, nlen, 3);
				EXPECT(k_strstr(h, n) == strstr(h, n),
				       "strstr(\"%s\", \"%s\")", h, n);
				free(h);
				free(n);
			}
}

static void strscpy_truncation(void)
{
	static const char src[] = "hello";
	size_t size;

	for (size = 0; size <= sizeof(src) + 1; size++) {
		char *dst = malloc(size ? size : 1);
		long ret;

		memset(dst, 'x', size ? size : 1);
		ret = strscpy(dst, src, size);
		if (size == 0) {
			EXPECT(ret == -E2BIG, "size 0: got %ld", ret);
			EXPECT(dst[0] == 'x', "size 0 must write nothing");
		} else if (size < sizeof(src)) {
			EXPECT(ret == -E2BIG, "size %zu: got %ld, want -E2BIG", size, ret);
			EXPECT(!memcmp(dst, src, size - 1) && dst[size - 1] == '\0',
			       "size %zu: want \"%.*s\"", size, (int)size - 1, src);
		} else {
			EXPECT(ret == 5, "size %zu: got %ld, want 5", size, ret);
			EXPECT(!strcmp(dst, src), "size %zu: got \"%s\"", size, dst);
		}
		free(dst);
	}
}

static void strsep_tokens(void)
{
	static const char *const inputs[] = {
		"a,b,c", ",,a,,b,", "", ",", "abc", "a;b,c;;d", ";,",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(inputs); i++) {
		char mine[16], ref[16];
		char *p = mine, *q = ref, *t, *u;

		strcpy(mine, inputs[i]);
		strcpy(ref, inputs[i]);
		do {
			t = k_strsep(&p, ",;");
			u = strsep(&q, ",;");
			EXPECT((t ? t - mine : -1) == (u ? u - ref : -1) &&
			       (!t || !strcmp(t, u)), "strsep on \"%s\"", inputs[i]);
			EXPECT((p ? p - mine : -1) == (q ? q - ref : -1),
			       "strsep: rest pointer on \"%s\"", inputs[i]);
		} while (t && u);
	}
}

static void strsep_end(void)
{
	char *p = NULL;

	EXPECT(k_strsep(&p, ",") == NULL, "strsep(&NULL) must return NULL");
}

/* The classes spelled out as lists, independent of the ranges in ctype.h. */
static void ctype_ascii(void)
{
	static const char digits[] = "0123456789";
	static const char hex[] = "0123456789abcdefABCDEF";
	static const char lower[] = "abcdefghijklmnopqrstuvwxyz";
	static const char upper[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	static const char space[] = " \t\n\v\f\r";
	int c;

	for (c = -128; c < 256; c++) {
		/* c > 0: memchr would find the NUL that ends each list. */
		bool in_digits = c > 0 && memchr(digits, c, strlen(digits));
		bool in_lower = c > 0 && memchr(lower, c, strlen(lower));
		bool in_upper = c > 0 && memchr(upper, c, strlen(upper));
		bool in_hex = c > 0 && memchr(hex, c, strlen(hex));
		bool in_space = c > 0 && memchr(space, c, strlen(space));

		EXPECT(!!k_isdigit(c) == in_digits, "isdigit(%d)", c);
		EXPECT(!!k_isxdigit(c) == in_hex, "isxdigit(%d)", c);
		EXPECT(!!k_isspace(c) == in_space, "isspace(%d)", c);
		EXPECT(!!k_isalpha(c) == (in_lower || in_upper), "isalpha(%d)", c);
		EXPECT(!!k_isalnum(c) == (in_lower || in_upper || in_digits), "isalnum(%d)", c);
		EXPECT(!!k_isprint(c) == (c >= 0x20 && c < 0x7f), "isprint(%d)", c);
		EXPECT(k_tolower(c) == (in_upper ? lower[strchr(upper, c) - upper] : c),
		       "tolower(%d)", c);
		EXPECT(k_toupper(c) == (in_lower ? upper[strchr(lower, c) - lower] : c),
		       "toupper(%d)", c);
	}
}

static const struct ktap_case cases[] = {
	KTAP_CASE(memcpy_all_alignments),
	KTAP_CASE(memmove_overlapping),
	KTAP_CASE(memset_all_alignments),
	KTAP_CASE(memcmp_and_memchr),
	KTAP_CASE(strlen_and_strnlen),
	KTAP_CASE(strcmp_and_strncmp),
	KTAP_CASE(strchr_and_strrchr),
	KTAP_CASE(strstr_random),
	KTAP_CASE(strscpy_truncation),
	KTAP_CASE(strsep_tokens),
	KTAP_CASE(strsep_end),
	KTAP_CASE(ctype_ascii),
};

KTAP_MAIN(cases)
