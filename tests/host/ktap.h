/*
 * The test cases of a KTAP test program, as every file of one sees them:
 * the host tests (tests/host/NAME_test.c) and the user-space suites
 * (tests/user/ktest/, one program). A case is a void function; EXPECT()
 * records a failure and carries on, so one run shows every difference (up
 * to a limit per case). ktap_host.h holds what runs them and counts the
 * failures, included by exactly one file of the program.
 */
#ifndef _HOST_KTAP_H
#define _HOST_KTAP_H

struct ktap_case {
	const char *name;	/* no spaces */
	void (*run)(void);
};

#define KTAP_CASE(fn) { #fn, fn }

/* Fail the current case, saying why (a "# line N: ..." diagnostic). */
__attribute__((__format__(printf, 2, 3))) void ktap_fail(int line, const char *fmt, ...);

/* If cond is false, fail the current case with a printf-style message. */
#define EXPECT(cond, ...)					\
	do {							\
		if (!(cond))					\
			ktap_fail(__LINE__, __VA_ARGS__);	\
	} while (0)

#endif
