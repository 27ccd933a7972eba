/*
 * /init: the first program, run by the kernel at the end of its boot
 * (kernel/init_task.c), or another named by rdinit=. The kernel gives it
 * the words after `--` on its command line as arguments and Linux's
 * environment for init (HOME=/, TERM=linux).
 *
 * It says who it is, then exits with the status its first argument names
 * (0 without one): `make run APPEND='-- 3'` ends the boot with "init exited
 * with status 3" and QEMU's tests-failed status. The kernel prints its own
 * line when init ends, so the boot's end is visible whatever init says.
 *
 * With `family` as its second argument (`-- 0 family`) it first leaves a
 * child behind that waits for a grandchild, which sleeps: a parent and a
 * child that outlive init, for the monitor's ps (after init, at the end of
 * boot) to show with their PPIDs (scripts/monitor-test).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Returns once the grandchild runs: it says so through a pipe. */
static void leave_family(void)
{
	int ready[2];
	char byte;
	pid_t child;

	if (pipe(ready)) {
		perror("init: pipe");
		return;
	}
	child = fork();
	if (child == 0) {
		if (fork() == 0) {
			write(ready[1], "", 1);
			for (;;)
				sleep(1000);
		}
		wait(NULL);
		_exit(0);
	}
	close(ready[1]);
	if (child < 0 || read(ready[0], &byte, 1) != 1)
		printf("init: the family did not start\n");
	else
		printf("init: left pid %d behind, waiting for a child of its own\n", child);
}

int main(int argc, char **argv)
{
	struct utsname u;

	if (uname(&u) == 0)
		printf("init: pid %d on %s %s %s (%s)\n", getpid(), u.sysname, u.release,
		       u.machine, LIBC);
	for (int i = 0; i < argc; i++)
		printf("init: argv[%d] = \"%s\"\n", i, argv[i]);
	for (char **e = environ; *e; e++)
		printf("init: env %s\n", *e);
	if (argc > 2 && !strcmp(argv[2], "family"))
		leave_family();
	return argc > 1 ? atoi(argv[1]) : 0;
}
