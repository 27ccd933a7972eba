/*
 * hello: the smallest proof that a C library's own start-up code runs on
 * Special K unmodified. It is built once per C library (tests/user/user.mk:
 * /bin/hello-musl, /bin/hello-glibc), and each library starts differently
 * (docs/user-abi.md lists the system calls each makes before main()); and
 * once linked dynamically (/bin/hello-dyn in initramfs-dyn.cpio), when it
 * is the program interpreter, ld.so, that starts first and maps libc.so.6.
 * LIBC and LINKAGE name the build in the greeting.
 */
#include <stdio.h>

int main(int argc, char **argv)
{
	printf("Hello, world! (%s, %s, %d argument%s)\n", LIBC, LINKAGE, argc - 1,
	       argc == 2 ? "" : "s");
	for (int i = 1; i < argc; i++)
		printf("  argv[%d] = \"%s\"\n", i, argv[i]);
	return 0;
}
