/*
 * Host test of kernel/lib/vsprintf.c. Where the kernel follows C99 (every
 * integer, %c, %s and %% conversion) the C library's vsnprintf is the
 * reference: a table of flags x widths x precisions x conversions x length
 * modifiers x values, and every buffer size from 0 to one past the output.
 * Where the kernel differs on purpose (%p, %pS, %ps, "(null)", formats it
 * does not know) the expected text is spelled out. kallsyms_lookup() is a
 * fake with three symbols.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_host.h"
#include "klib.h"

static char mine[512], ref[512];

/* Format with both printfs into large buffers; fail unless text and return agree. */
static __printf(1, 2) void compare(const char *fmt, ...)
{
	va_list ap, ap2;
	int n, m;

	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = k_vsnprintf(mine, sizeof(mine), fmt, ap);
	m = vsnprintf(ref, sizeof(ref), fmt, ap2);
	va_end(ap2);
	va_end(ap);
	/* memcmp, not strcmp: %c of 0 puts a NUL inside the output. */
	EXPECT(n == m && (size_t)m < sizeof(ref) && !memcmp(mine, ref, m + 1),
	       "\"%s\": got \"%s\" (%d), want \"%s\" (%d)", fmt, mine, n, ref, m);
}

/*
 * Format into exactly sized buffers of every size from 0 to the output's
 * length + 1 (size 0 with a NULL buffer), checking the stored bytes and
 * the returns of vsnprintf and vscnprintf.
 */
static __printf(1, 2) void compare_truncated(const char *fmt, ...)
{
	va_list ap, copy;
	size_t size;
	int len;

	va_start(ap, fmt);
	va_copy(copy, ap);
	len = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	for (size = 0; size <= (size_t)len + 1; size++) {
		char *a = size ? malloc(size) : NULL;
		char *b = size ? malloc(size) : NULL;
		int n, m, c;

		va_copy(copy, ap);
		n = k_vsnprintf(a, size, fmt, copy);
		va_end(copy);
		va_copy(copy, ap);
		m = vsnprintf(b, size, fmt, copy);
		va_end(copy);
		EXPECT(n == m, "\"%s\" size %zu: returned %d, want %d", fmt, size, n, m);
		EXPECT(size == 0 || !memcmp(a, b, size), "\"%s\" size %zu: got \"%s\", want \"%s\"",
		       fmt, size, a, b);
		va_copy(copy, ap);
		c = vscnprintf(a, size, fmt, copy);
		va_end(copy);
		EXPECT(c == (size == 0 ? 0 : ((size_t)len < size ? len : (int)size - 1)),
		       "\"%s\" size %zu: vscnprintf returned %d", fmt, size, c);
		free(a);
		free(b);
	}
	va_end(ap);
}

/* Pass v as the argument type that length and conversion ask for. */
static void compare_integer(const char *fmt, const char *length, char conversion, long long v)
{
	bool is_signed = conversion == 'd' || conversion == 'i';

	if (!strcmp(length, "l")) {
		if (is_signed)
			compare(fmt, (long)v);
		else
			compare(fmt, (unsigned long)v);
	} else if (!strcmp(length, "ll")) {
		if (is_signed)
			compare(fmt, v);
		else
			compare(fmt, (unsigned long long)v);
	} else if (!strcmp(length, "z") || !strcmp(length, "t")) {
		if (is_signed)
			compare(fmt, (ptrdiff_t)v);
		else
			compare(fmt, (size_t)v);
	} else {
		/* none, h and hh: the argument is an int; printf narrows it. */
		if (is_signed)
			compare(fmt, (int)v);
		else
			compare(fmt, (unsigned int)v);
	}
}

static const long long values[] = {
	0, 1, -1, 7, -8, 42, 127, 128, -128, -129, 255, 256, 32767, -32768, 65535, 65536,
	1000000, INT_MAX, INT_MIN, (long long)INT_MAX + 1, UINT_MAX, 0x123456789abcdefLL,
	1000000000000LL, LLONG_MAX, LLONG_MIN,
};

