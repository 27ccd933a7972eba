/*
 * The "lib" suite: kernel/lib as the running kernel sees it, built with the
 * kernel's own flags (no builtins, no SSE, the arch's calling convention).
 * The host tests cover the same code exhaustively against the C library;
 * this suite proves the kernel build of it, including %pS through the
 * embedded symbol table, which names an address by its preferred symbol.
 */
#include <kernel/errno.h>
#include <kernel/kallsyms.h>
#include <kernel/ktest.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

static void memcpy_memmove_memset(struct ktest *t)
{
	char buf[64], src[64];

	for (int i = 0; i < 64; i++)
		src[i] = (char)(i * 7 + 1);
	for (size_t off = 0; off < 8; off++) {
		for (size_t len = 0; len < 40; len++) {
			memset(buf, 0x5a, sizeof(buf));
			memcpy(buf + off, src, len);
			KTEST_EXPECT_EQ(t, memcmp(buf + off, src, len), 0);
			KTEST_EXPECT_EQ(t, buf[off + len], 0x5a);
		}
	}
	memcpy(buf, src, 64);
	memmove(buf + 3, buf, 40);
	KTEST_EXPECT_EQ(t, memcmp(buf + 3, src, 40), 0);
	memcpy(buf, src, 64);
	memmove(buf, buf + 5, 40);
	KTEST_EXPECT_EQ(t, memcmp(buf, src + 5, 40), 0);
	memset(buf + 1, 0, 10);
	KTEST_EXPECT_EQ(t, buf[0], src[5]);
	KTEST_EXPECT_EQ(t, buf[1] | buf[10], 0);
	KTEST_EXPECT_EQ(t, buf[11], src[16]);
}

static void string_functions(struct ktest *t)
{
	char small[6];

	KTEST_EXPECT_EQ(t, strlen("special"), 7);
	KTEST_EXPECT_EQ(t, strnlen("special", 3), 3);
	KTEST_EXPECT_LT(t, strcmp("abc", "abd"), 0);
	KTEST_EXPECT_EQ(t, strncmp("abcx", "abcy", 3), 0);
	KTEST_EXPECT_EQ(t, strchr("a=b", '=') - "a=b", 1);
	KTEST_EXPECT_EQ(t, strscpy(small, "sections", sizeof(small)), -E2BIG);
	KTEST_EXPECT_STREQ(t, small, "secti");
	KTEST_EXPECT_EQ(t, strscpy(small, "ok", sizeof(small)), 2);
}

static void vsnprintf_formats(struct ktest *t)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%d|%5u|%-4x|%08lx|%s|%c|%%", -42, 7u, 0xabu, 0x1234ul, "k", 'Z');
	KTEST_EXPECT_STREQ(t, buf, "-42|    7|ab  |00001234|k|Z|%");
	snprintf(buf, sizeof(buf), "%llx %lld %zu", 0xfedcba9876543210ull, -1ll, (size_t)123);
	KTEST_EXPECT_STREQ(t, buf, "fedcba9876543210 -1 123");
	KTEST_EXPECT_EQ(t, snprintf(buf, 4, "%s", "truncated"), 9);
	KTEST_EXPECT_STREQ(t, buf, "tru");
}

/* %pS names this very function through the symbol table built at link time. */
static void __noinline vsnprintf_symbol(struct ktest *t)
{
	char buf[KSYM_SYMBOL_LEN];
	unsigned long start, size;

	snprintf(buf, sizeof(buf), "%ps", (void *)vsnprintf_symbol);
	KTEST_EXPECT_STREQ(t, buf, "vsnprintf_symbol");
	KTEST_ASSERT_TRUE(t, kallsyms_symbol_range("vsnprintf_symbol", &start, &size));
	snprintf(buf, sizeof(buf), "%pS", (void *)(start + 3));
	char want[KSYM_SYMBOL_LEN];

	snprintf(want, sizeof(want), "vsnprintf_symbol+0x3/%#lx", size);
	KTEST_EXPECT_STREQ(t, buf, want);
}

/*
 * Of several names for one address, the preferred one comes out: a global function
 * rather than its weak alias (scripts/kallsyms.c puts it first, kernel/kallsyms.c takes
 * the first). Both names lead to the address.
 */
void __noinline ktest_alias_target(void)
{
	barrier();
}
void ktest_alias_weak(void) __attribute__((weak, alias("ktest_alias_target")));

static void alias_named_by_the_preferred_symbol(struct ktest *t)
{
	char buf[KSYM_SYMBOL_LEN];

	KTEST_EXPECT_EQ(t, kallsyms_lookup_name("ktest_alias_weak"),
			kallsyms_lookup_name("ktest_alias_target"));
	snprintf(buf, sizeof(buf), "%ps", (void *)ktest_alias_weak);
	KTEST_EXPECT_STREQ(t, buf, "ktest_alias_target");
}

static const struct ktest_case lib_cases[] = {
	KTEST_CASE(memcpy_memmove_memset),
	KTEST_CASE(string_functions),
	KTEST_CASE(vsnprintf_formats),
	KTEST_CASE(vsnprintf_symbol),
	KTEST_CASE(alias_named_by_the_preferred_symbol),
	{}
};

static const struct ktest_suite lib_suite = { "lib", lib_cases };
ktest_suite(lib_suite);
