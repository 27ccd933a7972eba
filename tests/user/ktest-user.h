/*
 * The user-space KTAP suites: ordinary C programs that
 * print one KTAP subtest each, with the host tests' cases and runner
 * (tests/host/ktap.h, ktap_host.h in ktest-user.c), so the kernel can
 * nest them in its own KTAP document: it runs each
 * /lib/ktest/NAME at the end of its self-tests and prints the top-level
 * "ok N NAME" line from the program's exit status (kernel/user_ktest.c).
 *
 * All suites are one program, /bin/ktest-user, which runs the suite its
 * name (argv[0], the link /lib/ktest/NAME) names. A suite file ends with
 *
 *   ktest_user_suite(user_files, cases);
 *
 * which puts a pointer to it in the section "ktest_user_suites", gathered
 * by the linker between __start_ and __stop_ symbols: the user-space
 * counterpart of the kernel's .ktest_suites, so no list is kept by hand.
 *
 * Each suite also runs on Linux (a check of the tests themselves: chroot
 * into build/ARCH/user/root with tests/initramfs/ copied in), except what
 * Special K decides otherwise: a W+X mapping is refused, a fork loop ends
 * at its 32 thread slots, all memory is never promised (no overcommit).
 *
 * A buffer of a page or more that one call uses is on the stack, not
 * static: the stack's pages are mapped whatever it holds (no demand
 * paging), while a static buffer of one suite is pages that every suite's
 * process maps and each fork shares and each exit unmaps.
 */
#ifndef _USER_KTEST_USER_H
#define _USER_KTEST_USER_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "../host/ktap.h"

struct ktest_user_suite {
	const char *name;
	const struct ktap_case *cases;
	size_t nr_cases;
};

#define ktest_user_suite(sname, table)						\
	static const struct ktest_user_suite __suite_##sname = {		\
		#sname, table, sizeof(table) / sizeof(table[0]) };		\
	static const struct ktest_user_suite *const __suite_ptr_##sname	\
	__attribute__((used, section("ktest_user_suites"))) = &__suite_##sname

/*
 * The program's arguments after argv[0]: the kernel passes the words of
 * ktest.user_args= (kernel/ktest.c). Suites that take none ignore them.
 */
extern int ktest_argc;
extern char **ktest_argv;

/*
 * Run fn in a child process and return the child's wait status (or -1 when
 * fork() failed): for what must kill a process, or must not touch the
 * caller. The child leaves with _exit(0) when fn returns.
 */
int run_in_child(void (*fn)(void));

/*
 * Run the program argv[0] in a child and return the child's wait status (or
 * -1 when it could not be made); a failed execve() is exit status errno.
 * The child is vfork()ed: it borrows the caller's memory until its
 * execve(), where a fork() would share every page of it and unmap them
 * again.
 */
int run_program(char *const argv[]);

/*
 * Whether this is Special K (uname's release ends in "-specialk"): for the
 * checks that count free pages, which on Linux other processes change.
 */
bool on_special_k(void);

#endif
