/*
 * Benchmarks of the exception table (kernel/extable.c): what a lookup
 * costs in the real __ex_table and in synthetic tables of 16 to 65,536
 * entries, binary search (search_extable(), what the trap handlers use)
 * against a linear scan; and what a whole recovered fault costs.
 *
 * A synthetic table lives in pages from alloc_pages(). Entry i says that
 * the instruction at table + SPACING * i may fault: its insn field, an
 * offset from the field itself (include/kernel/extable.h), is
 * (SPACING - 12) * i, so the addresses grow with i and the table is
 * sorted, as scripts/sorttable leaves the real one. Nothing ever faults
 * there: only the search runs.
 *
 * Each lookup is measured on its own. The keys are the addresses of
 * LOOKUPS entries drawn at random (a fixed sequence, the same in every
 * run; a linear scan then reads half the table on average; evenly spaced
 * keys would flatter binary search, which meets the midpoints first),
 * and one address between two entries (a miss: the linear scan reads
 * every entry).
 */
#include <kernel/bench.h>
#include <kernel/errno.h>
#include <kernel/extable.h>
#include <kernel/mm.h>
#include <kernel/sections.h>
#include <kernel/uaccess.h>

#define SPACING		16
#define LOOKUPS		64
#define MIN_ENTRIES	16
#define MAX_ENTRIES	65536

typedef const struct exception_table_entry *(*search_fn)(const struct exception_table_entry *,
							  size_t, unsigned long);

/* What a table without the build-time sort would need: look at every entry. */
static __noinline const struct exception_table_entry *
search_extable_linear(const struct exception_table_entry *base, size_t num, unsigned long addr)
{
	for (size_t i = 0; i < num; i++)
		if (ex_insn_addr(&base[i]) == addr)
			return &base[i];
	return NULL;
}

static void time_lookup(struct bench_cost *cost, search_fn search,
			const struct exception_table_entry *base, size_t num,
			const struct exception_table_entry *want)
{
	unsigned long addr = ex_insn_addr(want);
	const struct exception_table_entry *found;
	u64 insns = bench_measure(found = search(base, num, addr));

	bench_cost_add(cost, insns, found != want);
}

static u64 time_miss(search_fn search, const struct exception_table_entry *base, size_t num,
		     unsigned long addr)
{
	const struct exception_table_entry *found;
	u64 insns = bench_measure(found = search(base, num, addr));

	if (found)
		bench_print("error", "extable: %#lx found although no entry names it", addr);
	return insns;
}

static void bench_extable_real(void)
{
	const struct exception_table_entry *table = (const void *)__start___ex_table;
	size_t n = exception_table_entries();
	struct bench_cost binary = { 0 }, linear = { 0 };
	/* The start of .text: below every entry (the head code has none). */
	unsigned long miss = (unsigned long)_stext;

	for (size_t i = 0; i < n; i++) {
		time_lookup(&binary, search_extable, table, n, &table[i]);
		time_lookup(&linear, search_extable_linear, table, n, &table[i]);
	}
	bench_print("extable_real", "entries=%zu entry_bytes=%zu table_bytes=%zu", n,
		    sizeof(*table), n * sizeof(*table));
	bench_print_cost("extable_real", "bsearch", n, &binary,
			 time_miss(search_extable, table, n, miss));
	bench_print_cost("extable_real", "linear", n, &linear,
			 time_miss(search_extable_linear, table, n, miss));
}
bench_case(bench_extable_real);

static void bench_one_size(size_t n)
{
	unsigned int order = get_order(n * sizeof(struct exception_table_entry));
	struct exception_table_entry *table = alloc_pages(order);
	struct bench_cost binary = { 0 }, linear = { 0 };
	unsigned long miss;
	u64 binary_miss, linear_miss;
	u32 seed = 2463534242u;

	if (!table) {
		bench_print("error", "extable: no %zu-entry table (order %u)", n, order);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		table[i].insn = (s32)((SPACING - sizeof(*table)) * i);
		table[i].fixup = 0;
		table[i].data = EX_TYPE_DEFAULT;
	}
	for (size_t k = 0; k < LOOKUPS; k++) {
		const struct exception_table_entry *want = &table[bench_random(&seed) % n];

		time_lookup(&binary, search_extable, table, n, want);
		time_lookup(&linear, search_extable_linear, table, n, want);
	}
	miss = ex_insn_addr(&table[n / 2]) + 1;
	binary_miss = time_miss(search_extable, table, n, miss);
	linear_miss = time_miss(search_extable_linear, table, n, miss);
	bench_print_synthetic("extable_synthetic", "entries", n, LOOKUPS, &binary, &linear,
			      binary_miss, linear_miss);
	free_pages(table, order);
}

static void bench_extable_synthetic(void)
{
	for (size_t n = MIN_ENTRIES; n <= MAX_ENTRIES; n *= 2)
		bench_one_size(n);
}
bench_case(bench_extable_synthetic);

/*
 * A whole recovered fault: the nofault read of NULL traps, the handler
 * searches the table and resumes at the fixup. Against it, the same read
 * of good memory, which does not trap.
 */
static void bench_extable_fault(void)
{
	static unsigned long word = 1;
	unsigned long val;
	long good_ret, bad_ret;
	u64 good = bench_measure(good_ret = get_kernel_nofault(val, &word));
	u64 fault = bench_measure(bad_ret = get_kernel_nofault(val, (unsigned long *)NULL));

	if (good_ret || bad_ret != -EFAULT)
		bench_print("error", "extable: nofault reads returned %ld and %ld", good_ret,
			    bad_ret);
	bench_print("extable_fault", "nofault_read_ok=%llu nofault_read_fault=%llu",
		    (unsigned long long)good, (unsigned long long)fault);
}
bench_case(bench_extable_fault);
