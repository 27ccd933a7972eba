/*
 * checksections_test: the section-mismatch checker (scripts/checksections.c)
 * on small objects built for both kernel architectures.
 *
 * tests/host/checksections.mk compiles each tests/host/checksections/<case>.c
 * with gcc for x86_64 and with arm-none-eabi-gcc for 32-bit ARM, together
 * with common.c, and combines the pair with "ld -r" into <arch>/<case>.o, as
 * the kernel's objects are combined into kernel.o. Each test runs the tool
 * (built with the sanitizers) on one of them and compares its exit status and
 * its whole output with what is expected (the path of the object is written
 * FILE).
 */
#include <stdbool.h>

#include "ktap_host.h"
#include "run_tool.h"

#ifndef CHECKSECTIONS_DIR
#error "build with -DCHECKSECTIONS_DIR=\"...\" (see tests/host/checksections.mk)"
#endif

#define TOOL		CHECKSECTIONS_DIR "/checksections"

/*
 * One output line made comparable: in exact, the object's path becomes FILE;
 * stripped is the same without the "+0x<hex>" after a mismatch's from-symbol
 * (which must be there, before the from-section's parenthesis).
 */
static void normalize(const char *line, const char *path, char *exact, char *stripped,
		      size_t len)
{
	const char *at = strstr(line, path);
	char *plus, *paren, *rest;

	if (at)
		snprintf(exact, len, "%.*sFILE%s", (int)(at - line), line, at + strlen(path));
	else
		snprintf(exact, len, "%s", line);
	snprintf(stripped, len, "%s", exact);
	if (strncmp(stripped, "section mismatch: ", 18))
		return;
	plus = strstr(stripped, "+0x");
	paren = strchr(stripped, '(');
	if (!plus || !paren || plus > paren) {
		ktap_fail(__LINE__, "no +0x offset after the from-symbol in \"%s\"", line);
		return;
	}
	rest = plus + 3 + strspn(plus + 3, "0123456789abcdef");
	memmove(plus, rest, strlen(rest) + 1);
}

/*
 * Run the tool on <arch>/<fixture>.o: it must exit with status and print
 * exactly the lines of expected (NULL-terminated; NULL for none), in any
 * order (it goes through the sections in the file's order, which differs
 * between the architectures). An expected mismatch line without "+0x" leaves
 * the offset, which depends on the compiler's code, unchecked.
 */
static void check(const char *arch, const char *fixture, int status,
		  const char *const *expected)
{
	char path[512], raw[512], exact[512], stripped[512];
	bool used[8] = { false };
	struct run r;
	char *next, *cur;
	size_t nexpected = 0, i;

	while (expected && expected[nexpected] && nexpected < sizeof(used))
		nexpected++;
	snprintf(path, sizeof(path), "%s/%s/%s.o", CHECKSECTIONS_DIR, arch, fixture);
	run_tool(TOOL, path, &r);
	EXPECT(r.status == status, "%s/%s.o: exit status %d, expected %d", arch, fixture,
	       r.status, status);

	for (cur = r.out; *cur; cur = next) {
		next = strchr(cur, '\n');
		next = next ? next + 1 : cur + strlen(cur);
		snprintf(raw, sizeof(raw), "%.*s", (int)(next - cur - (next[-1] == '\n')), cur);
		normalize(raw, path, exact, stripped, sizeof(exact));
		for (i = 0; i < nexpected; i++) {
			if (!used[i] && (!strcmp(exact, expected[i]) ||
					 !strcmp(stripped, expected[i])))
				break;
		}
		EXPECT(i < nexpected, "%s/%s.o: unexpected line \"%s\"", arch, fixture, exact);
		if (i < nexpected)
			used[i] = true;
	}
	for (i = 0; i < nexpected; i++)
		EXPECT(used[i], "%s/%s.o: missing line \"%s\"", arch, fixture, expected[i]);
}

/* The assembly's references are at known offsets: those are checked. */
#define CALL_LINES_FROM_C							\
	"section mismatch: late_caller (.text) refers to global_boot_helper (.init.text)", \
	"section mismatch: late_caller (.text) refers to static_boot_helper (.init.text)"

static const char *const call_lines_x86_64[] = {
	CALL_LINES_FROM_C,
	"section mismatch: asm_late_caller+0x1 (.text) refers to asm_boot_second (.init.text)",
	"section mismatch: asm_late_caller+0x8 (.text) refers to asm_boot_second (.init.text)",
	"section mismatch: asm_late_caller+0xf (.text) refers to asm_boot_second (.init.text)",
	"checksections: 5 section mismatches in FILE",
	NULL
};

/* movw and movt load one address: one mismatch. */
static const char *const call_lines_arm[] = {
	CALL_LINES_FROM_C,
	"section mismatch: asm_late_caller+0x0 (.text) refers to asm_boot_second (.init.text)",
	"section mismatch: asm_late_caller+0x4 (.text) refers to asm_boot_second (.init.text)",
	"section mismatch: asm_late_caller+0x14 (.text) refers to asm_boot_second (.init.text)",
	"checksections: 5 section mismatches in FILE",
	NULL
};

