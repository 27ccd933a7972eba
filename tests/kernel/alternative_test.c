/*
 * The "alternative" suite: what apply_alternatives() did to the running
 * kernel, and that every patched user computes what its portable version
 * computes.
 *
 * It reads .altinstructions and .altinstr_replacement, which are freed with
 * init memory, so it is an init suite (runs at boot step 16).
 *
 * - Every record points at kernel code, with a replacement no longer than
 *   the site. Every site holds the patched bytes (the replacement, branches
 *   re-aimed, NOPs after it) exactly when the CPU has the feature and
 *   patching was not switched off (noalternatives), and other bytes
 *   otherwise; what "patched" looks like is worked out by the arch's test
 *   from the encodings (alternative_site.h). (tests/kernel/<arch>/ checks some sites against their exact
 *   original bytes.) Patching a module's table does not mark the kernel's
 *   sites patched.
 * - One diagnostic line per feature, "alternatives: popcnt 3/3 sites
 *   patched", which tests/matrix matches for each CPU model.
 * - hweight, crc32_le and crc32c against their portable versions on
 *   thousands of random inputs, lengths and alignments; memcpy and memset
 *   against what they must store, byte by byte, at every alignment.
 * What each costs, portable and as patched, is make bench's to measure
 * (tests/kernel/bench_alternatives.c).
 */
#include <kernel/alternative.h>
#include <kernel/cpufeature.h>
#include <kernel/crc32.h>
#include <kernel/hweight.h>
#include <kernel/init.h>
#include <kernel/ktest.h>
#include <kernel/sections.h>
#include <kernel/string.h>

#include "alternative_site.h"

#define BUF_SIZE	4096
#define BUF_SLACK	64

/* Aligned, so that the memcpy and memset cases' offsets are the alignments they test. */
static u8 src[BUF_SIZE + BUF_SLACK] __initdata __aligned(64);
static u8 dst_a[BUF_SIZE + BUF_SLACK] __initdata __aligned(64);
static u64 rng_state __initdata = 0x5eed5eed12345678ull;

