/*
 * The "alternative_x86" suite: x86_64's half of patching, checked on sites
 * whose bytes are known.
 *
 * - Test sites keyed on X86_FEATURE_ALWAYS (always patched) and its
 *   opposite: the bytes are exactly the original (plus 0x90 padding) or
 *   the replacement (plus the multi-byte NOP), and calling them returns
 *   what the chosen code computes.
 * - Relative call, jmp and jz in a replacement: after the copy they still
 *   reach their target (decoded from the site, and by running them), and a
 *   branch in an unpatched site still reaches the original target.
 * - The real users: memcpy/memset start with a 5-byte NOP (ERMS) or a jump
 *   to memcpy_orig/memset_orig; crc32c sites call crc32c_sse42 or
 *   crc32c_generic; popcount sites hold popcnt or call __sw_hweight*.
 * - .smp_locks: every lock prefix (smp_mb()'s too) became 0x3e (DS) on a
 *   one-CPU machine and stayed 0xf0 otherwise, and an atomic increment
 *   still counts right.
 * - stac sets EFLAGS.AC and clac clears it where the CPU has SMAP; both are
 *   NOPs elsewhere.
 *
 * An init suite: the records and replacements are freed with init memory.
 */
#include <asm/alternative.h>
#include <asm/cpufeature.h>
#include <asm/smap.h>
#include <kernel/alternative.h>
#include <kernel/barrier.h>
#include <kernel/bootinfo.h>
#include <kernel/cpufeature.h>
#include <kernel/crc32.h>
#include <kernel/hweight.h>
#include <kernel/init.h>
#include <kernel/ktest.h>
#include <kernel/sections.h>
#include <kernel/string.h>

#include "../alternative_site.h"

/* arch/x86_64/lib/memcpy.S: the unrolled loops memcpy/memset jump to without ERMS. */
void *memcpy_orig(void *dst, const void *src, size_t n);
void *memset_orig(void *s, int c, size_t n);

/*
 * A function `name` in .text whose body is one alternative and a ret, plus
 * copies of the original and the replacement assembled into .init.rodata
 * (name_old, name_new), for comparing bytes. Only for position-independent
 * instructions: a relative branch assembled elsewhere encodes differently.
 */
#define TEST_FUNC(name, old, new, feature)				\
	__asm__(".pushsection .text\n"					\
		".type " #name ", @function\n"				\
		#name ":\n"						\
		ALTERNATIVE(old, new, feature)				\
		"\tret\n"						\
		".size " #name ", . - " #name "\n"			\
		".popsection\n"						\
		".pushsection .init.rodata, \"a\"\n"			\
		#name "_old: " old "\n" #name "_old_end:\n"		\
		#name "_new: " new "\n" #name "_new_end:\n"		\
		".popsection\n")

DECLARE_TEST_FUNC(alt_x86_always);
DECLARE_TEST_FUNC(alt_x86_never);
DECLARE_TEST_FUNC(alt_x86_grow);
DECLARE_TEST_FUNC(alt_x86_shrink);
TEST_FUNC(alt_x86_always, "movl $1, %eax", "movl $2, %eax", X86_FEATURE_ALWAYS);
TEST_FUNC(alt_x86_never, "movl $1, %eax", "movl $2, %eax", ALT_NOT(X86_FEATURE_ALWAYS));
TEST_FUNC(alt_x86_grow, "xorl %eax, %eax", "movl $0x12345678, %eax; bswapl %eax",
	  X86_FEATURE_ALWAYS);
TEST_FUNC(alt_x86_shrink, "movl $5, %eax; addl $1, %eax", "movl $7, %eax", X86_FEATURE_ALWAYS);

/* Branches: two targets that say which one ran, and sites that reach them. */
int alt_x86_target_a(void);
int alt_x86_target_b(void);
int alt_x86_call(void);
int alt_x86_jmp(void);
int alt_x86_jz(void);
__asm__(".pushsection .text\n"
	"alt_x86_target_a: movl $0xa, %eax\n\tret\n"
	"alt_x86_target_b: movl $0xb, %eax\n\tret\n"
	".type alt_x86_call, @function\n"
	"alt_x86_call:\n"
	ALTERNATIVE("call alt_x86_target_a", "call alt_x86_target_b", X86_FEATURE_ALWAYS)
	"\tret\n"
	".size alt_x86_call, . - alt_x86_call\n"
	/* jmp to a nearby label: gas picks the 2-byte form here, rel32 in the replacement. */
	".type alt_x86_jmp, @function\n"
	"alt_x86_jmp:\n"
	ALTERNATIVE("jmp alt_x86_target_a", "jmp alt_x86_target_b", X86_FEATURE_ALWAYS)
	".size alt_x86_jmp, . - alt_x86_jmp\n"
	".type alt_x86_jz, @function\n"
	"alt_x86_jz:\n"
	"\txorl %eax, %eax\n"		/* ZF = 1 */
	ALTERNATIVE("jz alt_x86_target_a", "jz alt_x86_target_b", X86_FEATURE_ALWAYS)
	"\tmovl $0xbad, %eax\n\tret\n"
	".size alt_x86_jz, . - alt_x86_jz\n"
	".popsection\n");

