/*
 * Fuzzing the device-tree reader (kernel/fdt.c): any bytes as a blob. The
 * harness walks the whole tree the way the ARM boot does: every token once
 * (fdt_next()), every name and value read in full, string lists searched,
 * the reservation block. The reader must never read outside the blob (ASan:
 * the input is exactly its size) and every walk must end.
 */
#include "fuzz_host.h"

#include <kernel/errno.h>
#include <kernel/fdt.h>

static volatile u32 bytes_read;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fdt fdt;
	struct fdt_token tok;
	u64 base, len;
	int offset = 0, depth = 0;

	if (fdt_init(&fdt, data, size))
		return 0;
	/* The whole walk, as the boot does it; every name and value it hands out read in full. */
	while (!fdt_next(&fdt, &offset, &tok) && tok.tag != FDT_END) {
		if (tok.tag == FDT_BEGIN_NODE) {
			depth++;
			bytes_read += strlen(tok.name) + fdt_name_is(tok.name, "cpus");
		} else if (tok.tag == FDT_PROP) {
			bytes_read += strlen(tok.name);
			for (u32 k = 0; k < tok.len; k++)
				bytes_read += tok.value[k];
			bytes_read += fdt_has_string(tok.value, tok.len, "okay");
		} else if (--depth < 0) {
			break;
		}
	}
	for (u32 i = 0; i < 64 && !fdt_reserved_entry(&fdt, i, &base, &len); i++)
		;
	return 0;
}
