/*
 * Benchmark of ARM's patched division helper: the compiler turns '/' into
 * a call of __aeabi_uidiv, whose first instruction apply_alternatives()
 * makes a udiv on a CPU with IDIVA (arch/arm/lib). 1024 u32 divisions
 * through the portable udivmod32_generic() against the same divisions
 * through '/'; on a CPU without the instruction both run the same code.
 */
#include <asm/div.h>
#include <kernel/bench.h>
#include <kernel/compiler.h>

static void bench_division(void)
{
	u32 a = 0, b = 0;
	u64 generic, site;

	generic = bench_measure(for (u32 i = 1; i <= 1024; i++)
					a += (u32)udivmod32_generic(0xfedcba98u - i, i * 7));
	site = bench_measure(for (u32 i = 1; i <= 1024; i++) {
		u32 d = i * 7;

		OPTIMIZER_HIDE_VAR(d);
		b += (0xfedcba98u - i) / d;
	});
	bench_print("alt_div", "udiv32 divisions=1024 generic=%llu site=%llu%s",
		    (unsigned long long)generic, (unsigned long long)site,
		    a == b ? "" : " error=results-differ");
}
bench_case(bench_division);
