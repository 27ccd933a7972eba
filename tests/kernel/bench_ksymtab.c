/*
 * Benchmarks of the exported-symbol tables (kernel/module/ksymtab.c): what
 * EXPORT_SYMBOL() costs in bytes per export (the 12-byte entry plus its
 * name in __ksymtab_strings), and what a lookup by name costs, binary
 * search (find_symbol(), what a module loader does for each undefined
 * symbol) against a linear scan, in the real tables and in synthetic ones
 * of 16 to 16,384 exports.
 *
 * A synthetic table lives in pages from alloc_pages(): names "sym00000",
 * "sym00001" ... (sorted, as the linker's SORT() leaves the real table), and
 * entries whose name offsets point at them. The keys are LOOKUPS names
 * drawn at random (the same sequence in every run), and one name between
 * two entries (a miss: the linear scan compares with every entry).
 */
#include <kernel/bench.h>
#include <kernel/ksymtab.h>
#include <kernel/mm.h>
#include <kernel/sections.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

#define LOOKUPS		64
#define MIN_EXPORTS	16
#define MAX_EXPORTS	16384
#define NAME_LEN	9	/* "sym12345" and its NUL */

typedef const struct kernel_symbol *(*search_fn)(const struct kernel_symbol *, size_t,
						 const char *);

/* What an unsorted table would need: compare with every entry. */
static __noinline const struct kernel_symbol *search_ksymtab_linear(
	const struct kernel_symbol *start, size_t num, const char *name)
{
	for (size_t i = 0; i < num; i++)
		if (!strcmp(kernel_symbol_name(&start[i]), name))
			return &start[i];
	return NULL;
}

static void time_lookup(struct bench_cost *cost, search_fn search,
			const struct kernel_symbol *start, size_t num,
			const struct kernel_symbol *want)
{
	const char *name = kernel_symbol_name(want);
	const struct kernel_symbol *found;
	u64 insns = bench_measure(found = search(start, num, name));

	bench_cost_add(cost, insns, found != want);
}

static u64 time_miss(search_fn search, const struct kernel_symbol *start, size_t num,
		     const char *name)
{
	const struct kernel_symbol *found;
	u64 insns = bench_measure(found = search(start, num, name));

	if (found)
		bench_print("error", "ksymtab: %s found although nobody exports it", name);
	return insns;
}

static void bench_ksymtab_real(void)
{
	size_t n = ksymtab_entries(), n_gpl = ksymtab_gpl_entries();
	size_t strings = __stop___ksymtab_strings - __start___ksymtab_strings;
	size_t entries = (n + n_gpl) * sizeof(struct kernel_symbol);
	struct bench_cost binary = { 0 }, linear = { 0 };

	for (size_t i = 0; i < n; i++) {
		time_lookup(&binary, search_ksymtab, __start___ksymtab, n, &__start___ksymtab[i]);
		time_lookup(&linear, search_ksymtab_linear, __start___ksymtab, n,
			    &__start___ksymtab[i]);
	}
	bench_print("ksymtab_real",
		    "exports=%zu gpl_exports=%zu entry_bytes=%zu table_bytes=%zu string_bytes=%zu "
		    "bytes_per_export_x100=%zu", n, n_gpl, sizeof(struct kernel_symbol), entries,
		    strings, (entries + strings) * 100 / (n + n_gpl));
	/* "printk_" sorts among the real names and is none of them. */
	bench_print_cost("ksymtab_real", "bsearch", n, &binary,
			 time_miss(search_ksymtab, __start___ksymtab, n, "printk_"));
	bench_print_cost("ksymtab_real", "linear", n, &linear,
			 time_miss(search_ksymtab_linear, __start___ksymtab, n, "printk_"));
}
bench_case(bench_ksymtab_real);

static void bench_one_size(size_t n)
{
	unsigned int order = get_order(n * (sizeof(struct kernel_symbol) + NAME_LEN));
	struct kernel_symbol *table = alloc_pages(order);
	char *names = (char *)(table + n);
	struct bench_cost binary = { 0 }, linear = { 0 };
	u64 binary_miss, linear_miss;
	u32 seed = 2463534242u;

	if (!table) {
		bench_print("error", "ksymtab: no %zu-export table (order %u)", n, order);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		char *name = names + i * NAME_LEN;

		snprintf(name, NAME_LEN, "sym%05zu", i);
		table[i].value_offset = 0;
		table[i].name_offset = (s32)(name - (char *)&table[i].name_offset);
		table[i].namespace_offset = 0;
	}
	for (size_t k = 0; k < LOOKUPS; k++) {
		const struct kernel_symbol *want = &table[bench_random(&seed) % n];

		time_lookup(&binary, search_ksymtab, table, n, want);
		time_lookup(&linear, search_ksymtab_linear, table, n, want);
	}
	/* "sym00008_" lies between sym00008 and sym00009: a miss after a full scan. */
	binary_miss = time_miss(search_ksymtab, table, n, "sym00008_");
	linear_miss = time_miss(search_ksymtab_linear, table, n, "sym00008_");
	bench_print_synthetic("ksymtab_synthetic", "exports", n, LOOKUPS, &binary, &linear,
			      binary_miss, linear_miss);
	free_pages(table, order);
}

static void bench_ksymtab_synthetic(void)
{
	for (size_t n = MIN_EXPORTS; n <= MAX_EXPORTS; n *= 2)
		bench_one_size(n);
}
bench_case(bench_ksymtab_synthetic);
