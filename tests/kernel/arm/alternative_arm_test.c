/*
 * The "alternative_arm" suite: 32-bit ARM's half of patching, checked on
 * sites whose bytes are known.
 *
 * - Test sites keyed on ARM_FEATURE_ALWAYS (always patched) and its
 *   opposite: the words are exactly the original (plus zero-word padding)
 *   or the replacement (plus nop words), and calling them returns what the
 *   chosen code computes.
 * - b, bl and beq in a replacement: after the copy they still reach their
 *   target (decoded from the site, and by running them).
 * - The real users: each crc32 site calls the ARMv8 version or the
 *   portable one; the division helpers start with udiv/sdiv or a branch to
 *   the portable division; and C's / and % (which call those helpers) agree
 *   with the portable division on thousands of operands.
 * - The SMP barriers (asm/barrier.h) became nops when the device tree lists
 *   one CPU, and stayed dmb otherwise.
 *
 * An init suite: the records and replacements are freed with init memory.
 */
#include <asm/alternative.h>
#include <asm/cpufeature.h>
#include <asm/div.h>
#include <asm/processor.h>
#include <kernel/alternative.h>
#include <kernel/barrier.h>
#include <kernel/bootinfo.h>
#include <kernel/cpufeature.h>
#include <kernel/crc32.h>
#include <kernel/init.h>
#include <kernel/ktest.h>
#include <kernel/sections.h>
#include <kernel/string.h>

#include "../alternative_site.h"

/*
 * A function `name` in .text whose body is one alternative and a return,
 * plus copies of the original and the replacement assembled into
 * .init.rodata (name_old, name_new), for comparing words. Only for
 * position-independent instructions: a branch assembled elsewhere encodes
 * differently.
 */
#define TEST_FUNC(name, old, new, feature)				\
	__asm__(".pushsection .text\n"					\
		".arm\n"						\
		".type " #name ", %function\n"				\
		#name ":\n"						\
		ALTERNATIVE(old, new, feature)				\
		"\tbx lr\n"						\
		".size " #name ", . - " #name "\n"			\
		".popsection\n"						\
		".pushsection .init.rodata, \"a\"\n"			\
		".arm\n"						\
		#name "_old: " old "\n" #name "_old_end:\n"		\
		#name "_new: " new "\n" #name "_new_end:\n"		\
		".popsection\n")

DECLARE_TEST_FUNC(alt_arm_always);
DECLARE_TEST_FUNC(alt_arm_never);
DECLARE_TEST_FUNC(alt_arm_grow);
DECLARE_TEST_FUNC(alt_arm_shrink);
TEST_FUNC(alt_arm_always, "mov r0, #1", "mov r0, #2", ARM_FEATURE_ALWAYS);
TEST_FUNC(alt_arm_never, "mov r0, #1", "mov r0, #2", ALT_NOT(ARM_FEATURE_ALWAYS));
TEST_FUNC(alt_arm_grow, "mov r0, #0", "movw r0, #0x5678; movt r0, #0x1234", ARM_FEATURE_ALWAYS);
TEST_FUNC(alt_arm_shrink, "mov r0, #5; add r0, r0, #1", "mov r0, #7", ARM_FEATURE_ALWAYS);

/* Branches: two targets that say which one ran, and sites that reach them. */
int alt_arm_target_a(void);
int alt_arm_target_b(void);
int alt_arm_b(void);
int alt_arm_bl(void);
int alt_arm_beq(void);
__asm__(".pushsection .text\n"
	".arm\n"
	"alt_arm_target_a: mov r0, #0xa\n\tbx lr\n"
	"alt_arm_target_b: mov r0, #0xb\n\tbx lr\n"
	".type alt_arm_b, %function\n"
	"alt_arm_b:\n"
	ALTERNATIVE("b alt_arm_target_a", "b alt_arm_target_b", ARM_FEATURE_ALWAYS)
	".size alt_arm_b, . - alt_arm_b\n"
	".type alt_arm_bl, %function\n"
	"alt_arm_bl:\n"
	"\tpush {r4, lr}\n"
	"alt_arm_bl_site:\n"
	ALTERNATIVE("bl alt_arm_target_a", "bl alt_arm_target_b", ARM_FEATURE_ALWAYS)
	"\tpop {r4, pc}\n"
	".size alt_arm_bl, . - alt_arm_bl\n"
	".type alt_arm_beq, %function\n"
	"alt_arm_beq:\n"
	"\tcmp r0, r0\n"		/* Z = 1 */
	"alt_arm_beq_site:\n"
	ALTERNATIVE("beq alt_arm_target_a", "beq alt_arm_target_b", ARM_FEATURE_ALWAYS)
	"\tmov r0, #0xbad\n\tbx lr\n"
	".size alt_arm_beq, . - alt_arm_beq\n"
	".popsection\n");
