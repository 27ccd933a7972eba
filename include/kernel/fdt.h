/*
 * A small reader for the flattened device tree (FDT, "DTB"): how QEMU's ARM
 * virt board, U-Boot and most ARM firmware describe the machine (memory,
 * CPUs, devices, the command line in /chosen/bootargs).
 *
 * The blob is a header, a list of reserved memory ranges, a structure block
 * of 32-bit big-endian tokens (BEGIN_NODE name, PROP len nameoff value,
 * END_NODE, NOP, END) and a block of property names. A node is named here by
 * its offset in the structure block, as libfdt does; negative values are
 * errors (-ENOENT: no such node or property, -EINVAL: corrupt blob).
 *
 * The reader trusts nothing in the blob: every offset, length and string is
 * checked against the blocks the header declares, and the header against the
 * room the caller says it may read, so a corrupt tree gives an error, never a
 * read past its end. The format is arch-neutral; kernel/fdt.c has no ARM in
 * it.
 */
#ifndef _KERNEL_FDT_H
#define _KERNEL_FDT_H

#include <kernel/types.h>

#define FDT_MAGIC		0xd00dfeed
#define FDT_MIN_VERSION		17	/* has size_dt_struct; QEMU writes 17 */
#define FDT_HEADER_SIZE		40

/* What the header says, in CPU byte order, once fdt_init() accepted it. */
struct fdt {
	const u8 *blob;
	u32 totalsize;
	const u8 *structure;	/* the token block */
	u32 structure_size;
	const char *strings;	/* property names */
	u32 strings_size;
	const u8 *reservations;	/* (address, size) pairs of 64 bits, 0/0 ends */
	u32 reservations_size;	/* bytes from there to the next block */
};

/*
 * Big-endian to CPU order. The device tree is big-endian and both our CPUs
 * run little-endian; reading byte by byte works for either, at any
 * alignment (property values are 4-byte aligned only inside the blob, and a
 * loader may put the blob anywhere).
 */
static inline u32 fdt_read_be32(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] << 24 | (u32)b[1] << 16 | (u32)b[2] << 8 | b[3];
}

static inline u64 fdt_read_be64(const void *p)
{
	return (u64)fdt_read_be32(p) << 32 | fdt_read_be32((const u8 *)p + 4);
}

/*
 * Check the header of the blob at `blob`, of which `room` bytes may be read,
 * and fill *fdt. Returns NULL when the blob is usable, else a short reason
 * ("bad magic", ...) for the caller's panic message.
 */
const char *fdt_init(struct fdt *fdt, const void *blob, size_t room);

/* The root node's offset, or -EINVAL if the structure block does not start with one. */
int fdt_root(const struct fdt *fdt);
/* The node's name ("cpu@0"; "" for the root), or NULL if `node` is not a node. */
const char *fdt_node_name(const struct fdt *fdt, int node);
int fdt_first_child(const struct fdt *fdt, int node);
int fdt_next_sibling(const struct fdt *fdt, int node);

/*
 * Find a node by absolute path ("/", "/chosen", "/cpus/cpu@1"). A path
 * component without a unit address also matches a name that has one:
 * "/memory" finds "memory@40000000" (the first such node).
 */
int fdt_path_offset(const struct fdt *fdt, const char *path);

/* The value of a property and its length in bytes, or NULL if the node has no such property. */
const void *fdt_getprop(const struct fdt *fdt, int node, const char *name, u32 *len);
/* A one-cell property into *value: 0, or -ENOENT / -EINVAL. */
int fdt_getprop_u32(const struct fdt *fdt, int node, const char *name, u32 *value);
/* True if the property holds a string list and one of its strings is `str`. */
bool fdt_prop_has_string(const struct fdt *fdt, int node, const char *name, const char *str);

/* A node is in use unless its "status" says otherwise ("disabled", "fail" ...). */
bool fdt_node_available(const struct fdt *fdt, int node);

/*
 * The cell counts a node gives its children's "reg" properties
 * (#address-cells defaults to 2 and #size-cells to 1, as the spec says).
 */
u32 fdt_address_cells(const struct fdt *fdt, int node);
u32 fdt_size_cells(const struct fdt *fdt, int node);

/*
 * Read entry `index` of the "reg" property of `node`, whose parent is
 * `parent` (its cell counts apply). Up to two cells per number (64 bits);
 * size is 0 when the parent has #size-cells = 0. Returns 0, -ENOENT past the
 * last entry, or -EINVAL.
 */
int fdt_read_reg(const struct fdt *fdt, int parent, int node, u32 index, u64 *base, u64 *size);

/* Entry `index` of the memory reservation block: 0, or -ENOENT after the last. */
int fdt_reserved_entry(const struct fdt *fdt, u32 index, u64 *base, u64 *size);

#define fdt_for_each_child(fdt, parent, child)				\
	for (int child = fdt_first_child(fdt, parent); child >= 0;	\
	     child = fdt_next_sibling(fdt, child))

#endif