/* One integer format ("[%<flags><width><precision><length><conversion>]") with every value. */
static void compare_integer_format(const char *flags, const char *width, const char *precision,
				   const char *length, char conversion)
{
	char fmt[32];
	size_t v;

	snprintf(fmt, sizeof(fmt), "[%%%s%s%s%s%c]", flags, width, precision, length, conversion);
	for (v = 0; v < ARRAY_SIZE(values); v++)
		compare_integer(fmt, length, conversion, values[v]);
}

/*
 * Every combination of the five flags, four widths, six precisions, seven
 * length modifiers and six conversions.
 */
static void integers_vs_libc(void)
{
	static const char *const widths[] = { "", "1", "7", "24" };
	static const char *const precisions[] = { "", ".", ".0", ".1", ".5", ".24" };
	static const char *const lengths[] = { "", "hh", "h", "l", "ll", "z", "t" };
	static const char conversions[] = "diuxXo";
	static const char flag_chars[] = "-0+ #";
	unsigned int set, i, w, p, l, c;

	for (set = 0; set < 32; set++) {
		char flags[6] = "";

		for (i = 0; i < 5; i++)
			if (set & (1u << i))
				strncat(flags, &flag_chars[i], 1);
		for (w = 0; w < ARRAY_SIZE(widths); w++)
			for (p = 0; p < ARRAY_SIZE(precisions); p++)
				for (l = 0; l < ARRAY_SIZE(lengths); l++)
					for (c = 0; c < strlen(conversions); c++)
						compare_integer_format(flags, widths[w],
								       precisions[p], lengths[l],
								       conversions[c]);
	}
}

static void strings_and_chars_vs_libc(void)
{
	static const char *const formats[] = {
		"%s", "%10s", "%-10s", "%.0s", "%.3s", "%10.3s", "%-10.3s", "%.20s", "%2s",
		"[%c]", "[%5c]", "[%-5c]", "%%", "100%% %s", "a%cb",
	};
	static const char *const strings[] = { "", "a", "hello", "hello, world" };
	static const int chars[] = { 'A', ' ', 0, 0x7f, 0xe9 };
	size_t f, i;

	for (f = 0; f < ARRAY_SIZE(formats); f++) {
		if (strstr(formats[f], "c]") || strstr(formats[f], "%c")) {
			for (i = 0; i < ARRAY_SIZE(chars); i++)
				compare(formats[f], chars[i]);
		} else {
			for (i = 0; i < ARRAY_SIZE(strings); i++)
				compare(formats[f], strings[i]);
		}
	}
	compare("%s=%d (%#x) %c%c %5.2s|%-4u|", "key", -12, 255, 'o', 'k', "xyz", 7u);
}

/* '*' takes width and precision from int arguments, negative ones included. */
static void star_width_and_precision(void)
{
	int w, p;

	for (w = -12; w <= 12; w++) {
		compare("[%*d]", w, -42);
		compare("[%*s]", w, "abc");
		compare("[%-*x]", w, 0xbeef);
		compare("[%0*d]", w, 42);
		for (p = -3; p <= 12; p++) {
			compare("[%*.*d]", w, p, 12345);
			compare("[%*.*s]", w, p, "hello, world");
			compare("[%#*.*o]", w, p, 8);
		}
	}
}

static void truncation_at_every_size(void)
{
	compare_truncated("hello");
	compare_truncated("%d", INT_MIN);
	compare_truncated("%llu", ULLONG_MAX);
	compare_truncated("%#018llx", 0x1234abcdULL);
	compare_truncated("[%-12s|%8.3s]", "left", "truncate");
	compare_truncated("%c%c%c", 'a', 0, 'b');
	compare_truncated("x=%+d y=% d z=%05d%%", 1, 2, -3);
	compare_truncated("%s", "");
}

