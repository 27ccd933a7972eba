/*
 * Fuzzing the newc unpacker (kernel/fs/initramfs.c): any bytes as an
 * archive. The file system calls it makes are recorded as in the host
 * tests (tests/host/initramfs_host.h); every name and file it hands over
 * must lie inside the archive and be terminated (ASan), and no name may
 * have a ".." component.
 */
#include "fuzz_host.h"
#include "initramfs_host.h"

static void check_names(void)
{
	for (int i = 0; i < nr_entries; i++) {
		const char *p = entries[i].path;

		if (!strcmp(p, "..") || !strncmp(p, "../", 3) || strstr(p, "/../") ||
		    (strlen(p) >= 3 && !strcmp(p + strlen(p) - 3, "/..")))
			__builtin_trap();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unpack_to_rootfs(data, size);
	check_names();
	reset();
	return 0;
}
