/*
 * /bin/ktest-user: every user-space KTAP suite in one program (see
 * ktest-user.h). argv[0]'s last component names the suite to run.
 */
#include <errno.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktest-user.h"
#include "../host/ktap_host.h"

extern const struct ktest_user_suite *const __start_ktest_user_suites[];
extern const struct ktest_user_suite *const __stop_ktest_user_suites[];

int ktest_argc;
char **ktest_argv;

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

int run_program(char *const argv[])
{
	extern char **environ;
	int status;
	pid_t pid = vfork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		execve(argv[0], argv, environ);
		_exit(errno);
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
			return ktap_run_cases(name, (*s)->cases, (*s)->nr_cases, false);
	fprintf(stderr, "ktest-user: no suite \"%s\"; run me as one of:", name);
	for (s = __start_ktest_user_suites; s < __stop_ktest_user_suites; s++)
		fprintf(stderr, " %s", (*s)->name);
	fprintf(stderr, "\n");
	return 2;
}
