/*
 * Boot step 5: apply the alternatives of .altinstructions.
 *
 * Each struct alt_instr (kernel/alternative.h) names a site in the kernel's
 * code, a replacement in .altinstr_replacement and a CPU feature. For each
 * record whose feature the boot CPU has, the replacement is copied over the
 * site; the arch re-aims relative branches in it (it was assembled to run
 * somewhere else), pads it with NOPs and makes the CPU see the new code.
 *
 * When: after feature detection (step 4), which fills the bitmap read here,
 * and while the code can still be written and only one CPU runs: paging_init()
 * (step 7) maps text read-only, and a secondary CPU could be executing the
 * very instruction being rewritten, half old and half new. Patching before
 * trap_init() (step 6) also means no handler can run in a half-patched site.
 *
 * Records apply in table order: of two for one site whose features are present, the later wins.
 *
 * apply_alternatives() and the arch's hooks outlive boot: the module
 * loader applies a module's own .altinstructions with them, the same way,
 * while its text is still writable and has not run on any CPU.
 *
 * Parameters: noalternatives leaves every site as it was built, the
 * kernel's and (the loader sees alternatives_patched false) each module's;
 * compare the boot logs. debug-alternative prints one line per patched site.
 */
#include <asm/processor.h>
#include <kernel/alternative.h>
#include <kernel/cpufeature.h>
#include <kernel/export.h>
#include <kernel/init.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/string.h>

_Static_assert(sizeof(struct alt_instr) == 12,
	       "struct alt_instr must match the ALTERNATIVE macros");

bool alternatives_patched;
EXPORT_SYMBOL_GPL(alternatives_patched);
u64 alternatives_boot_cycles __initdata;
unsigned int alternatives_boot_patched __initdata;
static bool noalternatives __initdata;
static bool debug_alternative;

__setup_flag("noalternatives", noalternatives);
__setup_flag("debug-alternative", debug_alternative);

bool alt_wanted(const struct alt_instr *a)
{
	return cpu_has(alt_feature(a)) != !!(a->feature & ALT_FLAG_NOT);
}

void alt_patched_bytes(const struct alt_instr *a, u8 *buf)
{
	const u8 *repl = alt_replacement(a);

	memcpy(buf, repl, a->replacementlen);
	arch_relocate_replacement(buf, a->replacementlen, repl, alt_site(a));
	arch_fill_nops(buf + a->replacementlen, a->instrlen - a->replacementlen);
}

unsigned int apply_alternatives(struct alt_instr *start, struct alt_instr *end)
{
	/* LAB apply_alternatives: begin */
	unsigned int patched = 0;
	u8 buf[255];	/* instrlen is a u8 */

	for_each_section_entry(struct alt_instr, start, end, a) {
		u8 *site = alt_site(a);

		if (!alt_wanted(a))
			continue;
		/* The ALTERNATIVE macros make this a build error; a hand-made record could lie. */
		if (a->replacementlen > a->instrlen) {
			pr_err("alternatives: replacement longer than the site at %pS, skipped\n",
			       site);
			continue;
		}
		alt_patched_bytes(a, buf);
		arch_text_poke_early(site, buf, a->instrlen);
		patched++;
		if (debug_alternative)
			pr_info("alternatives: %s at %pS: %u bytes, replacement %u\n",
				cpu_feature_name(alt_feature(a)) ?: "?", site, a->instrlen,
				a->replacementlen);
	}
	return patched;
	/* LAB apply_alternatives: end */
}

void __init alternative_instructions(void)
{
	unsigned int total = section_count(__alt_instructions, __alt_instructions_end,
					   sizeof(struct alt_instr));
	unsigned int patched;
	u64 start;

	if (noalternatives) {
		pr_info("alternatives: patched 0 of %u sites (noalternatives)\n", total);
		return;
	}
	start = get_cycles();
	patched = apply_alternatives((struct alt_instr *)__alt_instructions,
				     (struct alt_instr *)__alt_instructions_end);
	alternatives_boot_cycles = get_cycles() - start;
	/* Here, not in apply_alternatives(): the loader's calls for a module must not set it. */
	alternatives_patched = true;
	pr_info("alternatives: patched %u of %u sites\n", patched, total);
	alternatives_boot_patched = patched;

	arch_alternative_instructions();
}