/*
 * Into mine, through a function without the printf attribute: given a
 * literal NULL for %s, gcc's format checks (which assume C's rules) would
 * refuse to compile the call.
 */
static int format_mine(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = k_vsnprintf(mine, sizeof(mine), fmt, ap);
	va_end(ap);
	return n;
}

static void null_string(void)
{
	EXPECT(format_mine("%s", NULL) == 6 && !strcmp(mine, "(null)"), "got \"%s\"", mine);
	EXPECT(format_mine("[%8s]", NULL) == 10 && !strcmp(mine, "[  (null)]"), "got \"%s\"",
	       mine);
	EXPECT(format_mine("[%.3s]", NULL) == 5 && !strcmp(mine, "[(nu]"), "got \"%s\"", mine);
}

/* %p: "0x" and the value zero-padded to the width of a pointer, even for NULL. */
static void pointers(void)
{
	static const unsigned long addrs[] = { 0, 1, 0x1234, ULONG_MAX, ULONG_MAX / 3 };
	int digits = 2 * sizeof(void *);
	size_t i;

	for (i = 0; i < ARRAY_SIZE(addrs); i++) {
		void *p = (void *)addrs[i];
		char hex[32];

		snprintf(hex, sizeof(hex), "0x%0*lx", digits, addrs[i]);
		k_snprintf(mine, sizeof(mine), "%p", p);
		EXPECT(!strcmp(mine, hex), "%%p of %#lx: got \"%s\", want \"%s\"", addrs[i], mine,
		       hex);
		snprintf(ref, sizeof(ref), "[%30s][%-30s]", hex, hex);
		k_snprintf(mine, sizeof(mine), "[%30p][%-30p]", p, p);
		EXPECT(!strcmp(mine, ref), "padded %%p: got \"%s\", want \"%s\"", mine, ref);
	}
	/* Only S and s extend %p: anything else is ordinary text. */
	k_snprintf(mine, sizeof(mine), "%pX", (void *)0x10);
	snprintf(ref, sizeof(ref), "0x%0*xX", digits, 0x10);
	EXPECT(!strcmp(mine, ref), "%%pX: got \"%s\", want \"%s\"", mine, ref);
}

static const struct {
	const char *name;
	unsigned long start, size;
} fake_symbols[] = {
	{ "start_kernel", 0x1000, 0x200 },
	{ "do_initcalls", 0x1200, 0x84 },
	{ "a_symbol_name_that_is_quite_long_indeed", 0x2000, 0x10 },
};

const char *kallsyms_lookup(unsigned long addr, unsigned long *symbolsize, unsigned long *offset,
			    char *namebuf)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fake_symbols); i++) {
		if (addr - fake_symbols[i].start < fake_symbols[i].size) {
			*symbolsize = fake_symbols[i].size;
			*offset = addr - fake_symbols[i].start;
			return strcpy(namebuf, fake_symbols[i].name);
		}
	}
	return NULL;
}

/* One module function, hello_init at 0x8000 (0x40 bytes), module "hello". */
const char *module_address_lookup(unsigned long addr, unsigned long *symbolsize,
				  unsigned long *offset, char *modname, char *namebuf)
{
	if (addr - 0x8000 >= 0x40)
		return NULL;
	*symbolsize = 0x40;
	*offset = addr - 0x8000;
	strcpy(modname, "hello");
	return strcpy(namebuf, "hello_init");
}

static void expect_format(const char *want, const char *fmt, void *addr)
{
	int n = k_snprintf(mine, sizeof(mine), fmt, addr);

	EXPECT(n == (int)strlen(want) && !strcmp(mine, want),
	       "\"%s\" of %p: got \"%s\" (%d), want \"%s\"", fmt, addr, mine, n, want);
}

