/*
 * 32-bit ARM's part of patching code at boot (kernel/alternative.c walks
 * the records): nop words for the padding, re-aiming the b/bl branches of
 * a replacement that moved, and making the CPU fetch the new instructions.
 *
 * The caches: the patch is written through the data cache, but the CPU
 * fetches instructions through its instruction cache, which does not snoop
 * the data cache. So for every patched range: clean the data cache lines
 * to the point of unification (DCCMVAU) so the new words reach the level
 * both caches share, wait for that (DSB), then invalidate the instruction
 * cache and branch predictor (ICIALLU, BPIALL), wait again (DSB) and
 * discard already fetched instructions (ISB). QEMU models no caches, so
 * forgetting this goes unnoticed there; on hardware it is a stale
 * instruction executed some time later.
 */
#include <asm/alternative.h>
#include <kernel/alternative.h>
#include <kernel/init.h>
#include <kernel/string.h>

void arch_fill_nops(u8 *buf, unsigned int len)
{
	u32 nop = ARM_NOP_INSN;

	for (unsigned int i = 0; i + 4 <= len; i += 4)
		memcpy(buf + i, &nop, 4);
}

/* b and bl (not blx): condition not 0b1111, bits [27:25] = 0b101. */
static bool is_branch_imm(u32 insn)
{
	return (insn >> 28) != 0xf && ((insn >> 25) & 7) == 5;
}

/* The target of a b/bl found at `at`: a signed word offset from at + 8. */
static const u8 *branch_target(u32 insn, const u8 *at)
{
	s32 offset = (s32)(insn << 8) >> 6;

	return at + 8 + offset;
}

/*
 * Unlike x86, every word can be decoded on its own, so each b/bl of the
 * replacement is looked at. One that leaves the replacement gets the
 * offset from its new place; the +-32 MiB reach covers the whole kernel.
 */
void arch_relocate_replacement(u8 *buf, unsigned int len, const u8 *repl, const u8 *site)
{
	for (unsigned int i = 0; i + 4 <= len; i += 4) {
		const u8 *target;
		u32 insn;
		s32 offset;

		memcpy(&insn, buf + i, 4);
		if (!is_branch_imm(insn))
			continue;
		target = branch_target(insn, repl + i);
		if (target >= repl && target <= repl + len)
			continue;
		offset = (s32)(target - (site + i + 8)) >> 2;
		insn = (insn & 0xff000000) | ((u32)offset & 0x00ffffff);
		memcpy(buf + i, &insn, 4);
	}
}

/* CTR.DminLine: log2 of the words in the smallest data cache line. */
static unsigned long dcache_line_size(void)
{
	u32 ctr;

	__asm__ ("mrc p15, 0, %0, c0, c0, 1" : "=r"(ctr));
	return 4ul << ((ctr >> 16) & 0xf);
}

void arch_text_poke_early(void *addr, const void *src, size_t len)
{
	unsigned long line = dcache_line_size();
	unsigned long start = (unsigned long)addr & ~(line - 1);
	unsigned long end = (unsigned long)addr + len;
	volatile u8 *dst = addr;
	const u8 *s = src;

	for (size_t i = 0; i < len; i++)
		dst[i] = s[i];

	/* DCCMVAU: clean one data cache line, by address, to the point of unification. */
	for (unsigned long p = start; p < end; p += line)
		__asm__ __volatile__("mcr p15, 0, %0, c7, c11, 1" : : "r"(p) : "memory");
	__asm__ __volatile__("dsb ish\n\t"
			     "mcr p15, 0, %0, c7, c5, 0\n\t"	/* ICIALLU */
			     "mcr p15, 0, %0, c7, c5, 6\n\t"	/* BPIALL */
			     "dsb ish\n\t"
			     "isb"
			     : : "r"(0) : "memory");
}

/* ARM has no lock prefixes to drop: see asm/alternative.h. */
void __init arch_alternative_instructions(void)
{
}
