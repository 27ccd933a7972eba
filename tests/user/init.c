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
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/utsname.h>
#include <unistd.h>

extern char **environ;

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
	return argc > 1 ? atoi(argv[1]) : 0;
}