/* xorshift64: plenty for test data, and the same sequence on every boot. */
static u64 __init random_u64(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void __init fill_random(u8 *buf, size_t len)
{
	for (size_t i = 0; i < len; i++)
		buf[i] = (u8)random_u64();
}

/* alternative_site.h: the record whose site is `site`, or NULL. */
const struct alt_instr *__init alt_find_record(const void *site)
{
	for_each_section_entry(struct alt_instr, __alt_instructions, __alt_instructions_end, a)
		if (alt_site(a) == site)
			return a;
	return NULL;
}

/*
 * alternative_site.h: the record of TEST_FUNC fn describes old and new, and
 * its site holds old and the build's padding (ALT_PAD_FILL), or, patched,
 * new and what alt_site_holds_replacement() accepts after it.
 */
void __init alt_expect_site(struct ktest *t, const void *fn, const u8 *old, const u8 *old_end,
			    const u8 *new, const u8 *new_end, bool patched)
{
	const struct alt_instr *a = alt_find_record(fn);
	size_t old_len = old_end - old, new_len = new_end - new;
	size_t len = old_len > new_len ? old_len : new_len;
	const u8 *site = fn;

	KTEST_ASSERT_TRUE(t, a != NULL);
	KTEST_EXPECT_EQ(t, a->instrlen, len);
	KTEST_EXPECT_EQ(t, a->replacementlen, new_len);
	KTEST_EXPECT_EQ(t, memcmp(alt_replacement(a), new, new_len), 0);
	if (patched) {
		KTEST_EXPECT_EQ(t, memcmp(site, new, new_len), 0);
		KTEST_EXPECT_TRUE(t, alt_site_holds_replacement(a));
	} else {
		KTEST_EXPECT_EQ(t, memcmp(site, old, old_len), 0);
		for (size_t i = old_len; i < len; i++)
			KTEST_EXPECT_EQ(t, site[i], ALT_PAD_FILL);
	}
}

static void __init records_point_into_code(struct ktest *t)
{
	size_t n = 0;

	for_each_section_entry(struct alt_instr, __alt_instructions, __alt_instructions_end, a) {
		unsigned long site = (unsigned long)alt_site(a);
		unsigned long repl = (unsigned long)alt_replacement(a);

		if (!is_kernel_text(site))
			ktest_fail(t, __FILE__, __LINE__, "site %#lx is not kernel text", site);
		if (!in_section(repl, __init_begin, __init_end))
			ktest_fail(t, __FILE__, __LINE__, "replacement %#lx of %pS outside init",
				   repl, (void *)site);
		KTEST_EXPECT_LE(t, a->replacementlen, a->instrlen);
		KTEST_EXPECT_LT(t, alt_feature(a), NR_CPU_FEATURES);
		n++;
	}
	/* Every arch has users (x86_64: memcpy; ARM: the division helpers). */
	KTEST_EXPECT_GT(t, n, 0);
}

static void __init sites_hold_what_the_cpu_chose(struct ktest *t)
{
	for_each_section_entry(struct alt_instr, __alt_instructions, __alt_instructions_end, a) {
		bool want = alternatives_patched && alt_wanted(a);

		if (alt_site_holds_replacement(a) != want)
			ktest_fail(t, __FILE__, __LINE__, "%s site at %pS: %s",
				   cpu_feature_name(alt_feature(a)), alt_site(a),
				   want ? "not patched" : "patched, but should not be");
	}
}

/*
 * The module loader calls apply_alternatives() on a module's table; that
 * says nothing of the kernel's own sites, so alternatives_patched must not
 * change (it stays false under noalternatives). A table of no records
 * patches nothing, so the call is safe here.
 */
static void __init module_table_leaves_kernel_flag(struct ktest *t)
{
	struct alt_instr *none = (struct alt_instr *)__alt_instructions;
	bool was = alternatives_patched;

	alternatives_patched = false;
	KTEST_EXPECT_EQ(t, apply_alternatives(none, none), 0u);
	KTEST_EXPECT_FALSE(t, alternatives_patched);
	alternatives_patched = was;
}

/* Sites per feature and per sense (ALT_NOT or not), and how many of them are patched. */
static unsigned int feature_sites[NR_CPU_FEATURES][2] __initdata;
static unsigned int feature_patched[NR_CPU_FEATURES][2] __initdata;

/* One line per feature that has sites: what tests/matrix checks for each CPU model. */
static void __init sites_per_feature(struct ktest *t)
{
	(void)t;
	/* One walk of the records fills both tables (records_point_into_code checks the range). */
	for_each_section_entry(struct alt_instr, __alt_instructions, __alt_instructions_end, a) {
		int inverted = !!(a->feature & ALT_FLAG_NOT);

		if (alt_feature(a) >= NR_CPU_FEATURES)
			continue;
		feature_sites[alt_feature(a)][inverted]++;
		feature_patched[alt_feature(a)][inverted] += alt_site_holds_replacement(a);
	}
	for (unsigned int f = 0; f < NR_CPU_FEATURES; f++) {
		for (int inverted = 0; inverted <= 1; inverted++) {
			if (feature_sites[f][inverted])
				ktest_diag("alternatives: %s%s %u/%u sites patched",
					   inverted ? "!" : "", cpu_feature_name(f) ?: "?",
					   feature_patched[f][inverted], feature_sites[f][inverted]);
		}
	}
}

static void __init hweight_matches_generic(struct ktest *t)
{
	for (int i = 0; i < 1500; i++) {
		/* Sparse and dense words too, not only about half ones. */
		u64 w = random_u64();

		w = i % 3 == 0 ? w & random_u64() : i % 3 == 1 ? w | random_u64() : w;
		KTEST_EXPECT_EQ(t, hweight64(w), __sw_hweight64(w));
		KTEST_EXPECT_EQ(t, hweight32((u32)w), __sw_hweight32((u32)w));
	}
	KTEST_EXPECT_EQ(t, hweight64(~0ull), 64);
	KTEST_EXPECT_EQ(t, hweight32(0), 0);
}

static void __init crc32_matches_generic(struct ktest *t)
{
	static const char check[] __initconst = "123456789";

	KTEST_EXPECT_EQ(t, crc32_le(~0u, check, 9) ^ ~0u, 0xcbf43926u);
	KTEST_EXPECT_EQ(t, crc32c(~0u, check, 9) ^ ~0u, 0xe3069283u);

	fill_random(src, sizeof(src));
	for (size_t align = 0; align < 8; align++) {
		/*
		 * A CRC is a running remainder: the portable CRC of len bytes
		 * goes on from that of the previous length with the bytes in
		 * between, so each alignment reads its bytes once.
		 */
		u32 seed = (u32)random_u64(), le = seed, c = seed;
		size_t done = 0;

		for (size_t len = 0; len <= 520; len += len < 40 ? 1 : 97) {
			le = crc32_le_generic(le, src + align + done, len - done);
			c = crc32c_generic(c, src + align + done, len - done);
			done = len;
			KTEST_EXPECT_EQ(t, crc32_le(seed, src + align, len), le);
			KTEST_EXPECT_EQ(t, crc32c(seed, src + align, len), c);
		}
	}
	KTEST_EXPECT_EQ(t, crc32c(1, src, BUF_SIZE), crc32c_generic(1, src, BUF_SIZE));
	KTEST_EXPECT_EQ(t, crc32_le(1, src, BUF_SIZE), crc32_le_generic(1, src, BUF_SIZE));
}

/*
 * memcpy() and memset() are checked against what they must do, byte by
 * byte, rather than against the portable versions: on ARM memcpy() is
 * memcpy_generic() itself. Only the bytes a call may reach are filled and
 * read back, with GUARD bytes after them (and doff before) that must not
 * change.
 */
#define GUARD		16
#define MAX_OFFSET	8	/* every alignment to the widest word either arch moves */

/*
 * These fills and scans are most of the case's work, so they go a word at a
 * time where the address is word aligned; the bytes they touch are the same.
 */
static bool __init word_aligned(const u8 *p)
{
	return ((unsigned long)p & (sizeof(long) - 1)) == 0;
}

static void __init set_bytes(u8 *p, u8 c, size_t n)
{
	unsigned long word = c * (~0ul / 0xff);

	for (; n && !word_aligned(p); n--)
		*p++ = c;
	for (; n >= sizeof(long); n -= sizeof(long), p += sizeof(long))
		*(unsigned long *)p = word;
	while (n--)
		*p++ = c;
}

static bool __init bytes_are(const u8 *p, u8 c, size_t n)
{
	unsigned long word = c * (~0ul / 0xff);

	for (; n && !word_aligned(p); n--)
		if (*p++ != c)
			return false;
	for (; n >= sizeof(long); n -= sizeof(long), p += sizeof(long))
		if (*(const unsigned long *)p != word)
			return false;
	for (; n; n--)
		if (*p++ != c)
			return false;
	return true;
}

static void __init check_memcpy(struct ktest *t, size_t so, size_t doff, size_t len)
{
	void *ret;

	set_bytes(dst_a, 0xa5, doff + len + GUARD);
	ret = memcpy(dst_a + doff, src + so, len);
	KTEST_EXPECT_EQ(t, (unsigned long)ret, (unsigned long)(dst_a + doff));
	if (!bytes_are(dst_a, 0xa5, doff) || memcmp(dst_a + doff, src + so, len) ||
	    !bytes_are(dst_a + doff + len, 0xa5, GUARD))
		ktest_fail(t, __FILE__, __LINE__, "memcpy src+%zu dst+%zu len %zu", so, doff, len);
}

static void __init check_memset(struct ktest *t, size_t doff, size_t len)
{
	u8 c = (u8)random_u64(), other = ~c;
	void *ret;

	set_bytes(dst_a, other, doff + len + GUARD);
	/* An int whose high bytes are not c's: memset() stores (unsigned char)c. */
	ret = memset(dst_a + doff, 0x5a00 | c, len);
	KTEST_EXPECT_EQ(t, (unsigned long)ret, (unsigned long)(dst_a + doff));
	if (!bytes_are(dst_a, other, doff) || !bytes_are(dst_a + doff, c, len) ||
	    !bytes_are(dst_a + doff + len, other, GUARD))
		ktest_fail(t, __FILE__, __LINE__, "memset dst+%zu len %zu", doff, len);
}

/* Every alignment of source and destination; every head, body and tail; longer copies. */
static void __init memcpy_memset_store_the_right_bytes(struct ktest *t)
{
	fill_random(src, sizeof(src));
	for (size_t doff = 0; doff < MAX_OFFSET; doff++) {
		for (size_t len = 0; len < 300; len += len < 3 * MAX_OFFSET ? 1 : 89) {
			for (size_t so = 0; so < MAX_OFFSET; so++)
				check_memcpy(t, so, doff, len);
			check_memset(t, doff, len);
		}
	}
	/* A whole page, as boot code copies them. */
	memcpy(dst_a, src, BUF_SIZE);
	KTEST_EXPECT_EQ(t, memcmp(dst_a, src, BUF_SIZE), 0);
}

static const struct ktest_case alternative_cases[] __initconst = {
	KTEST_CASE(records_point_into_code),
	KTEST_CASE(sites_hold_what_the_cpu_chose),
	KTEST_CASE(module_table_leaves_kernel_flag),
	KTEST_CASE(sites_per_feature),
	KTEST_CASE(hweight_matches_generic),
	KTEST_CASE(crc32_matches_generic),
	KTEST_CASE(memcpy_memset_store_the_right_bytes),
	{}
};

static const struct ktest_suite alternative_suite __initconst = {
	"alternative", alternative_cases,
};
ktest_init_suite(alternative_suite);
