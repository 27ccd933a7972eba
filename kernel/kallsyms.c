/*
 * kallsyms: address -> "name+0xoffset/0xsize" and name -> address, from the
 * symbol table that scripts/kallsyms.c generates at link time into the
 * .rodata.kallsyms section (gathered into .rodata by the linker script).
 * Backtraces and wchan use it through %pS (kernel/lib/vsprintf.c), which
 * is the one place that formats a symbol.
 *
 * The table, as scripts/kallsyms.c writes it (N symbols):
 *
 *   kallsyms_relative_base  pointer-size word: the address of _text
 *   kallsyms_num_syms       u32 N
 *   kallsyms_offsets        u32[N] address - _text, ascending; of several
 *                           symbols at one address the preferred one first
 *   kallsyms_sizes          u32[N] bytes covered (ELF size, or the distance
 *                           to the next symbol when there is none)
 *   kallsyms_name_offsets   u32[N] where each name starts in kallsyms_names
 *   kallsyms_seqs_of_names  u32[N] symbol indexes sorted by name, the
 *                           preferred of equal names first
 *   kallsyms_names          NUL-terminated names in address order
 *
 * "Preferred" (chosen once, at build time): a symbol with an ELF size over
 * a mere label, then global over weak over local, then fewer leading
 * underscores, then name order. So an address inside memcpy shows as
 * memcpy, not as a section-start label that happens to share its address.
 *
 * The first link (see scripts/link-kernel.sh) uses a table with N = 0, so
 * every lookup then finds nothing.
 */
#include <kernel/compiler.h>
#include <kernel/kallsyms.h>
#include <kernel/string.h>

extern const unsigned long kallsyms_relative_base;
extern const u32 kallsyms_num_syms;
extern const u32 kallsyms_offsets[];
extern const u32 kallsyms_sizes[];
extern const u32 kallsyms_name_offsets[];
extern const u32 kallsyms_seqs_of_names[];
extern const char kallsyms_names[];

static unsigned long symbol_address(u32 index)
{
	return kallsyms_relative_base + kallsyms_offsets[index];
}

static const char *symbol_name(u32 index)
{
	return kallsyms_names + kallsyms_name_offsets[index];
}

/*
 * Binary search for the last symbol starting at or below addr, then step
 * back over its aliases to the preferred one. addr belongs to it only if it
 * lies within its size: the padding between two functions is in neither.
 */
static bool find_symbol_by_address(unsigned long addr, u32 *index)
{
	u32 low = 0, high = kallsyms_num_syms;
	unsigned long offset;
	u32 found;

	if (addr < kallsyms_relative_base)
		return false;
	offset = addr - kallsyms_relative_base;
	while (low < high) {
		u32 middle = low + (high - low) / 2;

		if (kallsyms_offsets[middle] <= offset)
			low = middle + 1;
		else
			high = middle;
	}
	if (low == 0)
		return false;
	found = low - 1;
	while (found > 0 && kallsyms_offsets[found - 1] == kallsyms_offsets[found])
		found--;
	if (offset - kallsyms_offsets[found] >= kallsyms_sizes[found])
		return false;
	*index = found;
	return true;
}

/* Binary search of the name-sorted index for the first (preferred) symbol called name. */
static bool find_symbol_by_name(const char *name, u32 *index)
{
	u32 low = 0, high = kallsyms_num_syms;

	while (low < high) {
		u32 middle = low + (high - low) / 2;

		if (strcmp(symbol_name(kallsyms_seqs_of_names[middle]), name) < 0)
			low = middle + 1;
		else
			high = middle;
	}
	if (low == kallsyms_num_syms || strcmp(symbol_name(kallsyms_seqs_of_names[low]), name) != 0)
		return false;
	*index = kallsyms_seqs_of_names[low];
	return true;
}

const char *kallsyms_lookup(unsigned long addr, unsigned long *symbolsize, unsigned long *offset,
			    char *namebuf)
{
	u32 index;

	if (!find_symbol_by_address(addr, &index))
		return NULL;
	if (symbolsize)
		*symbolsize = kallsyms_sizes[index];
	if (offset)
		*offset = addr - symbol_address(index);
	strscpy(namebuf, symbol_name(index), KSYM_NAME_LEN);
	return namebuf;
}

unsigned long kallsyms_lookup_name(const char *name)
{
	u32 index;

	if (!find_symbol_by_name(name, &index))
		return 0;
	return symbol_address(index);
}

bool kallsyms_symbol_range(const char *name, unsigned long *start, unsigned long *size)
{
	u32 index;

	if (!find_symbol_by_name(name, &index))
		return false;
	*start = symbol_address(index);
	*size = kallsyms_sizes[index];
	return true;
}

/*
 * The module loader's lookup in the modules' symbols (kernel/module/kallsyms.c)
 * takes the place of this one when it is linked in; without it no code lies
 * outside the kernel's table.
 */
__weak const char *module_address_lookup(unsigned long addr, unsigned long *symbolsize,
					 unsigned long *offset, char *modname,
					 char *namebuf)
{
	(void)addr;
	(void)symbolsize;
	(void)offset;
	(void)modname;
	(void)namebuf;
	return NULL;
}
