/*
 * What the boot CPU can do: a bitmap of named features, filled once at boot.
 *
 * Each arch numbers its features word * 32 + bit (asm/cpufeature.h):
 * x86_64 reads CPUID leaves 1, 7 and 0x80000001, so a feature's number is
 * its CPUID bit; 32-bit ARM decodes MIDR and the ID_ISAR/ID_PFR/ID_MMFR
 * registers into bits of its own. The last word holds features the kernel
 * defines itself (ALWAYS, set on every CPU, for instance).
 *
 * cpu_has() is the test for slow paths: a load and a bit test. Hot paths
 * use alternatives (kernel/alternative.h) instead, which rewrite the code
 * once at boot so that no test is left at all. The feature number is what
 * ties the two: a struct alt_instr names one of these bits.
 */
#ifndef _KERNEL_CPUFEATURE_H
#define _KERNEL_CPUFEATURE_H

#include <asm/cpufeature.h>
#include <kernel/types.h>

#define NR_CPU_FEATURES		(NCAPINTS * 32)

struct cpuinfo {
	char model[96];			/* for the boot log: vendor's name, ids */
	u32 capability[NCAPINTS];	/* bit (feature % 32) of word (feature / 32) */
};

/* The boot CPU's, filled by identify_boot_cpu(); read-only afterwards. */
extern struct cpuinfo boot_cpu_data;

static inline bool cpu_has(unsigned int feature)
{
	return feature < NR_CPU_FEATURES &&
	       (boot_cpu_data.capability[feature / 32] >> (feature % 32)) & 1;
}

static inline void set_cpu_cap(struct cpuinfo *c, unsigned int feature)
{
	c->capability[feature / 32] |= 1u << (feature % 32);
}

/*
 * Boot step 4: read the boot CPU's identification into boot_cpu_data and
 * print one line, "CPU: <model>, features: <name> <name> ...".
 */
void identify_boot_cpu(void);

/* The feature's name as the boot line prints it, NULL for an unnamed bit. */
const char *cpu_feature_name(unsigned int feature);

/* Provided by the arch: fill c (zeroed) from the CPU's identification registers. */
void arch_identify_cpu(struct cpuinfo *c);
/* Provided by the arch: one name per feature number, NULL where there is none. */
extern const char *const cpu_feature_names[NR_CPU_FEATURES];

#endif
