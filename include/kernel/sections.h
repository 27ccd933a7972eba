/*
 * The start/stop symbols of every special section, declared once.
 *
 * They are defined by linker/sections.lds.h. Declaring them as arrays
 * (not as variables) makes `sym` the address itself: `__start___ex_table`
 * is where the table begins, and `stop - start` counts the entries. A
 * table of pointers is declared with its type; the others as char, to be
 * walked with for_each_section_entry(). A section that only one arch has
 * declares its symbols in that arch's <asm/sections.h>.
 */
#ifndef _KERNEL_SECTIONS_H
#define _KERNEL_SECTIONS_H

#include <kernel/export.h>
#include <kernel/init.h>
#include <kernel/types.h>

extern char _text[], _stext[], _etext[];
extern char __start_rodata[], __end_rodata[];
extern char __init_begin[], __init_end[];
extern char _sinittext[], _einittext[];
/* Where the init region's data part starts (page aligned): init code lies below it. */
extern char __init_data_begin[];
extern char _sdata[], _edata[];
extern char __bss_start[], __bss_stop[];
extern char _end[];

extern char __sched_text_start[], __sched_text_end[];
extern char __per_cpu_start[], __per_cpu_end[], __per_cpu_load[];
extern char __start___ex_table[], __stop___ex_table[];
extern char __start___bug_table[], __stop___bug_table[];
extern const struct kernel_symbol __start___ksymtab[], __stop___ksymtab[];
extern const struct kernel_symbol __start___ksymtab_gpl[], __stop___ksymtab_gpl[];
extern const char __start___ksymtab_strings[], __stop___ksymtab_strings[];
extern char __alt_instructions[], __alt_instructions_end[];
extern char __setup_start[], __setup_end[];
extern const char __bench_cases_start[], __bench_cases_end[];

struct ktest_suite;
extern const struct ktest_suite *const __ktest_suites_start[], *const __ktest_suites_end[];
extern const struct ktest_suite *const __ktest_init_suites_start[],
	*const __ktest_init_suites_end[];
extern char __monitor_commands_start[], __monitor_commands_end[];

extern initcall_t __initcall_start[], __initcall_end[];
/* Each level's first entry: __initcallearly_start, __initcall0_start ... */
#define __INITCALL_LEVEL_START(id, name)	extern initcall_t __initcall##id##_start[];
INITCALL_LEVELS(__INITCALL_LEVEL_START)

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
