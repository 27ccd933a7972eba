/*
 * The "percpu_x86" suite: on x86_64 a per-CPU access is one instruction.
 *
 * Two small functions are compiled here like any other code; the test
 * reads their machine code. Each must contain exactly one instruction with
 * the GS segment prefix (0x65), and that instruction must address the
 * per-CPU variable itself, RIP-relative: its displacement, added to the
 * address of the next instruction, gives &var, a small number because
 * .data..percpu is linked at 0. So the CPU adds the GS base (this CPU's
 * area) in the same instruction, and nothing else is needed: no
 * smp_processor_id(), no table lookup, no interrupt masking.
 *
 *   this_cpu_read(u64)   65 48 8b /r disp32     mov %gs:var(%rip), %reg
 *   this_cpu_inc(u64)    65 48 83 /0 disp32 01  addq $1, %gs:var(%rip)
 */
#include <kernel/ktest.h>
#include <kernel/percpu.h>
#include <kernel/sections.h>
#include <kernel/string.h>

#define GS_PREFIX	0x65
#define REX_W		0x48
#define MODRM_RIP(m)	(((m) & 0xc7) == 0x05)	/* mod 00, r/m 101: disp32(%rip) */
#define SCAN_BYTES	48

static DEFINE_PER_CPU(u64, percpu_probe);

static u64 __noinline percpu_probe_read(void)
{
	return this_cpu_read(percpu_probe);
}

static void __noinline percpu_probe_inc(void)
{
	this_cpu_inc(percpu_probe);
}

static unsigned long rip_target(const u8 *next_insn, const u8 *disp)
{
	s32 d;

	memcpy(&d, disp, sizeof(d));
	return (unsigned long)next_insn + (long)d;
}

/*
 * In the first SCAN_BYTES of fn (up to its ret), count GS-prefixed bytes
 * and check that one of them starts `opcode` (REX.W, opcode byte, ModRM
 * with the reg field `reg`, or any when reg < 0) aimed at var. The rest of
 * these functions is the frame set-up and return, whose bytes are known
 * not to be 0x65.
 */
static void expect_one_gs_insn(struct ktest *t, const void *fn, u8 opcode, int reg,
			       unsigned int imm_len, const void *var)
{
	const u8 *code = fn;
	unsigned int prefixes = 0, hits = 0;

	for (unsigned int i = 0; i < SCAN_BYTES && code[i] != 0xc3; i++) {
		const u8 *p = code + i;

		if (p[0] != GS_PREFIX)
			continue;
		prefixes++;
		if (p[1] == REX_W && p[2] == opcode && MODRM_RIP(p[3]) &&
		    (reg < 0 || ((p[3] >> 3) & 7) == reg) &&
		    rip_target(p + 8 + imm_len, p + 4) == (unsigned long)var) {
			hits++;
			i += 7 + imm_len;	/* past its displacement, which may hold any byte */
		}
	}
	KTEST_EXPECT_EQ(t, prefixes, 1);
	KTEST_EXPECT_EQ(t, hits, 1);
}

static void this_cpu_read_is_one_gs_mov(struct ktest *t)
{
	this_cpu_write(percpu_probe, 41);
	KTEST_EXPECT_EQ(t, percpu_probe_read(), 41);
	expect_one_gs_insn(t, percpu_probe_read, 0x8b, -1, 0, &percpu_probe);
}

static void this_cpu_inc_is_one_gs_add(struct ktest *t)
{
	percpu_probe_inc();
	KTEST_EXPECT_EQ(t, per_cpu(percpu_probe, 0), 42);
	expect_one_gs_insn(t, percpu_probe_inc, 0x83, 0, 1, &percpu_probe);
}

/* The template is linked at 0 (PERCPU_VADDR in linker/x86_64.lds.S) ... */
static void template_starts_at_zero(struct ktest *t)
{
	unsigned long start = (unsigned long)__per_cpu_start;

	OPTIMIZER_HIDE_VAR(start);
	KTEST_EXPECT_EQ(t, start, 0);
}

/* ... so a variable's "address" is its offset, inside the template's size. */
static void variable_address_is_offset(struct ktest *t)
{
	KTEST_EXPECT_LT(t, (unsigned long)&percpu_probe, percpu_static_size());
}

static const struct ktest_case percpu_x86_cases[] = {
	KTEST_CASE(this_cpu_read_is_one_gs_mov),
	KTEST_CASE(this_cpu_inc_is_one_gs_add),
	KTEST_CASE(template_starts_at_zero),
	KTEST_CASE(variable_address_is_offset),
	{},
};

static const struct ktest_suite percpu_x86_suite = { "percpu_x86", percpu_x86_cases };
ktest_suite(percpu_x86_suite);