/* The target of the call/jmp/jz rel32 at insn, or NULL if insn is none of them. */
static const u8 *__init rel32_target(const u8 *insn)
{
	s32 disp;

	if (insn[0] == 0xe8 || insn[0] == 0xe9) {
		memcpy(&disp, insn + 1, 4);
		return insn + 5 + disp;
	}
	if (insn[0] == 0x0f && (insn[1] & 0xf0) == 0x80) {
		memcpy(&disp, insn + 2, 4);
		return insn + 6 + disp;
	}
	return NULL;
}

/*
 * The length of the NOP at p (no more than left bytes), or 0: 0x90 or
 * "nopl/nopw r/m" (0f 1f /0), after any 0x66 prefixes, with the ModRM,
 * SIB and displacement bytes its ModRM byte calls for (Intel SDM vol. 2).
 */
static unsigned int __init nop_length(const u8 *p, unsigned int left)
{
	unsigned int n = 0, mod, rm;

	while (n < left && p[n] == 0x66)
		n++;
	if (n < left && p[n] == 0x90)
		return n + 1;
	if (n + 3 > left || p[n] != 0x0f || p[n + 1] != 0x1f || (p[n + 2] & 0x38))
		return 0;
	mod = p[n + 2] >> 6;
	rm = p[n + 2] & 7;
	n += 3;
	if (mod != 3 && rm == 4)
		n++;				/* SIB */
	if (mod == 1)
		n += 1;				/* disp8 */
	else if (mod == 2 || (mod == 0 && rm == 5))
		n += 4;				/* disp32 */
	return n <= left ? n : 0;
}

/*
 * alternative_site.h, worked out from the encodings: the replacement's
 * bytes, where a first call/jmp/Jcc rel32 that leaves the replacement
 * reaches the same target from the site, then nothing but NOPs.
 */
bool __init alt_site_holds_replacement(const struct alt_instr *a)
{
	const u8 *site = alt_site(a), *repl = alt_replacement(a), *target = NULL;
	unsigned int len = a->replacementlen, at = 0, n;

	if (len >= 6 || (len == 5 && repl[0] != 0x0f))
		target = rel32_target(repl);
	if (target && (target < repl || target > repl + len)) {
		at = repl[0] == 0x0f ? 2 : 1;
		if (rel32_target(site) != target)
			return false;
	}
	for (unsigned int i = 0; i < len; i++)
		if ((!at || i < at || i >= at + 4) && site[i] != repl[i])
			return false;
	for (unsigned int i = len; i < a->instrlen; i += n)
		if (!(n = nop_length(site + i, a->instrlen - i)))
			return false;
	return true;
}

static void __init known_sites(struct ktest *t)
{
	static const u8 nop3[] __initconst = { 0x0f, 0x1f, 0x00 };
	bool on = alternatives_patched;

	EXPECT_SITE(t, alt_x86_always, on);
	EXPECT_SITE(t, alt_x86_never, false);
	EXPECT_SITE(t, alt_x86_grow, on);
	EXPECT_SITE(t, alt_x86_shrink, on);
	/* Three bytes shorter: the 3-byte NOP of Intel's list pads it. */
	if (on)
		KTEST_EXPECT_EQ(t, memcmp((const u8 *)alt_x86_shrink + 5, nop3, 3), 0);
	KTEST_EXPECT_EQ(t, alt_x86_always(), on ? 2 : 1);
	KTEST_EXPECT_EQ(t, alt_x86_never(), 1);
	KTEST_EXPECT_EQ(t, alt_x86_grow(), on ? 0x78563412 : 0);
	KTEST_EXPECT_EQ(t, alt_x86_shrink(), on ? 7 : 6);
}

static void __init branches_reaimed(struct ktest *t)
{
	bool on = alternatives_patched;
	const void *want = on ? (const void *)alt_x86_target_b : (const void *)alt_x86_target_a;
	const u8 *jz_site = (const u8 *)alt_x86_jz + 2;	/* after the 2-byte xorl */

	KTEST_EXPECT_TRUE(t, rel32_target((const u8 *)alt_x86_call) == want);
	KTEST_EXPECT_TRUE(t, alt_find_record(jz_site) != NULL);
	if (on) {
		KTEST_EXPECT_TRUE(t, rel32_target((const u8 *)alt_x86_jmp) == want);
		KTEST_EXPECT_TRUE(t, rel32_target(jz_site) == want);
	}
	KTEST_EXPECT_EQ(t, alt_x86_call(), on ? 0xb : 0xa);
	KTEST_EXPECT_EQ(t, alt_x86_jmp(), on ? 0xb : 0xa);
	KTEST_EXPECT_EQ(t, alt_x86_jz(), on ? 0xb : 0xa);
}

