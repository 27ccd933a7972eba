/*
 * The ktest runner: walks .init.ktest_suites (before init memory is freed)
 * and .ktest_suites (after), runs each case, prints KTAP version 1.
 *
 * The top-level plan `1..N` must come first, so the first run counts both
 * tables and the suites a layer adds (user space's programs, counted by
 * its initcall, run by its late hook: kernel/ktest_user.c); numbering
 * continues across the three runs. Boot log lines may fall
 * between suites, which KTAP allows. Lines go through console_write(), not
 * printk(), so loglevel= and quiet never hide a result. A case that ends
 * with fewer free pages than it started with fails: leaks are found here.
 *
 * A ktest.filter= that matches no suite runs nothing: the plan is 1..0
 * (valid KTAP), a diagnostic says why, and ktest_exit_status() answers 35
 * (the self-tests did not all pass), never 33: a mistyped filter must not
 * read as a clean run.
 */
#include <asm/bench.h>
#include <asm/processor.h>
#include <kernel/console.h>
#include <kernel/glob.h>
#include <kernel/init.h>
#include <kernel/ktest.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sections.h>
#include <kernel/sprintf.h>
#include <kernel/string.h>

static int next_suite_number = 1;
static u64 suite_start;
struct ktest_cost ktest_costs[KTEST_MAX_COSTS];
unsigned int nr_ktest_costs;
/* ktest.filter=GLOB: only suites whose name matches run (and count in the plan). */
static char filter[64] = "*";
static int failed_cases;
static bool none_selected;
/* Suites a layer runs and reports itself (ktest_plan_add()). */
static size_t planned_elsewhere;

static __printf(1, 2) void ktap(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vscnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	/* A cut-off line must still end: a KTAP parser reads line by line. */
	if (len && buf[len - 1] != '\n')
		buf[len - 1] = '\n';
	console_write(buf, len);
}

void ktest_diag(const char *fmt, ...)
{
	char buf[200];
	va_list ap;

	va_start(ap, fmt);
	vscnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	ktap("    # %s\n", buf);
}

void ktest_fail(struct ktest *t, const char *file, int line, const char *fmt, ...)
{
	char buf[200];
	va_list ap;

	va_start(ap, fmt);
	vscnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	ktap("    # %s: %s:%d: %s\n", t->name, file, line, buf);
	t->failed = true;
}

void ktest_skip(struct ktest *t, const char *reason)
{
	t->skip_reason = reason;
}

static int __init set_filter(char *val)
{
	strscpy(filter, val, sizeof(filter));
	return 0;
}
__setup("ktest.filter=", set_filter);

static bool selected(const struct ktest_suite *suite)
{
	return ktest_name_selected(suite->name);
}

static size_t count_selected(const struct ktest_suite *const *start,
			     const struct ktest_suite *const *stop)
{
	size_t n = 0;

	for_each_section_entry(const struct ktest_suite *const, start, stop, s)
		n += selected(*s);
	return n;
}

static size_t count_cases(const struct ktest_suite *suite)
{
	size_t n = 0;

	while (suite->cases[n].name)
		n++;
	return n;
}

void ktest_suite_begin(void)
{
	suite_start = bench_counter();
}

/* The suite that began last ends: its name and cost into ktest_costs[]. */
static void record_cost(const char *name)
{
	struct ktest_cost *c = &ktest_costs[nr_ktest_costs];

	if (nr_ktest_costs == KTEST_MAX_COSTS)
		return;
	strscpy(c->name, name, sizeof(c->name));
	c->insns = bench_counter() - suite_start;
	nr_ktest_costs++;
}

static void run_suite(const struct ktest_suite *suite)
{
	bool suite_failed = false;
	size_t n = count_cases(suite);

	ktest_suite_begin();
	ktap("    KTAP version 1\n    # Subtest: %s\n    1..%zu\n", suite->name, n);
	for (size_t i = 0; i < n; i++) {
		const struct ktest_case *c = &suite->cases[i];
		struct ktest t = { .name = c->name };

		unsigned long free_before = nr_free_pages();

		c->run(&t);
		/* xv6's countfree idea: a case that leaks pages fails. */
		if (nr_free_pages() != free_before)
			ktest_fail(&t, __FILE__, __LINE__, "leaked %ld page(s)",
				   (long)(free_before - nr_free_pages()));
		if (t.failed) {
			suite_failed = true;
			failed_cases++;
			ktap("    not ok %zu %s\n", i + 1, c->name);
		} else if (t.skip_reason) {
			ktap("    ok %zu %s # SKIP %s\n", i + 1, c->name, t.skip_reason);
		} else {
			ktap("    ok %zu %s\n", i + 1, c->name);
		}
	}
	record_cost(suite->name);
	ktap("%s %d %s\n", suite_failed ? "not ok" : "ok", next_suite_number++, suite->name);
}

bool ktest_name_selected(const char *name)
{
	return glob_match(filter, name);
}

void ktest_plan_add(size_t suites)
{
	planned_elsewhere += suites;
}

void ktest_report(const char *name, bool ok)
{
	if (!ok)
		failed_cases++;
	record_cost(name);
	ktap("%s %d %s\n", ok ? "ok" : "not ok", next_suite_number++, name);
}

static void run_table(const struct ktest_suite *const *start,
		      const struct ktest_suite *const *stop)
{
	for_each_section_entry(const struct ktest_suite *const, start, stop, s)
		if (selected(*s))
			run_suite(*s);
}

void __init ktest_run_init_suites(void)
{
	size_t total;

	total = count_selected(__ktest_init_suites_start, __ktest_init_suites_end) +
		count_selected(__ktest_suites_start, __ktest_suites_end) + planned_elsewhere;

	ktap("KTAP version 1\n1..%zu\n", total);
	if (!total) {
		none_selected = true;
		ktap("# ktest: no self-test ran: ktest.filter=%s matches no suite\n", filter);
	}
	run_table(__ktest_init_suites_start, __ktest_init_suites_end);
}

void ktest_run_suites(void)
{
	run_table(__ktest_suites_start, __ktest_suites_end);
}

int ktest_exit_status(void)
{
	if (failed_cases)
		pr_info("ktest: %d test case(s) failed\n", failed_cases);
	else if (none_selected)
		pr_info("ktest: no self-test ran (ktest.filter=%s)\n", filter);
	return failed_cases || none_selected ? QEMU_EXIT_TESTS_FAILED : QEMU_EXIT_PASS;
}
