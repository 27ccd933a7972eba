/*
 * The flattened device tree reader (include/kernel/fdt.h has the format).
 *
 * fdt_next() is the one place that decodes a token and checks it fits: a
 * node's name must end inside the structure block, a property's value must
 * too, a property name must start inside the strings block (which
 * fdt_init() checked ends in a NUL, so every name in it ends). Offsets
 * only grow, so every walk ends, at the latest when the next token would
 * lie past the block. Nothing is copied or allocated: names and values are
 * pointers into the blob.
 *
 * The ARM port reads QEMU's tree with it at boot (arch/arm/kernel/bootinfo.c);
 * it is plain C, so the host tests could run it too.
 */
#include <kernel/compiler.h>
#include <kernel/errno.h>
#include <kernel/fdt.h>
#include <kernel/init.h>
#include <kernel/string.h>

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
	if (size_strings && ((const char *)blob)[off_strings + size_strings - 1])
		return "strings block not NUL-terminated";
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

int __init fdt_next(const struct fdt *fdt, int *offset, struct fdt_token *tok)
{
	const u8 *block = fdt->structure;
	u32 size = fdt->structure_size, off = *offset;
	u64 next;

	do {
		if (*offset < 0 || off % 4 || off > size - 4)
			return -EINVAL;
		tok->tag = fdt_read_be32(block + off);
		off += 4;
	} while (tok->tag == FDT_NOP);
	switch (tok->tag) {
	case FDT_BEGIN_NODE: {
		const char *end = memchr(block + off, '\0', size - off);

		if (!end)
			return -EINVAL;
		tok->name = (const char *)block + off;
		next = off + ALIGN((u64)(end - tok->name) + 1, 4);
		break;
	}
	case FDT_PROP: {
		u32 name;

		if (off + 8 > size)
			return -EINVAL;
		tok->len = fdt_read_be32(block + off);
		name = fdt_read_be32(block + off + 4);
		if (name >= fdt->strings_size)
			return -EINVAL;
		tok->name = fdt->strings + name;
		tok->value = block + off + 8;
		next = off + 8 + ALIGN((u64)tok->len, 4);
		break;
	}
	case FDT_END_NODE:
	case FDT_END:
		next = off;
		break;
	default:
		return -EINVAL;
	}
	/* The last token may end the block exactly; no token may cross it. */
	if (next > size)
		return -EINVAL;
	*offset = (int)next;
	return 0;
}

bool __init fdt_has_string(const u8 *list, u32 len, const char *str)
{
	size_t n = strlen(str) + 1;

	/* Each string of the list in turn, while one as long as str still fits. */
	for (u32 pos = 0; pos + n <= len;) {
		const u8 *end = memchr(list + pos, '\0', len - pos);

		if (!end)
			return false;
		if (!memcmp(list + pos, str, n))
			return true;
		pos = end - list + 1;
	}
	return false;
}

bool __init fdt_name_is(const char *node, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(node, name, n) && (node[n] == '\0' || node[n] == '@');
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
