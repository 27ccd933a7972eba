/*
 * Benchmarks of the alternatives (kernel/alternative.c): how many sites
 * there are, how many were patched and what the patching cost at boot
 * step 5; then, for each function whose call site is patched where the CPU
 * allows, the portable version against the call through the site, on 64
 * and 4096 bytes (hweight64: on 8 and 512 words). On a CPU without the
 * feature, or on an arch without an instruction for it, the two are the
 * same code and cost the same.
 *
 * The records (.altinstructions) and the boot's count are init data,
 * freed before the cases run: a late initcall copies the figures first.
 */
#include <kernel/alternative.h>
#include <kernel/bench.h>
#include <kernel/crc32.h>
#include <kernel/hweight.h>
#include <kernel/init.h>
#include <kernel/mm.h>
#include <kernel/sections.h>
#include <kernel/string.h>

static unsigned int alt_sites, alt_patched;
static u64 alt_patch_cycles;

static int __init bench_alternatives_snapshot(void)
{
	alt_patch_cycles = alternatives_boot_cycles;
	alt_sites = section_count(__alt_instructions, __alt_instructions_end,
				  sizeof(struct alt_instr));
	alt_patched = alternatives_boot_patched;
	return 0;
}
late_initcall(bench_alternatives_snapshot);

static void report(const char *func, size_t bytes, u64 generic, u64 site, bool same)
{
	bench_print("alt_func", "%s bytes=%zu generic=%llu site=%llu%s", func, bytes,
		    (unsigned long long)generic, (unsigned long long)site,
		    same ? "" : " error=results-differ");
}

static void bench_one_length(const u8 *src, u8 *dst, size_t len)
{
	const u64 *words = (const u64 *)src;
	size_t nwords = len / sizeof(u64);
	u32 a = 0, b = 0;
	u64 generic, site;

	generic = bench_measure(a = crc32c_generic(~0u, src, len));
	site = bench_measure(b = crc32c(~0u, src, len));
	report("crc32c", len, generic, site, a == b);

	generic = bench_measure(a = crc32_le_generic(~0u, src, len));
	site = bench_measure(b = crc32_le(~0u, src, len));
	report("crc32_le", len, generic, site, a == b);

	a = b = 0;
	generic = bench_measure(for (size_t i = 0; i < nwords; i++) a += __sw_hweight64(words[i]));
	site = bench_measure(for (size_t i = 0; i < nwords; i++) b += hweight64(words[i]));
	report("hweight64", len, generic, site, a == b);

	generic = bench_measure(memcpy_generic(dst, src, len));
	site = bench_measure(memcpy(dst + len, src, len));
	report("memcpy", len, generic, site, memcmp(dst, dst + len, len) == 0);
}

static void bench_alternatives(void)
{
	u8 *src = alloc_page(), *dst = alloc_pages(1);	/* dst: two copies of src */
	u32 seed = 0x12345678;

	bench_print("alternatives", "sites=%u patched=%u patch_cycles=%llu", alt_sites,
		    alt_patched, (unsigned long long)alt_patch_cycles);
	if (!src || !dst) {
		bench_print("error", "alternatives: no pages for the buffers");
		goto out;
	}
	/* Some bytes that are not all alike: a xorshift sequence. */
	for (size_t i = 0; i < PAGE_SIZE; i++) {
		seed ^= seed << 13;
		seed ^= seed >> 17;
		seed ^= seed << 5;
		src[i] = (u8)seed;
	}
	bench_one_length(src, dst, 64);
	bench_one_length(src, dst, PAGE_SIZE);
out:
	if (src)
		free_page(src);
	if (dst)
		free_pages(dst, 1);
}
bench_case(bench_alternatives);
