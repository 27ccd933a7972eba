/*
 * The flattened device tree reader (include/kernel/fdt.h has the format).
 *
 * Everything goes through next_token(), the one place that decodes a token
 * and checks it fits: a node's name must end inside the structure block, a
 * property's value must too, a property name must end inside the strings
 * block. Offsets only grow, so every walk ends, at the latest when the next
 * token would lie past the block. Nothing is copied or allocated: names and
 * values are pointers into the blob.
 *
 * The ARM port reads QEMU's tree with it at boot (arch/arm/kernel/bootinfo.c);
 * it is plain C, so the host tests could run it too.
 */
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <kernel/fdt.h>
#include <kernel/init.h>
#include <kernel/string.h>

#define FDT_BEGIN_NODE	1
#define FDT_END_NODE	2
#define FDT_PROP	3
#define FDT_NOP		4
#define FDT_END		9

/* Header fields: byte offsets of 32-bit big-endian words. */
#define HDR_MAGIC		0
#define HDR_TOTALSIZE		4
#define HDR_OFF_DT_STRUCT	8
#define HDR_OFF_DT_STRINGS	12
#define HDR_OFF_MEM_RSVMAP	16
#define HDR_VERSION		20
#define HDR_LAST_COMP_VERSION	24
#define HDR_SIZE_DT_STRINGS	32
#define HDR_SIZE_DT_STRUCT	36

#define FDT_MAX_SIZE	0x7ffffff0	/* offsets are ints */

static u32 __init header_word(const void *blob, u32 offset)
{
	return fdt_read_be32((const u8 *)blob + offset);
}

/* True if [offset, offset + size) lies within total (written so that nothing can overflow). */
static bool __init block_fits(u32 offset, u32 size, u32 total)
{
	return offset <= total && size <= total - offset;
}

const char *__init fdt_init(struct fdt *fdt, const void *blob, size_t room)
{
	u32 total, off_struct, size_struct, off_strings, size_strings, off_rsv, end_rsv;

	if (!blob || room < FDT_HEADER_SIZE)
		return "no room for a header";
	if (header_word(blob, HDR_MAGIC) != FDT_MAGIC)
		return "bad magic";
	total = header_word(blob, HDR_TOTALSIZE);
	if (total < FDT_HEADER_SIZE || total > room || total > FDT_MAX_SIZE)
		return "bad totalsize";
	if (header_word(blob, HDR_VERSION) < FDT_MIN_VERSION ||
	    header_word(blob, HDR_LAST_COMP_VERSION) > FDT_MIN_VERSION)
		return "unsupported version";

	off_struct = header_word(blob, HDR_OFF_DT_STRUCT);
	size_struct = header_word(blob, HDR_SIZE_DT_STRUCT);
	off_strings = header_word(blob, HDR_OFF_DT_STRINGS);
	size_strings = header_word(blob, HDR_SIZE_DT_STRINGS);
	off_rsv = header_word(blob, HDR_OFF_MEM_RSVMAP);
	if (off_struct < FDT_HEADER_SIZE || off_struct % 4 || size_struct % 4 ||
	    size_struct < 4 || !block_fits(off_struct, size_struct, total))
		return "structure block out of bounds";
	if (off_strings < FDT_HEADER_SIZE || !block_fits(off_strings, size_strings, total))
		return "strings block out of bounds";
	if (off_rsv < FDT_HEADER_SIZE || off_rsv % 8 || off_rsv > total)
		return "reservation block out of bounds";

	/* The reservation block has no size field: it runs to the next block. */
	end_rsv = total;
	if (off_struct >= off_rsv && off_struct < end_rsv)
		end_rsv = off_struct;
	if (off_strings >= off_rsv && off_strings < end_rsv)
		end_rsv = off_strings;

	fdt->blob = blob;
	fdt->totalsize = total;
	fdt->structure = (const u8 *)blob + off_struct;
	fdt->structure_size = size_struct;
	fdt->strings = (const char *)blob + off_strings;
	fdt->strings_size = size_strings;
	fdt->reservations = (const u8 *)blob + off_rsv;
	fdt->reservations_size = end_rsv - off_rsv;
	return NULL;
}

/* The string at base + offset if it ends (NUL) before base + size, else NULL. */
static const char *__init string_at(const char *base, u32 size, u32 offset)
{
	if (offset >= size || !memchr(base + offset, '\0', size - offset))
		return NULL;
	return base + offset;
}