static void symbols(void)
{
	char unknown[64], padded[128];

	expect_format("start_kernel+0x0/0x200", "%pS", (void *)0x1000);
	expect_format("start_kernel+0x1ff/0x200", "%pS", (void *)0x11ff);
	expect_format("do_initcalls+0x40/0x84", "%pS", (void *)0x1240);
	expect_format("do_initcalls", "%ps", (void *)0x1240);
	expect_format("a_symbol_name_that_is_quite_long_indeed+0xf/0x10", "%pS", (void *)0x200f);
	expect_format("[    start_kernel+0x10/0x200]", "[%27pS]", (void *)0x1010);
	expect_format("[start_kernel+0x10/0x200    ]", "[%-27pS]", (void *)0x1010);
	expect_format("[  do_initcalls]", "[%14ps]", (void *)0x1200);
	expect_format("[do_initcalls]", "[%5ps]", (void *)0x1200);
	expect_format("at start_kernel+0x2/0x200: x", "at %pS: x", (void *)0x1002);
	/* A module's symbol names its module, as Linux's %pS. */
	expect_format("hello_init+0x10/0x40 [hello]", "%pS", (void *)0x8010);
	expect_format("hello_init [hello]", "%ps", (void *)0x8010);
	expect_format("[    hello_init+0x3f/0x40 [hello]]", "[%32pS]", (void *)0x803f);
	expect_format("hello_init+0x40/0x40 [hello]", "%pB", (void *)0x8040);

	/* Outside every symbol: like %p, width included. */
	snprintf(unknown, sizeof(unknown), "0x%0*x", (int)(2 * sizeof(void *)), 0x5000);
	expect_format(unknown, "%pS", (void *)0x5000);
	expect_format(unknown, "%ps", (void *)0x5000);
	snprintf(padded, sizeof(padded), "[%-25s]", unknown);
	expect_format(padded, "[%-25pS]", (void *)0x5000);

	/* Truncated output still counts the whole symbol. */
	EXPECT(k_snprintf(mine, 6, "%pS", (void *)0x1000) == 22 && !strcmp(mine, "start"),
	       "truncated %%pS: \"%s\"", mine);
}

static void return_values(void)
{
	char buf[8];

	EXPECT(k_snprintf(NULL, 0, "%d", 12345) == 5, "size 0 must only count");
	memset(buf, 'x', sizeof(buf));
	EXPECT(k_snprintf(buf, 0, "abc") == 3 && buf[0] == 'x', "size 0 must write nothing");
	EXPECT(k_snprintf(buf, 1, "abc") == 3 && buf[0] == '\0', "size 1: only the NUL");
	EXPECT(scnprintf(buf, sizeof(buf), "hello, world") == 7 && !strcmp(buf, "hello, "),
	       "scnprintf must return what was stored: \"%s\"", buf);
	EXPECT(scnprintf(buf, sizeof(buf), "hi") == 2, "scnprintf without truncation");
	EXPECT(scnprintf(buf, 0, "hi") == 0, "scnprintf with size 0");
	EXPECT(scnprintf(buf, 1, "hi") == 0 && buf[0] == '\0', "scnprintf with size 1");
}

/* Conversions the kernel does not know are printed as they stand. */
static void unknown_conversions(void)
{
	static const char *const formats[] = { "%q", "[%-5q]", "%llq", "abc%", "%5", "%.*" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(formats); i++) {
		int n = k_snprintf(mine, sizeof(mine), formats[i], 3);

		EXPECT(n == (int)strlen(formats[i]) && !strcmp(mine, formats[i]),
		       "\"%s\": got \"%s\" (%d)", formats[i], mine, n);
	}
}

static const struct ktap_case cases[] = {
	KTAP_CASE(integers_vs_libc),
	KTAP_CASE(strings_and_chars_vs_libc),
	KTAP_CASE(star_width_and_precision),
	KTAP_CASE(truncation_at_every_size),
	KTAP_CASE(null_string),
	KTAP_CASE(pointers),
	KTAP_CASE(symbols),
	KTAP_CASE(return_values),
	KTAP_CASE(unknown_conversions),
};

KTAP_MAIN(cases)