static void __init memcpy_memset_sites(struct ktest *t)
{
	static const u8 nop5[] __initconst = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
	bool fast = alternatives_patched && cpu_has(X86_FEATURE_ERMS);

	KTEST_EXPECT_TRUE(t, alt_find_record(memcpy) != NULL);
	KTEST_EXPECT_TRUE(t, alt_find_record(memset) != NULL);
	if (fast) {
		KTEST_EXPECT_EQ(t, memcmp(memcpy, nop5, 5), 0);
		KTEST_EXPECT_EQ(t, memcmp(memset, nop5, 5), 0);
	} else {
		KTEST_EXPECT_TRUE(t, rel32_target((const u8 *)memcpy) ==
				     (const u8 *)memcpy_orig);
		KTEST_EXPECT_TRUE(t, rel32_target((const u8 *)memset) ==
				     (const u8 *)memset_orig);
	}
}

/* Each crc32c and popcount site holds the fast code or calls the portable one. */
static void __init user_sites(struct ktest *t)
{
	unsigned int crc_sites = 0, popcnt_sites = 0;

	for_each_section_entry(struct alt_instr, __alt_instructions, __alt_instructions_end, a) {
		const u8 *site = alt_site(a), *target = rel32_target(site);
		bool on = alternatives_patched && alt_wanted(a);

		if (a->feature == X86_FEATURE_XMM4_2) {
			crc_sites++;
			KTEST_EXPECT_TRUE(t, target == (on ? (const u8 *)crc32c_sse42
						       : (const u8 *)crc32c_generic));
		} else if (a->feature == X86_FEATURE_POPCNT) {
			popcnt_sites++;
			/* f3 is popcnt's mandatory prefix */
			if (on)
				KTEST_EXPECT_EQ(t, site[0], 0xf3);
			else
				KTEST_EXPECT_TRUE(t, target == (const u8 *)__sw_hweight32 ||
						     target == (const u8 *)__sw_hweight64);
		}
	}
	KTEST_EXPECT_GT(t, crc_sites, 0);
	KTEST_EXPECT_GT(t, popcnt_sites, 0);
}

/* Not __init: .smp_locks may only point at code that stays. */
static __noinline void locked_inc(int *p)
{
	__asm__ __volatile__(LOCK_PREFIX "incl %0" : "+m"(*p));
}

/* smp_mb() is a locked instruction too (asm/barrier.h). */
static __noinline void full_barrier(void)
{
	smp_mb();
}

static void __init lock_prefixes(struct ktest *t)
{
	u8 want = alternatives_patched && boot_info.nr_cpus == 1 ? X86_DS_PREFIX_BYTE
								 : X86_LOCK_PREFIX_BYTE;
	const u8 *mine = NULL;
	int count = 41;

	for_each_section_entry(s32, __smp_locks, __smp_locks_end, off) {
		const u8 *prefix = (const u8 *)off + *off;

		/* incl m32 is ff /0: the locked instruction of locked_inc(). */
		if (in_section((unsigned long)prefix, locked_inc, (const u8 *)locked_inc + 32) &&
		    prefix[1] == 0xff)
			mine = prefix;
		if (is_kernel_text((unsigned long)prefix))
			KTEST_EXPECT_EQ(t, *prefix, want);
	}
	KTEST_ASSERT_TRUE(t, mine != NULL);
	locked_inc(&count);
	full_barrier();
	KTEST_EXPECT_EQ(t, count, 42);
	ktest_diag("smp_locks: %zu prefixes, %s", section_count(__smp_locks, __smp_locks_end, 4),
		   want == X86_DS_PREFIX_BYTE ? "removed (one CPU)" : "kept");
}

/* EFLAGS.AC (bit 18): stac sets it, clac clears it. */
static __always_inline bool eflags_ac(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushfq\n\tpopq %0" : "=rm"(flags));
	return flags & (1ul << 18);
}

/* stac() and clac() are NOPs until patched; where the CPU has SMAP they move EFLAGS.AC. */
static void __init stac_clac_move_ac(struct ktest *t)
{
	bool smap = alternatives_patched && cpu_has(X86_FEATURE_SMAP), open;

	KTEST_EXPECT_FALSE(t, eflags_ac());
	stac();
	open = eflags_ac();
	clac();
	KTEST_EXPECT_EQ(t, open, smap);
	KTEST_EXPECT_FALSE(t, eflags_ac());
}

static const struct ktest_case alternative_x86_cases[] __initconst = {
	KTEST_CASE(known_sites),
	KTEST_CASE(branches_reaimed),
	KTEST_CASE(memcpy_memset_sites),
	KTEST_CASE(user_sites),
	KTEST_CASE(lock_prefixes),
	KTEST_CASE(stac_clac_move_ac),
	{}
};

static const struct ktest_suite alternative_x86_suite __initconst = {
	"alternative_x86", alternative_x86_cases,
};
ktest_init_suite(alternative_x86_suite);