extern const u8 alt_arm_bl_site[], alt_arm_beq_site[];

static u32 __init word_at(const void *p)
{
	u32 w;

	memcpy(&w, p, 4);
	return w;
}

/* The target of the b/bl (any condition) at insn, or NULL if it is none. */
static const u8 *__init branch_target(const u8 *insn)
{
	u32 w = word_at(insn);

	if ((w >> 28) == 0xf || ((w >> 25) & 7) != 5)
		return NULL;
	return insn + 8 + ((s32)(w << 8) >> 6);
}

/*
 * alternative_site.h, worked out from the encodings: the replacement's
 * words, where a b/bl that leaves the replacement keeps its condition and
 * opcode and reaches the same target from the site, then nop words
 * (0xe320f000, the ARMv6K NOP hint).
 */
bool __init alt_site_holds_replacement(const struct alt_instr *a)
{
	const u8 *site = alt_site(a), *repl = alt_replacement(a);
	unsigned int len = a->replacementlen, i;

	for (i = 0; i + 4 <= len; i += 4) {
		const u8 *target = branch_target(repl + i);

		if (target && (target < repl || target > repl + len)) {
			if (branch_target(site + i) != target ||
			    word_at(site + i) >> 24 != word_at(repl + i) >> 24)
				return false;
		} else if (word_at(site + i) != word_at(repl + i)) {
			return false;
		}
	}
	for (; i < a->instrlen; i += 4)
		if (word_at(site + i) != 0xe320f000)
			return false;
	return true;
}

static void __init known_sites(struct ktest *t)
{
	bool on = alternatives_patched;

	EXPECT_SITE(t, alt_arm_always, on);
	EXPECT_SITE(t, alt_arm_never, false);
	EXPECT_SITE(t, alt_arm_grow, on);
	EXPECT_SITE(t, alt_arm_shrink, on);
	KTEST_EXPECT_EQ(t, alt_arm_always(), on ? 2 : 1);
	KTEST_EXPECT_EQ(t, alt_arm_never(), 1);
	KTEST_EXPECT_EQ(t, alt_arm_grow(), on ? 0x12345678 : 0);
	KTEST_EXPECT_EQ(t, alt_arm_shrink(), on ? 7 : 6);
}

static void __init branches_reaimed(struct ktest *t)
{
	bool on = alternatives_patched;
	const u8 *want = on ? (const u8 *)alt_arm_target_b : (const u8 *)alt_arm_target_a;

	KTEST_EXPECT_TRUE(t, branch_target((const u8 *)alt_arm_b) == want);
	KTEST_EXPECT_TRUE(t, branch_target(alt_arm_bl_site) == want);
	KTEST_EXPECT_TRUE(t, branch_target(alt_arm_beq_site) == want);
	KTEST_EXPECT_EQ(t, word_at(alt_arm_beq_site) >> 28, 0);	/* still "eq" */
	KTEST_EXPECT_EQ(t, alt_arm_b(), on ? 0xb : 0xa);
	KTEST_EXPECT_EQ(t, alt_arm_bl(), on ? 0xb : 0xa);
	KTEST_EXPECT_EQ(t, alt_arm_beq(), on ? 0xb : 0xa);
}

/* Each crc32 site calls the ARMv8 version or the portable one, whichever the CPU allows. */
static void __init crc32_sites(struct ktest *t)
{
	unsigned int sites = 0;

	for_each_section_entry(struct alt_instr, __alt_instructions, __alt_instructions_end, a) {
		const u8 *target = branch_target(alt_site(a));
		bool on = alternatives_patched && alt_wanted(a);

		if (a->feature != ARM_FEATURE_CRC32)
			continue;
		sites++;
		if (on)
			KTEST_EXPECT_TRUE(t, target == (const u8 *)crc32_le_armv8 ||
					     target == (const u8 *)crc32c_armv8);
		else
			KTEST_EXPECT_TRUE(t, target == (const u8 *)crc32_le_generic ||
					     target == (const u8 *)crc32c_generic);
	}
	KTEST_EXPECT_GT(t, sites, 0);
}

