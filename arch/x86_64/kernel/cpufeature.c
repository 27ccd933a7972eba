/*
 * x86_64 CPU feature detection: CPUID leaves 1, 7 and 0x80000001, one
 * output register per word of the feature bitmap (see asm/cpufeature.h),
 * and the brand string (leaves 0x80000002..4) for the boot line.
 *
 * A leaf above the CPU's maximum (CPUID 0 says it for the basic leaves,
 * CPUID 0x80000000 for the extended ones) returns other data, not zeros,
 * so each leaf is read only if it exists.
 */
#include <asm/cpufeature.h>
#include <kernel/cpufeature.h>
#include <kernel/init.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

/* Spelled as Linux's /proc/cpuinfo spells them. */
const char *const cpu_feature_names[NR_CPU_FEATURES] = {
	[X86_FEATURE_FPU] = "fpu",		[X86_FEATURE_TSC] = "tsc",
	[X86_FEATURE_MSR] = "msr",		[X86_FEATURE_PAE] = "pae",
	[X86_FEATURE_CX8] = "cx8",		[X86_FEATURE_APIC] = "apic",
	[X86_FEATURE_PGE] = "pge",		[X86_FEATURE_CMOV] = "cmov",
	[X86_FEATURE_PAT] = "pat",		[X86_FEATURE_CLFLUSH] = "clflush",
	[X86_FEATURE_XMM] = "sse",		[X86_FEATURE_XMM2] = "sse2",
	[X86_FEATURE_XMM3] = "pni",		[X86_FEATURE_SSSE3] = "ssse3",
	[X86_FEATURE_CX16] = "cx16",		[X86_FEATURE_XMM4_1] = "sse4_1",
	[X86_FEATURE_XMM4_2] = "sse4_2",	[X86_FEATURE_X2APIC] = "x2apic",
	[X86_FEATURE_MOVBE] = "movbe",		[X86_FEATURE_POPCNT] = "popcnt",
	[X86_FEATURE_AES] = "aes",		[X86_FEATURE_XSAVE] = "xsave",
	[X86_FEATURE_AVX] = "avx",		[X86_FEATURE_RDRAND] = "rdrand",
	[X86_FEATURE_HYPERVISOR] = "hypervisor",
	[X86_FEATURE_FSGSBASE] = "fsgsbase",	[X86_FEATURE_BMI1] = "bmi1",
	[X86_FEATURE_SMEP] = "smep",		[X86_FEATURE_BMI2] = "bmi2",
	[X86_FEATURE_ERMS] = "erms",		[X86_FEATURE_INVPCID] = "invpcid",
	[X86_FEATURE_RDSEED] = "rdseed",	[X86_FEATURE_SMAP] = "smap",
	[X86_FEATURE_CLFLUSHOPT] = "clflushopt",
	[X86_FEATURE_UMIP] = "umip",		[X86_FEATURE_PKU] = "pku",
	[X86_FEATURE_LA57] = "la57",		[X86_FEATURE_RDPID] = "rdpid",
	[X86_FEATURE_SYSCALL] = "syscall",	[X86_FEATURE_NX] = "nx",
	[X86_FEATURE_GBPAGES] = "pdpe1gb",	[X86_FEATURE_RDTSCP] = "rdtscp",
	[X86_FEATURE_LM] = "lm",		[X86_FEATURE_LAHF_LM] = "lahf_lm",
	[X86_FEATURE_ABM] = "abm",
	[X86_FEATURE_ALWAYS] = "always",
};

/* Only the bits that have a name are kept: the others mean nothing to this kernel. */
static void __init store_word(struct cpuinfo *c, unsigned int word, u32 value)
{
	for (unsigned int bit = 0; bit < 32; bit++)
		if ((value >> bit) & 1 && cpu_feature_names[word * 32 + bit])
			set_cpu_cap(c, word * 32 + bit);
}

/* The 48-byte brand string, without the spaces some CPUs pad it with. */
static void __init read_brand_string(char *buf, size_t size)
{
	char brand[49];
	const char *p = brand;

	for (u32 i = 0; i < 3; i++) {
		struct cpuid_regs r = cpuid_count(0x80000002 + i, 0);

		memcpy(brand + 16 * i, &r, sizeof(r));
	}
	brand[48] = '\0';
	while (*p == ' ')
		p++;
	strscpy(buf, p, size);
}

void __init arch_identify_cpu(struct cpuinfo *c)
{
	struct cpuid_regs r = cpuid_count(0, 0);
	u32 max_leaf = r.eax, max_ext_leaf, family, model;
	char vendor[13];
	char name[49];

	memcpy(vendor, &r.ebx, 4);
	memcpy(vendor + 4, &r.edx, 4);
	memcpy(vendor + 8, &r.ecx, 4);
	vendor[12] = '\0';

	r = cpuid_count(1, 0);
	family = (r.eax >> 8) & 0xf;
	model = (r.eax >> 4) & 0xf;
	if (family == 0xf)
		family += (r.eax >> 20) & 0xff;
	if (family >= 6)
		model |= ((r.eax >> 16) & 0xf) << 4;
	store_word(c, 0, r.edx);
	store_word(c, 1, r.ecx);

	if (max_leaf >= 7) {
		r = cpuid_count(7, 0);
		store_word(c, 2, r.ebx);
		store_word(c, 3, r.ecx);
	}

	max_ext_leaf = cpuid_count(0x80000000, 0).eax;
	if (max_ext_leaf >= 0x80000001) {
		r = cpuid_count(0x80000001, 0);
		store_word(c, 4, r.edx);
		store_word(c, 5, r.ecx);
	}
	if (max_ext_leaf >= 0x80000004)
		read_brand_string(name, sizeof(name));
	else
		strscpy(name, vendor, sizeof(name));

	snprintf(c->model, sizeof(c->model), "%s (family: 0x%x, model: 0x%x, stepping: 0x%x)",
		 name, family, model, cpuid_count(1, 0).eax & 0xf);
	set_cpu_cap(c, X86_FEATURE_ALWAYS);
}
