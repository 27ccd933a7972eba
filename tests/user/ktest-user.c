/*
 * /bin/ktest-user: every user-space KTAP suite in one program (see
 * ktest-user.h). argv[0]'s last component names the suite to run.
 */
#include <stdarg.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"

extern const struct ktest_user_suite *const __start_ktest_user_suites[];
extern const struct ktest_user_suite *const __stop_ktest_user_suites[];

/* Enough lines to see a pattern, few enough that a broken case stays readable. */
#define MAX_DIAGNOSTICS	20

static int failures;	/* in the current case */
int ktest_argc;
char **ktest_argv;

void ktap_fail(int line, const char *fmt, ...)
{
	va_list ap;

	if (failures++ == MAX_DIAGNOSTICS)
		printf("    # (more failures in this case not shown)\n");
	if (failures > MAX_DIAGNOSTICS)
		return;
	printf("    # line %d: ", line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

/* The subtest block: version, name, plan, a line per case. 0 if all passed. */
static int run_suite(const struct ktest_user_suite *s)
{
	int failed = 0;

	/* Line-buffered (the console is no terminal to the C library): a crash loses nothing. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("    KTAP version 1\n    # Subtest: %s\n    1..%zu\n", s->name, s->nr_cases);
	for (size_t i = 0; i < s->nr_cases; i++) {
		failures = 0;
		s->cases[i].run();
		printf("    %sok %zu %s\n", failures ? "not " : "", i + 1, s->cases[i].name);
		failed |= failures != 0;
	}
	return failed;
}

bool on_special_k(void)
{
	struct utsname u;
	size_t n;

	if (uname(&u))
		return false;
	n = strlen(u.release);
	return n >= 9 && !strcmp(u.release + n - 9, "-specialk");
}

int run_in_child(void (*fn)(void))
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		fn();
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return status;
}

int main(int argc, char **argv)
{
	const char *slash = argc ? strrchr(argv[0], '/') : NULL;
	const char *name = slash ? slash + 1 : argc ? argv[0] : "";
	const struct ktest_user_suite *const *s;

	ktest_argc = argc > 1 ? argc - 1 : 0;
	ktest_argv = argv + (argc > 0);
	for (s = __start_ktest_user_suites; s < __stop_ktest_user_suites; s++)
		if (!strcmp((*s)->name, name))
			return run_suite(*s);
	fprintf(stderr, "ktest-user: no suite \"%s\"; run me as one of:", name);
	for (s = __start_ktest_user_suites; s < __stop_ktest_user_suites; s++)
		fprintf(stderr, " %s", (*s)->name);
	fprintf(stderr, "\n");
	return 2;
}