extern const u8 __aeabi_uidiv[], __aeabi_idiv[];

static void __init division_helpers(struct ktest *t)
{
	if (alternatives_patched && cpu_has(ARM_FEATURE_IDIV)) {
		KTEST_EXPECT_EQ(t, word_at(__aeabi_uidiv), 0xe730f110);	/* udiv r0, r0, r1 */
		KTEST_EXPECT_EQ(t, word_at(__aeabi_idiv), 0xe710f110);	/* sdiv r0, r0, r1 */
	} else {
		KTEST_EXPECT_TRUE(t, branch_target(__aeabi_uidiv) == (const u8 *)udivmod32_generic);
		KTEST_EXPECT_TRUE(t, branch_target(__aeabi_idiv) == (const u8 *)sdivmod32_generic);
	}
}

#define DMB_ISH		0xf57ff05b
#define DMB_ISHST	0xf57ff05a

/* Each SMP barrier is a dmb, or a nop when the device tree lists one CPU. */
static void __init smp_barriers(struct ktest *t)
{
	bool up = alternatives_patched && boot_info.nr_cpus == 1;
	unsigned int sites = 0;

	smp_mb();
	smp_rmb();
	smp_wmb();
	/* ALWAYS is set once feature detection (boot step 4) has run. */
	if (cpu_has(ARM_FEATURE_ALWAYS))
		KTEST_EXPECT_EQ(t, cpu_has(ARM_FEATURE_UP), boot_info.nr_cpus == 1);
	for_each_section_entry(struct alt_instr, __alt_instructions, __alt_instructions_end, a) {
		u32 insn = word_at(alt_site(a));

		if (a->feature != ARM_FEATURE_UP)
			continue;
		sites++;
		if (up)
			KTEST_EXPECT_EQ(t, insn, ARM_NOP_INSN);
		else
			KTEST_EXPECT_TRUE(t, insn == DMB_ISH || insn == DMB_ISHST);
	}
	KTEST_EXPECT_GE(t, sites, 3);
	ktest_diag("smp barriers: %u, %s", sites, up ? "nops (one CPU)" : "dmb");
}

static u32 rng_state __initdata = 2463534242u;

static u32 __init random_u32(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	/* Every magnitude, not only 32-bit ones. */
	return rng_state >> (rng_state & 31);
}

/* OPTIMIZER_HIDE_VAR: the compiler must not fold the division at build time. */
static void __init division_matches_generic(struct ktest *t)
{
	for (int i = 0; i < 4000; i++) {
		u32 n = random_u32(), d = random_u32() | (i & 1);
		s32 sn = (s32)n, sd = (s32)d;
		u64 uqr, sqr;

		if (d == 0)
			continue;
		OPTIMIZER_HIDE_VAR(n);
		OPTIMIZER_HIDE_VAR(d);
		uqr = udivmod32_generic(n, d);
		KTEST_EXPECT_EQ(t, n / d, (u32)uqr);
		KTEST_EXPECT_EQ(t, n % d, (u32)(uqr >> 32));
		if (sn == (s32)0x80000000 && sd == -1)
			continue;
		OPTIMIZER_HIDE_VAR(sn);
		OPTIMIZER_HIDE_VAR(sd);
		sqr = sdivmod32_generic(sn, sd);
		KTEST_EXPECT_EQ(t, sn / sd, (s32)sqr);
		KTEST_EXPECT_EQ(t, sn % sd, (s32)(sqr >> 32));
	}
}

static const struct ktest_case alternative_arm_cases[] __initconst = {
	KTEST_CASE(known_sites),
	KTEST_CASE(branches_reaimed),
	KTEST_CASE(crc32_sites),
	KTEST_CASE(division_helpers),
	KTEST_CASE(division_matches_generic),
	KTEST_CASE(smp_barriers),
	{}
};

static const struct ktest_suite alternative_arm_suite __initconst = {
	"alternative_arm", alternative_arm_cases,
};
ktest_init_suite(alternative_arm_suite);