/*
 * Decode the token at `offset`: store it in *token and return the offset of
 * the token after it, or -EINVAL if it is not a valid token that fits.
 */
static int __init next_token(const struct fdt *fdt, int offset, u32 *token)
{
	u32 size = fdt->structure_size;
	u32 off = offset;
	u64 next;

	if (offset < 0 || off % 4 || off > size - 4)
		return -EINVAL;
	*token = fdt_read_be32(fdt->structure + off);
	switch (*token) {
	case FDT_BEGIN_NODE: {
		const char *name = string_at((const char *)fdt->structure, size, off + 4);

		if (!name)
			return -EINVAL;
		next = off + 4 + ALIGN((u64)strlen(name) + 1, 4);
		break;
	}
	case FDT_PROP: {
		u32 len;

		if (off + 12 > size)
			return -EINVAL;
		len = fdt_read_be32(fdt->structure + off + 4);
		if (!string_at(fdt->strings, fdt->strings_size,
			       fdt_read_be32(fdt->structure + off + 8)))
			return -EINVAL;
		next = off + 12 + ALIGN((u64)len, 4);
		break;
	}
	case FDT_END_NODE:
	case FDT_NOP:
	case FDT_END:
		next = off + 4;
		break;
	default:
		return -EINVAL;
	}
	/* The last token may end the block exactly; no token may cross it. */
	if (next > size)
		return -EINVAL;
	return (int)next;
}

/* The first token at or after `offset` that is not a NOP; its offset, or -EINVAL. */
static int __init skip_nops(const struct fdt *fdt, int offset, u32 *token)
{
	for (;;) {
		int next = next_token(fdt, offset, token);

		if (next < 0)
			return next;
		if (*token != FDT_NOP)
			return offset;
		offset = next;
	}
}

/* The offset just after a node's name, where its properties begin. */
static int __init node_body(const struct fdt *fdt, int node)
{
	u32 token;
	int next = next_token(fdt, node, &token);

	if (next >= 0 && token != FDT_BEGIN_NODE)
		return -EINVAL;
	return next;
}

int __init fdt_root(const struct fdt *fdt)
{
	u32 token;
	int offset = skip_nops(fdt, 0, &token);

	if (offset < 0 || token != FDT_BEGIN_NODE)
		return -EINVAL;
	return offset;
}

const char *__init fdt_node_name(const struct fdt *fdt, int node)
{
	if (node_body(fdt, node) < 0)
		return NULL;
	return (const char *)fdt->structure + node + 4;
}

int __init fdt_first_child(const struct fdt *fdt, int node)
{
	int offset = node_body(fdt, node);
	u32 token;

	while (offset >= 0) {
		int next = next_token(fdt, offset, &token);

		if (next < 0)
			return next;
		if (token == FDT_BEGIN_NODE)
			return offset;
		if (token != FDT_PROP && token != FDT_NOP)
			return token == FDT_END_NODE ? -ENOENT : -EINVAL;
		offset = next;
	}
	return offset;
}

int __init fdt_next_sibling(const struct fdt *fdt, int node)
{
	int depth = 0, offset = node;
	u32 token;

	if (node_body(fdt, node) < 0)
		return -EINVAL;
	/* Skip the node's whole subtree, up to and including its END_NODE. */
	do {
		int next = next_token(fdt, offset, &token);

		if (next < 0 || token == FDT_END)
			return -EINVAL;
		if (token == FDT_BEGIN_NODE)
			depth++;
		else if (token == FDT_END_NODE)
			depth--;
		offset = next;
	} while (depth > 0);

	offset = skip_nops(fdt, offset, &token);
	if (offset < 0)
		return offset;
	if (token == FDT_BEGIN_NODE)
		return offset;
	/* The parent's END_NODE, or the END after the root. */
	return token == FDT_END_NODE || token == FDT_END ? -ENOENT : -EINVAL;
}

/* Does node name `name` match the path component comp[0..len)? */
static bool __init name_matches(const char *name, const char *comp, size_t len)
{
	if (strncmp(name, comp, len))
		return false;
	return name[len] == '\0' || (name[len] == '@' && !memchr(comp, '@', len));
}

