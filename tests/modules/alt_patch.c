/*
 * alt_patch: a module with an alternative of its own. Its
 * .altinstructions record asks for the replacement ("return 2") over the
 * original ("return 1") on CPUs with a feature every CPU we boot has
 * (x86_64: the TSC, which the kernel requires; ARM: sdiv/udiv, which
 * init checks rather than assumes); the loader applies it before the
 * module's text becomes read-only, as boot step 5 does for the kernel,
 * and leaves it as built when the command line says noalternatives (the
 * kernel's own sites then were not patched either: alternatives_patched).
 */
#include <kernel/alternative.h>
#include <kernel/cpufeature.h>
#include <kernel/errno.h>
#include <kernel/module.h>
#include <kernel/printk.h>

#ifdef __x86_64__
#define ALT_PATCH_FEATURE	X86_FEATURE_TSC
#define ALT_ONE			"movl $1, %k0"
#define ALT_TWO			"movl $2, %k0"
#else
#define ALT_PATCH_FEATURE	ARM_FEATURE_IDIV
#define ALT_ONE			"mov %0, #1"
#define ALT_TWO			"mov %0, #2"
#endif

/* noinline: one site, in this module's own text. */
static __noinline unsigned long alt_patch_value(void)
{
	unsigned long v;

	alternative_io(ALT_ONE, ALT_TWO, ALT_PATCH_FEATURE, ALT_OUTPUT("=r"(v)), ALT_INPUT());
	return v;
}

static int __init alt_patch_init(void)
{
	unsigned long want = alternatives_patched && cpu_has(ALT_PATCH_FEATURE) ? 2 : 1;
	unsigned long got = alt_patch_value();

	pr_info("alt_patch: the site returns %lu, the CPU %s the feature%s\n", got,
		cpu_has(ALT_PATCH_FEATURE) ? "has" : "lacks",
		alternatives_patched ? "" : ", alternatives are off");
	return got == want ? 0 : -EIO;
}
module_init(alt_patch_init);

static void __exit alt_patch_exit(void)
{
}
module_exit(alt_patch_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Special K");
MODULE_DESCRIPTION("Has an alternative patched at load");
