/*
 * hello: the smallest proof that a C library's own start-up code runs on
 * Special K unmodified. It is built once per C library (tests/user/user.mk:
 * /bin/hello-musl, /bin/hello-glibc), and each library starts differently
 * (docs/user-abi.md lists the system calls each makes before main()).
 */
#include <stdio.h>

int main(int argc, char **argv)
{
	printf("Hello, world! (%s, static, %d argument%s)\n", LIBC, argc - 1,
	       argc == 2 ? "" : "s");
	for (int i = 1; i < argc; i++)
		printf("  argv[%d] = \"%s\"\n", i, argv[i]);
	return 0;
}
