/*
 * AT_HWCAP on x86_64 (asm/elf.h): CPUID 1's EDX as the boot CPU reported
 * it, the word Linux gives.
 */
#include <asm/elf.h>
#include <kernel/cpufeature.h>

unsigned long arch_elf_hwcap(void)
{
	return boot_cpu_data.capability[X86_FEATURE_FPU / 32];
}
