/*
 * Alternatives: code that is rewritten once, at boot, for the CPU it runs on.
 *
 *   ALTERNATIVE(oldinstr, newinstr, feature)
 *
 * puts oldinstr in the code where it is written (the "site"), newinstr in
 * .altinstr_replacement, and a struct alt_instr tying the two together in
 * .altinstructions. The assembler pads the site with filler up to the
 * longer of the two lengths. At boot step 5, apply_alternatives() walks
 * .altinstructions: for each record whose feature the CPU has (cpu_has(),
 * kernel/cpufeature.h) it copies the replacement over the site and fills
 * the rest with NOPs. Sites of absent features keep the original, filler
 * included. Both sections lie in the init region: once boot is over the
 * records and replacements are freed, and only the chosen code is left.
 *
 * In C, inside inline assembly:
 *   alternative(oldinstr, newinstr, feature)       no operands
 *   alternative_input(old, new, feature, inputs...)
 *   alternative_io(old, new, feature, ALT_OUTPUT(outputs...), ALT_INPUT(inputs...), clobbers...)
 * In a .S file, the assembler macro of the same name:
 *   ALTERNATIVE "oldinstr", "newinstr", feature
 * Several instructions go in one string, separated by ";".
 *
 * ALT_NOT(feature) turns the test around: patch when the CPU lacks it.
 */
#ifndef _KERNEL_ALTERNATIVE_H
#define _KERNEL_ALTERNATIVE_H

/* The arch's filler for the padding (ALT_PAD_FILL) and its hooks below. */
#include <asm/alternative.h>
#include <kernel/compiler.h>

#define ALT_FLAG_NOT		0x8000
#define ALT_NOT(feature)	((feature) | ALT_FLAG_NOT)

/*
 * The record of one site in .altinstructions (struct alt_instr below), as
 * assembler lines: the one definition both the .S macro and the C string
 * use. site..site_end is the site with its padding, repl..repl_end the
 * replacement; the offsets are from the field that holds them.
 */
#define __ALT_RECORD(site, site_end, repl, repl_end, feature)		\
	.pushsection .altinstructions, "a";				\
	.balign 4;							\
	.long site - .;							\
	.long repl - .;							\
	.short feature;							\
	.byte site_end - site;						\
	.byte repl_end - repl;						\
	.popsection

#ifdef __ASSEMBLER__

/*
 * Labels: 771 the site, 772 its end, 773 the end of the padding, 774/775 the
 * replacement. The .skip pads only when the replacement is longer: to the
 * assembler (gas and clang alike) a true comparison is -1. The .org, in a
 * section the linker discards, would move backwards if the replacement
 * did not fit in the padded site: the assembler stops with an error.
 */
.macro ALTERNATIVE oldinstr, newinstr, feature
771:	\oldinstr
772:	.skip -(((775f - 774f) - (772b - 771b)) > 0) * \
	      ((775f - 774f) - (772b - 771b)), ALT_PAD_FILL
773:
	__ALT_RECORD(771b, 773b, 774f, 775f, \feature)
	.pushsection .altinstr_replacement, "ax"
774:	\newinstr
775:
	.popsection
	.pushsection .discard.alternative_check, "a"
	.org . + (773b - 771b) - (775b - 774b)
	.popsection
.endm

#else /* !__ASSEMBLER__ */

#include <kernel/types.h>

/*
 * One record per site: 12 bytes, 4-byte aligned (the asm macros emit the
 * same layout; kernel/alternative.c checks the size). The offsets are
 * relative to the field that holds them, so the table needs no relocation
 * and is the same size on 32 and 64 bits.
 */
struct alt_instr {
	s32 instr_offset;	/* the site: address of this field + offset */
	s32 repl_offset;	/* the replacement: address of this field + offset */
	u16 feature;		/* cpu feature number, | ALT_FLAG_NOT */
	u8 instrlen;		/* length of the site, padding included */
	u8 replacementlen;	/* length of the replacement (<= instrlen) */
};

