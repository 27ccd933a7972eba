/*
 * A small reader for the flattened device tree (FDT, "DTB"): how QEMU's ARM
 * virt board, U-Boot and most ARM firmware describe the machine (memory,
 * CPUs, devices, the command line in /chosen/bootargs).
 *
 * The blob is a header, a list of reserved memory ranges, a structure block
 * of 32-bit big-endian tokens (BEGIN_NODE name, PROP len nameoff value,
 * END_NODE, NOP, END) and a block of property names. The reader walks the
 * tokens once, in order (fdt_next()); the caller keeps what it needs as it
 * passes, which a boot can do because a node's properties come before its
 * children. (libfdt instead names nodes by offset and looks each up, which
 * walks the tree again for every lookup; boot step 2 once did that.)
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
 * ("bad magic", "structure block out of bounds", ...).
 */
const char *fdt_init(struct fdt *fdt, const void *blob, size_t room);

/* The tokens of the structure block (NOPs are skipped by fdt_next()). */
#define FDT_BEGIN_NODE	1
#define FDT_END_NODE	2
#define FDT_PROP	3
#define FDT_NOP		4
#define FDT_END		9

/* One token, decoded: a node's name, or a property's name and value. */
struct fdt_token {
	u32 tag;		/* FDT_BEGIN_NODE, FDT_PROP, FDT_END_NODE or FDT_END */
	const char *name;	/* BEGIN_NODE: the node's ("cpu@0"; "" for the root); PROP: the property's */
	const u8 *value;	/* PROP: the value, len bytes */
	u32 len;
};

/*
 * The walk: the whole tree in one pass, each token read once, in the
 * order of the blob (a node's properties, then its children, then its
 * END_NODE), starting at offset 0. Fills *tok from the token at *offset
 * and moves *offset past it; 0, or -EINVAL when the token is not one that
 * fits in the blocks. The caller counts the depth (and so matches each
 * END_NODE to its BEGIN_NODE); FDT_END ends the walk.
 */
int fdt_next(const struct fdt *fdt, int *offset, struct fdt_token *tok);

/* True if a string-list value (len bytes) holds `str` as one of its strings. */
bool fdt_has_string(const u8 *list, u32 len, const char *str);
/* True if the node name is `name` or `name@unit`. */
bool fdt_name_is(const char *node, const char *name);

/* Entry `index` of the memory reservation block: 0, or -ENOENT after the last. */
int fdt_reserved_entry(const struct fdt *fdt, u32 index, u64 *base, u64 *size);

#endif
