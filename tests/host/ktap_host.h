/*
 * A minimal KTAP producer: the failure count and the run of a table of
 * cases (tests/host/ktap.h), included by one file of each test program,
 * the host tests' own and /bin/ktest-user (tests/user/ktest-user.c).
 *
 * Each test program, or each user-space suite, is one KTAP subtest. It
 * prints its block indented by four spaces (version line, "# Subtest:",
 * plan, one "ok"/"not ok" line per case, "# " diagnostics) and exits
 * non-zero if a case failed. The host tests' Makefile, or the kernel,
 * adds the top-level header and the numbered "ok N name" line for the whole
 * program, so a program that crashes is still reported.
 */
#ifndef _HOST_KTAP_HOST_H
#define _HOST_KTAP_HOST_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap.h"

/* Enough lines to see a pattern, few enough that a broken table stays readable. */
#define KTAP_MAX_DIAGNOSTICS 20

static int ktap_failures;	/* in the current case */

void ktap_fail(int line, const char *fmt, ...)
{
	va_list ap;

	if (ktap_failures++ == KTAP_MAX_DIAGNOSTICS)
		printf("    # (more failures in this case not shown)\n");
	if (ktap_failures > KTAP_MAX_DIAGNOSTICS)
		return;
	printf("    # line %d: ", line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

/*
 * Run every case, print the subtest block called name; 0 if all passed. With seed_rand,
 * srand(case number) first: each case's rand() inputs are fixed, whatever ran before it.
 * The host tests draw from rand(); the user-space suites do not, and glibc's srand() costs
 * 3,800 instructions a case on ARM.
 */
static inline int ktap_run_cases(const char *name, const struct ktap_case *cases, size_t n,
				 bool seed_rand)
{
	int failed = 0;
	size_t i;

	/* Line-buffered (ASan aborts; the console is no terminal): a crash loses nothing. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("    KTAP version 1\n    # Subtest: %s\n    1..%zu\n", name, n);
	for (i = 0; i < n; i++) {
		ktap_failures = 0;
		if (seed_rand)
			srand(i + 1);
		cases[i].run();
		printf("    %sok %zu %s\n", ktap_failures ? "not " : "", i + 1, cases[i].name);
		if (ktap_failures)
			failed = 1;
	}
	return failed;
}

/* ktap_run_cases(), the subtest named after the program. */
static inline int ktap_run(const char *argv0, const struct ktap_case *cases, size_t n)
{
	const char *slash = strrchr(argv0, '/');

	return ktap_run_cases(slash ? slash + 1 : argv0, cases, n, true);
}

/* The whole main() of a test program: run its table of cases. */
#define KTAP_MAIN(cases)						\
	int main(int argc, char **argv)					\
	{								\
		(void)argc;						\
		return ktap_run(argv[0], cases, sizeof(cases) / sizeof(cases[0])); \
	}

#endif
