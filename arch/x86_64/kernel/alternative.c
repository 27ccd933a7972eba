/*
 * x86_64's part of patching code at boot (kernel/alternative.c walks the
 * records): NOPs for the padding, re-aiming a relative call or jump that
 * moved with its replacement, writing the bytes, and the lock prefixes of
 * .smp_locks on a machine with one CPU.
 */
#include <asm/alternative.h>
#include <asm/cpufeature.h>
#include <kernel/alternative.h>
#include <kernel/bootinfo.h>
#include <kernel/init.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/string.h>

/*
 * The multi-byte NOPs ("nopl/nopw" with a ModRM memory operand that is never
 * accessed) from Intel's optimisation manual; every x86_64 CPU has them.
 * x86_nops[n] is n bytes long.
 */
#define X86_NOP_MAX	9
static const u8 x86_nops[X86_NOP_MAX + 1][X86_NOP_MAX] = {
	[1] = { 0x90 },
	[2] = { 0x66, 0x90 },
	[3] = { 0x0f, 0x1f, 0x00 },
	[4] = { 0x0f, 0x1f, 0x40, 0x00 },
	[5] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 },
	[6] = { 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00 },
	[7] = { 0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00 },
	[8] = { 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00 },
	[9] = { 0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00 },
};

void arch_fill_nops(u8 *buf, unsigned int len)
{
	while (len) {
		unsigned int n = len < X86_NOP_MAX ? len : X86_NOP_MAX;

		memcpy(buf, x86_nops[n], n);
		buf += n;
		len -= n;
	}
}

/*
 * Where the 32-bit displacement of a relative call, jmp or Jcc starting at
 * insn lies (call e8, jmp e9: after one opcode byte; Jcc 0f 80..8f: after
 * two), or 0 if insn is none of them. The branch is taken relative to the
 * end of the instruction, which is right after the displacement.
 */
static unsigned int rel32_offset(const u8 *insn, unsigned int len)
{
	if (len >= 5 && (insn[0] == 0xe8 || insn[0] == 0xe9))
		return 1;
	if (len >= 6 && insn[0] == 0x0f && (insn[1] & 0xf0) == 0x80)
		return 2;
	return 0;
}

/*
 * Only the replacement's first instruction is looked at: finding the
 * others would need an instruction decoder. So a replacement that calls or
 * jumps out of itself must do it first (a call to the better function, or
 * a jump to code elsewhere); the tests check the sites that do.
 */
void arch_relocate_replacement(u8 *buf, unsigned int len, const u8 *repl, const u8 *site)
{
	unsigned int at = rel32_offset(buf, len);
	const u8 *target;
	s32 disp;

	if (!at)
		return;
	memcpy(&disp, buf + at, 4);
	target = repl + at + 4 + disp;
	/* A jump inside the replacement (or just past it) moves with it. */
	if (target >= repl && target <= repl + len)
		return;
	disp = (s32)(target - (site + at + 4));
	memcpy(buf + at, &disp, 4);
}

/*
 * Only the boot CPU runs and interrupts are off, so a plain copy is safe.
 * The CPU notices stores into code it may have prefetched, but only a
 * serialising instruction (cpuid) guarantees it executes the new bytes.
 */
void arch_text_poke_early(void *addr, const void *src, size_t len)
{
	volatile u8 *dst = addr;
	const u8 *s = src;

	for (size_t i = 0; i < len; i++)
		dst[i] = s[i];
	cpuid_count(1, 0);
}

/*
 * One CPU: no other processor can observe a read-modify-write half done, so
 * the lock prefixes only cost time. Each recorded 0xf0 becomes 0x3e (a DS
 * override, meaningless in 64-bit mode): same length, no lock. Secondary
 * CPUs are never added later, so the table is not kept for re-locking; it
 * lies in init memory and is freed with it.
 */
static void __init alternatives_smp_unlock(void)
{
	unsigned int unlocked = 0;
	u8 ds = X86_DS_PREFIX_BYTE;

	for_each_section_entry(s32, __smp_locks, __smp_locks_end, off) {
		u8 *prefix = (u8 *)off + *off;

		if (!is_kernel_text((unsigned long)prefix) || *prefix != X86_LOCK_PREFIX_BYTE)
			continue;
		arch_text_poke_early(prefix, &ds, 1);
		unlocked++;
	}
	pr_info("alternatives: switching to UP code: %u lock prefixes removed\n", unlocked);
}

void __init arch_alternative_instructions(void)
{
	size_t locks = section_count(__smp_locks, __smp_locks_end, sizeof(s32));

	/* nr_cpus comes from the firmware (ACPI MADT); 0 means nobody counted: keep the locks. */
	if (boot_info.nr_cpus == 1)
		alternatives_smp_unlock();
	else if (boot_info.nr_cpus)
		pr_info("alternatives: %d CPUs, keeping %zu lock prefixes\n", boot_info.nr_cpus,
			locks);
	else
		pr_info("alternatives: CPUs not counted, keeping %zu lock prefixes\n", locks);
}
