/*
 * 32-bit ARM CPU feature detection: MIDR names the core, and the ID
 * registers describe what it implements in 4-bit fields (ARM ARM, B4.1).
 * Each field is "at least": 2 includes what 1 means. They are decoded here
 * into the feature bits of asm/cpufeature.h.
 *
 * All of them live in CP15 c0 and are readable in any ARMv7 PL1 mode;
 * ID_ISAR5 is a reserved, read-as-zero encoding before ARMv8, which is
 * why cortex-a15 and cortex-a7 report no CRC32 or crypto instructions.
 */
#include <asm/cpufeature.h>
#include <asm/sysreg.h>
#include <kernel/bootinfo.h>
#include <kernel/cpufeature.h>
#include <kernel/init.h>
#include <kernel/sprintf.h>

/* Field number `shift / 4` of an ID register. */
static inline unsigned int id_field(u32 reg, unsigned int shift)
{
	return (reg >> shift) & 0xf;
}

const char *const cpu_feature_names[NR_CPU_FEATURES] = {
	[ARM_FEATURE_IDIV] = "idiva",		[ARM_FEATURE_IDIVT] = "idivt",
	[ARM_FEATURE_LPAE] = "lpae",		[ARM_FEATURE_CRC32] = "crc32",
	[ARM_FEATURE_AES] = "aes",		[ARM_FEATURE_PMULL] = "pmull",
	[ARM_FEATURE_SHA1] = "sha1",		[ARM_FEATURE_SHA2] = "sha2",
	[ARM_FEATURE_THUMBEE] = "thumbee",	[ARM_FEATURE_SECURITY] = "security",
	[ARM_FEATURE_VIRT] = "virt",		[ARM_FEATURE_GENTIMER] = "gentimer",
	[ARM_FEATURE_MP] = "mp",		[ARM_FEATURE_PXN] = "pxn",
	[ARM_FEATURE_ALWAYS] = "always",	[ARM_FEATURE_UP] = "up",
};

struct arm_part {
	u16 part;
	const char *name;
};

/* MIDR part numbers of ARM Ltd (implementer 0x41) cores. */
static const struct arm_part arm_parts[] __initconst = {
	{ 0xc05, "Cortex-A5" },	{ 0xc07, "Cortex-A7" },	{ 0xc08, "Cortex-A8" },
	{ 0xc09, "Cortex-A9" },	{ 0xc0d, "Cortex-A12" }, { 0xc0e, "Cortex-A17" },
	{ 0xc0f, "Cortex-A15" }, { 0xd03, "Cortex-A53" }, { 0xd07, "Cortex-A57" },
	{ 0xd08, "Cortex-A72" },
};

static void __init describe_midr(struct cpuinfo *c, u32 midr)
{
	unsigned int implementer = midr >> 24, part = (midr >> 4) & 0xfff;
	const char *name = "unknown part";

	for (size_t i = 0; i < ARRAY_SIZE(arm_parts); i++)
		if (implementer == 0x41 && arm_parts[i].part == part)
			name = arm_parts[i].name;
	/* Variant and revision: the "r4p0" of the manuals. */
	snprintf(c->model, sizeof(c->model), "ARM %s r%up%u [%08x]", name,
		 id_field(midr, 20), id_field(midr, 0), (unsigned int)midr);
}

void __init arch_identify_cpu(struct cpuinfo *c)
{
	u32 midr = read_cp15(0, c0, c0, 0);
	u32 mpidr = read_cp15(0, c0, c0, 5);
	u32 pfr0 = read_cp15(0, c0, c1, 0);
	u32 pfr1 = read_cp15(0, c0, c1, 1);
	u32 mmfr0 = read_cp15(0, c0, c1, 4);
	u32 isar0 = read_cp15(0, c0, c2, 0);
	u32 isar5 = read_cp15(0, c0, c2, 5);
	unsigned int divide = id_field(isar0, 24), aes = id_field(isar5, 4);

	describe_midr(c, midr);

	if (divide >= 1)
		set_cpu_cap(c, ARM_FEATURE_IDIVT);
	if (divide >= 2)
		set_cpu_cap(c, ARM_FEATURE_IDIV);
	if (id_field(mmfr0, 0) >= 4)
		set_cpu_cap(c, ARM_FEATURE_PXN);
	if (id_field(mmfr0, 0) >= 5)
		set_cpu_cap(c, ARM_FEATURE_LPAE);
	if (id_field(isar5, 16) >= 1)
		set_cpu_cap(c, ARM_FEATURE_CRC32);
	if (aes >= 1)
		set_cpu_cap(c, ARM_FEATURE_AES);
	if (aes >= 2)
		set_cpu_cap(c, ARM_FEATURE_PMULL);
	if (id_field(isar5, 8) >= 1)
		set_cpu_cap(c, ARM_FEATURE_SHA1);
	if (id_field(isar5, 12) >= 1)
		set_cpu_cap(c, ARM_FEATURE_SHA2);
	if (id_field(pfr0, 12) >= 1)
		set_cpu_cap(c, ARM_FEATURE_THUMBEE);
	if (id_field(pfr1, 4) >= 1)
		set_cpu_cap(c, ARM_FEATURE_SECURITY);
	if (id_field(pfr1, 12) >= 1)
		set_cpu_cap(c, ARM_FEATURE_VIRT);
	if (id_field(pfr1, 16) >= 1)
		set_cpu_cap(c, ARM_FEATURE_GENTIMER);
	/* Bit 31 says the MP format is used, bit 30 (U) that this is a uniprocessor. */
	if ((mpidr >> 30) == 2)
		set_cpu_cap(c, ARM_FEATURE_MP);
	set_cpu_cap(c, ARM_FEATURE_ALWAYS);
	/* Not the CPU's but the machine's: read from the device tree at boot step 2. */
	if (boot_info.nr_cpus == 1)
		set_cpu_cap(c, ARM_FEATURE_UP);
}