static const char *const data_lines[] = {
	"section mismatch: boot_first_address (.text) refers to boot_first (.init.data)",
	"section mismatch: read_boot_second (.text) refers to boot_second (.init.data)",
	"section mismatch: store_boot_third (.text) refers to boot_third (.init.data)",
	"section mismatch: late_limits (.data) refers to boot_limits (.init.rodata)",
	"checksections: 4 section mismatches in FILE",
	NULL
};

static const char *const anchor_lines[] = {
	"section mismatch: late_count (.text) refers to boot_only_count (.init.data)",
	"section mismatch: late_name_char (.text) refers to boot_only_name (.init.rodata)",
	"section mismatch: asm_late_word1 (.text) refers to asm_boot_word1 (.init.data)",
	"checksections: 3 section mismatches in FILE",
	NULL
};

static const char *const table_lines[] = {
	"section mismatch: suite_ptr (.ktest_suites) refers to boot_only_suite (.init.rodata)",
	"section mismatch: extable_entry (__ex_table) refers to risky_boot_probe (.init.text)",
	"checksections: 2 section mismatches in FILE",
	NULL
};

static void x86_64_clean(void) { check("x86_64", "clean", 0, NULL); }
static void x86_64_init_to_text_ok(void) { check("x86_64", "init_to_text_ok", 0, NULL); }
static void x86_64_initcall_ok(void) { check("x86_64", "initcall_ok", 0, NULL); }
static void x86_64_mismatch_call(void) { check("x86_64", "mismatch_call", 1, call_lines_x86_64); }
static void x86_64_mismatch_data(void) { check("x86_64", "mismatch_data", 1, data_lines); }
static void x86_64_mismatch_anchor(void) { check("x86_64", "mismatch_anchor", 1, anchor_lines); }
static void x86_64_mismatch_table(void) { check("x86_64", "mismatch_table", 1, table_lines); }

static void arm_clean(void) { check("arm", "clean", 0, NULL); }
static void arm_init_to_text_ok(void) { check("arm", "init_to_text_ok", 0, NULL); }
static void arm_initcall_ok(void) { check("arm", "initcall_ok", 0, NULL); }
static void arm_mismatch_call(void) { check("arm", "mismatch_call", 1, call_lines_arm); }
static void arm_mismatch_data(void) { check("arm", "mismatch_data", 1, data_lines); }
static void arm_mismatch_anchor(void) { check("arm", "mismatch_anchor", 1, anchor_lines); }
static void arm_mismatch_table(void) { check("arm", "mismatch_table", 1, table_lines); }

/* Anything but a readable relocatable object: exit status 2 and a reason. */
static void expect_refused(const char *args, const char *reason)
{
	struct run r;

	run_tool(TOOL, args, &r);
	EXPECT(r.status == 2, "checksections %s: exit status %d, expected 2", args, r.status);
	EXPECT(strstr(r.out, reason), "checksections %s: \"%s\" not in output: %s", args,
	       reason, r.out);
}

static void refuses_bad_input(void)
{
	const char *truncated = CHECKSECTIONS_DIR "/truncated.o";
	char object[512];
	FILE *in, *out;
	char head[256];
	size_t n = 0;

	expect_refused("", "usage:");
	expect_refused(CHECKSECTIONS_DIR "/no-such-file.o", "No such file");
	expect_refused(TOOL, "not a relocatable object");
	expect_refused(CHECKSECTIONS_DIR "/x86_64/clean.o " CHECKSECTIONS_DIR "/arm/clean.o",
		       "usage:");

	/* An object cut short: the section headers (at its end) are missing. */
	snprintf(object, sizeof(object), "%s/x86_64/clean.o", CHECKSECTIONS_DIR);
	in = fopen(object, "rb");
	out = fopen(truncated, "wb");
	if (in && out)
		n = fread(head, 1, sizeof(head), in);
	EXPECT(n == sizeof(head), "could not copy the start of %s", object);
	if (out)
		fwrite(head, 1, n, out);
	if (in)
		fclose(in);
	if (out)
		fclose(out);
	expect_refused(truncated, "bad section header table");
}

static const struct ktap_case cases[] = {
	KTAP_CASE(x86_64_clean),
	KTAP_CASE(x86_64_init_to_text_ok),
	KTAP_CASE(x86_64_initcall_ok),
	KTAP_CASE(x86_64_mismatch_call),
	KTAP_CASE(x86_64_mismatch_data),
	KTAP_CASE(x86_64_mismatch_anchor),
	KTAP_CASE(x86_64_mismatch_table),
	KTAP_CASE(arm_clean),
	KTAP_CASE(arm_init_to_text_ok),
	KTAP_CASE(arm_initcall_ok),
	KTAP_CASE(arm_mismatch_call),
	KTAP_CASE(arm_mismatch_data),
	KTAP_CASE(arm_mismatch_anchor),
	KTAP_CASE(arm_mismatch_table),
	KTAP_CASE(refuses_bad_input),
};

KTAP_MAIN(cases)