/* Variadic: the record it turns into a string has commas of its own. */
#define __ALT_STR_1(...)	#__VA_ARGS__
#define __ALT_STR(...)	__ALT_STR_1(__VA_ARGS__)

#define ALTERNATIVE(oldinstr, newinstr, feature)					\
	"771:\n\t" oldinstr "\n"							\
	"772:\n\t.skip -(((775f - 774f) - (772b - 771b)) > 0) * "			\
	"((775f - 774f) - (772b - 771b)), " __ALT_STR(ALT_PAD_FILL) "\n"		\
	"773:\n\t"									\
	__ALT_STR(__ALT_RECORD(771b, 773b, 774f, 775f, feature)) "\n"			\
	"\t.pushsection .altinstr_replacement, \"ax\"\n"				\
	"774:\n\t" newinstr "\n"							\
	"775:\n"									\
	"\t.popsection\n"								\
	"\t.pushsection .discard.alternative_check, \"a\"\n"				\
	"\t.org . + (773b - 771b) - (775b - 774b)\n"					\
	"\t.popsection\n"

#define ALT_OUTPUT(...)	__VA_ARGS__
#define ALT_INPUT(...)	__VA_ARGS__

#define alternative(oldinstr, newinstr, feature)					\
	__asm__ __volatile__(ALTERNATIVE(oldinstr, newinstr, feature) ::: "memory")

#define alternative_input(oldinstr, newinstr, feature, input...)			\
	__asm__ __volatile__(ALTERNATIVE(oldinstr, newinstr, feature) : : input)

#define alternative_io(oldinstr, newinstr, feature, output, input, clobbers...)	\
	__asm__ __volatile__(ALTERNATIVE(oldinstr, newinstr, feature)			\
			     : output : input : clobbers)

static inline u8 *alt_site(const struct alt_instr *a)
{
	return offset_to_ptr(&a->instr_offset);
}

static inline u8 *alt_replacement(const struct alt_instr *a)
{
	return offset_to_ptr(&a->repl_offset);
}

static inline unsigned int alt_feature(const struct alt_instr *a)
{
	return a->feature & ~ALT_FLAG_NOT;
}

/* Should this record's replacement be patched in on the boot CPU? */
bool alt_wanted(const struct alt_instr *a);

/*
 * Boot step 5: patch every site of .altinstructions (unless the command
 * line says noalternatives), then let the arch do its own (x86_64:
 * .smp_locks). Prints "alternatives: patched P of T sites".
 */
void alternative_instructions(void);

/* Patch the records in [start, end); returns how many sites it changed. */
unsigned int apply_alternatives(struct alt_instr *start, struct alt_instr *end);

/* The bytes a patched site holds: the replacement, branches re-aimed, NOPs after it. */
void alt_patched_bytes(const struct alt_instr *a, u8 *buf);

/* True once alternative_instructions() has patched (false with noalternatives). */
extern bool alternatives_patched;
/* get_cycles() spent in apply_alternatives() at boot (guest instructions under -icount); its sites patched. */
extern u64 alternatives_boot_cycles;
extern unsigned int alternatives_boot_patched;

/*
 * Provided by the arch (arch/<arch>/kernel/alternative.c):
 *
 * arch_fill_nops() fills len bytes with the longest NOPs the CPU has.
 * arch_relocate_replacement() fixes the replacement copied into buf, which
 * was assembled to run at repl, so that it works at site: relative branches
 * that leave the replacement are re-aimed at the same target.
 * arch_text_poke_early() writes code while only the boot CPU runs, and makes
 * the CPU fetch the new bytes (x86_64: serialise; ARM: clean the D-cache,
 * invalidate the I-cache).
 * arch_alternative_instructions() runs after the patching (x86_64: the
 * lock prefixes of .smp_locks on a uniprocessor).
 */
void arch_fill_nops(u8 *buf, unsigned int len);
void arch_relocate_replacement(u8 *buf, unsigned int len, const u8 *repl, const u8 *site);
void arch_text_poke_early(void *addr, const void *src, size_t len);
void arch_alternative_instructions(void);

#endif /* __ASSEMBLER__ */

#endif
