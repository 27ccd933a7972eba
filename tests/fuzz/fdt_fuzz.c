/*
 * Fuzzing the device-tree reader (kernel/fdt.c): any bytes as a blob. The
 * harness walks the whole tree the way the ARM boot does (and more): every
 * node's name, the properties the boot reads, each "reg" entry, the
 * reservation block, paths by name. The reader must never read outside the
 * blob (ASan: the input is exactly its size) and every walk must end.
 */
#include "fuzz_host.h"

#include <kernel/errno.h>
#include <kernel/fdt.h>

static volatile u32 bytes_read;

static void walk(const struct fdt *fdt, int parent, int node, int depth)
{
	static const char *const props[] = { "compatible", "status", "reg", "bootargs",
					      "device_type", "#address-cells" };
	u64 base, size;
	u32 value, len;
	const char *name = fdt_node_name(fdt, node);

	if (!name || depth > 64)
		return;
	for (size_t i = 0; i < sizeof(props) / sizeof(props[0]); i++) {
		const u8 *p = fdt_getprop(fdt, node, props[i], &len);

		/* A value the reader hands out lies inside the blob: read it all. */
		for (u32 k = 0; p && k < len; k++)
			bytes_read += p[k];
	}
	fdt_getprop_u32(fdt, node, "#size-cells", &value);
	fdt_prop_has_string(fdt, node, "compatible", "arm,pl011");
	fdt_node_available(fdt, node);
	for (u32 i = 0; i < 8 && !fdt_read_reg(fdt, parent, node, i, &base, &size); i++)
		;
	fdt_for_each_child(fdt, node, child)
		walk(fdt, node, child, depth + 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const paths[] = { "/", "/chosen", "/memory", "/cpus/cpu@1",
					     "/psci", "//chosen/", "/pl011@9000000" };
	struct fdt fdt;
	u64 base, len;
	int root;

	if (fdt_init(&fdt, data, size))
		return 0;
	root = fdt_root(&fdt);
	if (root >= 0)
		walk(&fdt, root, root, 0);
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		fdt_path_offset(&fdt, paths[i]);
	for (u32 i = 0; i < 64 && !fdt_reserved_entry(&fdt, i, &base, &len); i++)
		;
	return 0;
}