int __init fdt_path_offset(const struct fdt *fdt, const char *path)
{
	int node = fdt_root(fdt);

	if (path[0] != '/')
		return -EINVAL;
	while (node >= 0) {
		size_t len;
		int found = -ENOENT;

		while (*path == '/')
			path++;
		if (!*path)
			return node;
		len = strchr(path, '/') ? (size_t)(strchr(path, '/') - path) : strlen(path);
		fdt_for_each_child(fdt, node, child) {
			if (name_matches(fdt_node_name(fdt, child), path, len)) {
				found = child;
				break;
			}
		}
		node = found;
		path += len;
	}
	return node;
}

const void *__init fdt_getprop(const struct fdt *fdt, int node, const char *name, u32 *len)
{
	int offset = node_body(fdt, node);
	u32 token;

	while (offset >= 0) {
		int next = next_token(fdt, offset, &token);
		const u8 *prop = fdt->structure + offset;

		if (next < 0 || (token != FDT_PROP && token != FDT_NOP))
			return NULL;
		if (token == FDT_PROP &&
		    !strcmp(fdt->strings + fdt_read_be32(prop + 8), name)) {
			if (len)
				*len = fdt_read_be32(prop + 4);
			return prop + 12;
		}
		offset = next;
	}
	return NULL;
}

int __init fdt_getprop_u32(const struct fdt *fdt, int node, const char *name, u32 *value)
{
	u32 len;
	const void *prop = fdt_getprop(fdt, node, name, &len);

	if (!prop)
		return -ENOENT;
	if (len != 4)
		return -EINVAL;
	*value = fdt_read_be32(prop);
	return 0;
}

bool __init fdt_prop_has_string(const struct fdt *fdt, int node, const char *name, const char *str)
{
	u32 len, pos = 0;
	const char *list = fdt_getprop(fdt, node, name, &len);

	if (!list)
		return false;
	while (pos < len) {
		const char *s = string_at(list, len, pos);

		if (!s)
			return false;
		if (!strcmp(s, str))
			return true;
		pos += strlen(s) + 1;
	}
	return false;
}

bool __init fdt_node_available(const struct fdt *fdt, int node)
{
	if (!fdt_getprop(fdt, node, "status", NULL))
		return true;
	return fdt_prop_has_string(fdt, node, "status", "okay") ||
	       fdt_prop_has_string(fdt, node, "status", "ok");
}

u32 __init fdt_address_cells(const struct fdt *fdt, int node)
{
	u32 cells;

	return fdt_getprop_u32(fdt, node, "#address-cells", &cells) ? 2 : cells;
}

u32 __init fdt_size_cells(const struct fdt *fdt, int node)
{
	u32 cells;

	return fdt_getprop_u32(fdt, node, "#size-cells", &cells) ? 1 : cells;
}

/* A number of one or two cells (checked by the caller). */
static u64 __init read_cells(const u8 *p, u32 cells)
{
	return cells == 2 ? fdt_read_be64(p) : fdt_read_be32(p);
}

int __init fdt_read_reg(const struct fdt *fdt, int parent, int node, u32 index, u64 *base, u64 *size)
{
	u32 address_cells = fdt_address_cells(fdt, parent);
	u32 size_cells = fdt_size_cells(fdt, parent);
	u32 len, entry;
	const u8 *reg;

	if (address_cells < 1 || address_cells > 2 || size_cells > 2)
		return -EINVAL;
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg)
		return -ENOENT;
	entry = 4 * (address_cells + size_cells);
	if (len % entry)
		return -EINVAL;
	if (index >= len / entry)
		return -ENOENT;
	reg += index * entry;
	*base = read_cells(reg, address_cells);
	*size = size_cells ? read_cells(reg + 4 * address_cells, size_cells) : 0;
	return 0;
}

int __init fdt_reserved_entry(const struct fdt *fdt, u32 index, u64 *base, u64 *size)
{
	/* Walk up to the entry, so that an earlier 0/0 end marker is honoured. */
	for (u32 i = 0; i <= index; i++) {
		const u8 *e = fdt->reservations + 16 * (size_t)i;

		if (16 * (u64)i + 16 > fdt->reservations_size)
			return -EINVAL;
		*base = fdt_read_be64(e);
		*size = fdt_read_be64(e + 8);
		if (!*base && !*size)
			return -ENOENT;
	}
	return 0;
}
