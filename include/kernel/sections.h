/*
 * The symbols of the kernel image's layout and of every special section,
 * and special_sections[], the registry's rows as data.
 *
 * They are defined by the linker scripts (linker/sections.lds.h). Declaring
 * them as arrays (not as variables) makes `sym` the address itself:
 * `__start___ex_table` is where the table begins, and `stop - start` counts
 * the entries. The special sections' symbols are declared from their
 * registry (include/kernel/section_registry.h, and the arch's
 * <asm/sections.h> for those only it has), with the type the registry gives.
 */
#ifndef _KERNEL_SECTIONS_H
#define _KERNEL_SECTIONS_H

#include <asm/sections.h>
#include <kernel/export.h>
#include <kernel/init.h>
#include <kernel/section_registry.h>
#include <kernel/types.h>

extern char _text[], _stext[], _etext[];
extern char __start_rodata[], __end_rodata[];
/* Where the init region's data part starts (page aligned): init code lies below it. */
extern char __init_data_begin[];
extern char _sdata[], _edata[];
extern char __bss_start[], __bss_stop[];
extern char _end[];

struct ktest_suite;

/* The start and stop of every special section (include/kernel/section_registry.h). */
#define DECLARE_SECTION_BOUNDS(name, start, stop, decl, ...) \
	extern decl start[];					\
	extern decl stop[];
SPECIAL_SECTIONS(DECLARE_SECTION_BOUNDS)
ARCH_SPECIAL_SECTIONS(DECLARE_SECTION_BOUNDS)
extern char __per_cpu_load[];

/* Each level's first entry: __initcallearly_start, __initcall0_start ... */
#define __INITCALL_LEVEL_START(id, name)	extern initcall_t __initcall##id##_start[];
INITCALL_LEVELS(__INITCALL_LEVEL_START)

/* One row of the registry, as kernel/sections.c lays it out for the code that walks it. */
struct special_section {
	const char *name;
	const void *start, *stop;
	size_t entry_size;	/* sizeof one entry; 0: BYTES, code or data of any size */
	size_t entry_align;	/* where an entry must start */
	bool init;		/* freed by free_initmem() */
	const char *filler, *gatherer, *user;
};

extern const struct special_section special_sections[];
extern const size_t nr_special_sections;

/* Where a section's bytes are in the image: .data..percpu is linked at one place and loaded at another. */
const void *section_image_start(const struct special_section *s);

/*
 * Walk any table section: `it` points at each entry in turn. Entries must be
 * of one type and the section must be aligned to it (sections.lds.h aligns
 * every table to 8).
 */
#define for_each_section_entry(type, start, stop, it)			\
	for (type *it = (type *)(start); it < (type *)(stop); it++)

/* Number of whole entries of `size` bytes between two symbols. */
static inline size_t section_count(const void *start, const void *stop, size_t size)
{
	return ((const char *)stop - (const char *)start) / size;
}

static inline bool in_section(unsigned long addr, const void *start, const void *stop)
{
	return addr >= (unsigned long)start && addr < (unsigned long)stop;
}

/* Code of the kernel image: .text, or .init.text until free_initmem(). */
static inline bool is_kernel_text(unsigned long addr)
{
	return in_section(addr, _stext, _etext) ||
	       (system_state == SYSTEM_BOOTING && in_section(addr, _sinittext, _einittext));
}

#endif
