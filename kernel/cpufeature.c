/*
 * Boot step 4: what can this CPU do? The arch reads its identification
 * registers (CPUID on x86_64, the ID registers on ARM) into the feature
 * bitmap of boot_cpu_data; this file prints the result in one line and
 * answers cpu_has(). Step 5, apply_alternatives(), reads the same bitmap to
 * decide which code to patch in, so detection must come first.
 */
#include <kernel/cpufeature.h>
#include <kernel/export.h>
#include <kernel/init.h>
#include <kernel/printk.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

struct cpuinfo boot_cpu_data;
EXPORT_SYMBOL(boot_cpu_data);

const char *cpu_feature_name(unsigned int feature)
{
	return feature < NR_CPU_FEATURES ? cpu_feature_names[feature] : NULL;
}

void __init identify_boot_cpu(void)
{
	static char line[400] __initdata;
	size_t len = 0;

	memset(&boot_cpu_data, 0, sizeof(boot_cpu_data));
	arch_identify_cpu(&boot_cpu_data);

	/* Names in feature-number order; the kernel's own bits (ALWAYS) are not news. */
	for (unsigned int f = 0; f < NR_CPU_FEATURES - 32; f++) {
		const char *name = cpu_feature_name(f);

		if (name && cpu_has(f))
			len += scnprintf(line + len, sizeof(line) - len, " %s", name);
	}
	pr_info("CPU: %s, features:%s\n", boot_cpu_data.model, len ? line : " none");
}
