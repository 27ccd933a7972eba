/*
 * One macro per special section: how each section of the registry
 * (include/kernel/section_registry.h, its "gatherer" column) is laid out
 * and where its start/stop symbols are set; the registry names the symbols
 * and tests/host/test_section_registry.py holds these macros to it. Both linker scripts
 * (linker/x86_64.lds.S, linker/arm.lds.S) are composed from these, the way
 * Linux's arch scripts are composed from include/asm-generic/vmlinux.lds.h.
 *
 * Every table is built by BOUNDED_SECTION(): KEEP()ed, because nothing in
 * the code names its entries (only the start/stop symbols), so
 * --gc-sections or lld would drop them, and bounded by its start/stop
 * symbols. The C side declares the symbols from the registry, in
 * include/kernel/sections.h (a section only one arch has is a row of its
 * asm/sections.h: .smp_locks is gathered by linker/x86_64.lds.S itself).
 *
 * Before including this file an arch script defines LOAD_OFFSET (virtual
 * minus load address) and PAGE_SIZE. Output sections carry
 * AT(ADDR(x) - LOAD_OFFSET) so that the image is loaded low (physical
 * addresses) while it is linked high (virtual addresses).
 */

#include <kernel/initcall_levels.h>

#define AT_LOAD(sec)	AT(ADDR(sec) - LOAD_OFFSET)

/* The entries of the input sections `sec`, kept, between the symbols start and stop. */
#define BOUNDED_SECTION(sec, start, stop)			\
	start = .;						\
	KEEP(*(sec))						\
	stop = .;

/* Early boot code that runs before the MMU/paging is set up: first in .text. */
#define HEAD_TEXT	KEEP(*(.head.text))

/* Ordinary code; .text.unlikely etc. are part of it. */
#define TEXT_TEXT	*(.text .text.*)

/* __sched functions: get_wchan() skips return addresses inside this range. */
#define SCHED_TEXT						\
	. = ALIGN(8);						\
	__sched_text_start = .;					\
	*(.sched.text)						\
	__sched_text_end = .;

/* Read-only data; the kallsyms tables are generated into .rodata.kallsyms. */
#define RO_DATA_SECTION						\
	.rodata : AT_LOAD(.rodata) {				\
		__start_rodata = .;				\
		*(.rodata .rodata.*)				\
	}

/* Pairs of (instruction that may fault, where to resume): searched by the trap handlers. */
#define EXCEPTION_TABLE(align)					\
	. = ALIGN(align);					\
	__ex_table : AT_LOAD(__ex_table) {			\
		BOUNDED_SECTION(__ex_table, __start___ex_table, __stop___ex_table) \
	}

/*
 * EXPORT_SYMBOL() entries (include/kernel/export.h), one input section per
 * symbol, "___ksymtab+NAME": SORT() orders them by section name, hence by
 * symbol name, so find_symbol() can search them in halves. The names they
 * point to are in __ksymtab_strings.
 */
#define KSYMTAB							\
	. = ALIGN(8);						\
	__ksymtab : AT_LOAD(__ksymtab) {			\
		BOUNDED_SECTION(SORT(___ksymtab+*), __start___ksymtab, __stop___ksymtab) \
	}							\
	__ksymtab_gpl : AT_LOAD(__ksymtab_gpl) {		\
		BOUNDED_SECTION(SORT(___ksymtab_gpl+*), __start___ksymtab_gpl, \
				__stop___ksymtab_gpl)		\
	}							\
	__ksymtab_strings : AT_LOAD(__ksymtab_strings) {	\
		BOUNDED_SECTION(__ksymtab_strings, __start___ksymtab_strings, \
				__stop___ksymtab_strings)	\
	}

/* BUG()/WARN() sites: file, line and flags of each trapping instruction. */
#define BUG_TABLE						\
	. = ALIGN(8);						\
	__bug_table : AT_LOAD(__bug_table) {			\
		BOUNDED_SECTION(__bug_table, __start___bug_table, __stop___bug_table) \
	}

/* Self-test suites that run after init memory is freed (pointers to struct ktest_suite). */
#define KTEST_SUITES						\
	. = ALIGN(8);						\
	.ktest_suites : AT_LOAD(.ktest_suites) {		\
		BOUNDED_SECTION(.ktest_suites, __ktest_suites_start, __ktest_suites_end) \
	}

/* Self-test suites that run before init memory is freed: a part of .init.data. */
#define INIT_KTEST_SUITES					\
	. = ALIGN(8);						\
	BOUNDED_SECTION(.init.ktest_suites, __ktest_init_suites_start, __ktest_init_suites_end)

/* The serial monitor's commands (struct monitor_command), found by kernel/monitor.c. */
#define MONITOR_COMMANDS					\
	. = ALIGN(8);						\
	.monitor_commands : AT_LOAD(.monitor_commands) {	\
		BOUNDED_SECTION(.monitor_commands, __monitor_commands_start, \
				__monitor_commands_end)		\
	}

/* Benchmark cases (struct bench_case), run at the end of boot by `bench` (kernel/bench.c). */
#define BENCH_CASES						\
	. = ALIGN(8);						\
	.bench_cases : AT_LOAD(.bench_cases) {			\
		BOUNDED_SECTION(.bench_cases, __bench_cases_start, __bench_cases_end) \
	}

/* ELF notes (x86_64's PVH entry note among them), in read-only data. */
#define NOTES							\
	.notes : AT_LOAD(.notes) {				\
		BOUNDED_SECTION(.note.*, __start_notes, __stop_notes) \
	}

/*
 * The per-CPU template. PERCPU_VADDR links it at address vaddr (0 on x86_64:
 * a variable's address is then its offset inside every CPU's copy) while its
 * bytes stay in the image at __per_cpu_load.
 */
#define PERCPU_INPUT						\
	. = ALIGN(64);						\
	__per_cpu_start = .;					\
	*(.data..percpu..shared_aligned)			\
	*(.data..percpu)					\
	__per_cpu_end = .;

#define PERCPU_VADDR(vaddr, phdr)				\
	__per_cpu_load = .;					\
	.data..percpu vaddr : AT(__per_cpu_load - LOAD_OFFSET) { \
		PERCPU_INPUT					\
	} phdr							\
	. = __per_cpu_load + SIZEOF(.data..percpu);

#define PERCPU_SECTION						\
	. = ALIGN(PAGE_SIZE);					\
	.data..percpu : AT_LOAD(.data..percpu) {		\
		__per_cpu_load = .;				\
		PERCPU_INPUT					\
	}

/* Code used only while booting: freed by free_initmem(). */
#define INIT_TEXT_SECTION					\
	.init.text : AT_LOAD(.init.text) {			\
		_sinittext = .;					\
		*(.init.text .init.text.*)			\
		_einittext = .;					\
	}

/* The better instructions that apply_alternatives() copies over the originals. */
#define ALTINSTR_REPLACEMENT					\
	.altinstr_replacement : AT_LOAD(.altinstr_replacement) { \
		KEEP(*(.altinstr_replacement))			\
	}

/* Data used only while booting, and the boot-time self-test suites. */
#define INIT_DATA_SECTION					\
	.init.data : AT_LOAD(.init.data) {			\
		*(.init.data .init.data.*)			\
		*(.init.rodata .init.rodata.*)			\
		INIT_KTEST_SUITES				\
	}

/* __setup() and early_param(): struct obs_kernel_param entries. */
#define INIT_SETUP						\
	. = ALIGN(8);						\
	.init.setup : AT_LOAD(.init.setup) {			\
		BOUNDED_SECTION(.init.setup, __setup_start, __setup_end) \
	}

/*
 * The initcall levels in the order they run (INITCALL_LEVELS,
 * include/kernel/initcall_levels.h): early, 0..5, rootfs, 6, 7. Each
 * level's start symbol is the previous level's end.
 */
#define INIT_CALLS_LEVEL(level, name)				\
	__initcall##level##_start = .;				\
	KEEP(*(.initcall##level.init))

#define INIT_CALLS						\
	. = ALIGN(8);						\
	.initcall.init : AT_LOAD(.initcall.init) {		\
		__initcall_start = .;				\
		INITCALL_LEVELS(INIT_CALLS_LEVEL)		\
		__initcall_end = .;				\
	}

/* struct alt_instr records: one per patchable site. */
#define ALTERNATIVES						\
	. = ALIGN(8);						\
	.altinstructions : AT_LOAD(.altinstructions) {		\
		BOUNDED_SECTION(.altinstructions, __alt_instructions, __alt_instructions_end) \
	}

#define DATA_DATA	*(.data .data.*)

#define BSS_SECTION						\
	. = ALIGN(PAGE_SIZE);					\
	.bss : AT_LOAD(.bss) {					\
		__bss_start = .;				\
		*(.bss..page_aligned)				\
		*(.bss .bss.*)					\
		*(COMMON)					\
		. = ALIGN(PAGE_SIZE);				\
		__bss_stop = .;					\
	}

/* Sections that must never reach the image. Must be the last statement. */
#define DISCARDS						\
	/DISCARD/ : {						\
		*(.discard .discard.*)				\
		*(.exit.text .exit.data)			\
		*(.eh_frame .eh_frame_hdr)			\
		*(.note.GNU-stack .comment)			\
	}

/*
 * The groups that both arch scripts lay out the same way, so the order of
 * the tables is written once; each script adds its own sections around
 * them (notes, per-CPU data, .smp_locks).
 */

/* All code, from _stext to _etext; an arch adds the input sections only it has. */
#define TEXT_SECTION(arch_text)					\
	.text : AT_LOAD(.text) {				\
		_stext = .;					\
		HEAD_TEXT					\
		TEXT_TEXT					\
		SCHED_TEXT					\
		arch_text					\
		_etext = .;					\
	} :text

/* .rodata, then the tables that stay read-only for the kernel's whole life. */
#define RO_DATA(ex_align)					\
	RO_DATA_SECTION :rodata					\
	EXCEPTION_TABLE(ex_align)				\
	KSYMTAB							\
	KTEST_SUITES						\
	BENCH_CASES						\
	MONITOR_COMMANDS

/*
 * The init region's bounds: page aligned, since free_initmem() gives back
 * whole pages. Each arch puts its init sections (INIT_SECTIONS, its per-CPU
 * template, .smp_locks) between the two.
 */
#define INIT_BEGIN						\
	. = ALIGN(PAGE_SIZE);					\
	__init_begin = .;

#define INIT_END						\
	. = ALIGN(PAGE_SIZE);					\
	__init_end = .;

/* Freed after boot: init code, then from __init_data_begin init data and the run-once tables. */
#define INIT_SECTIONS						\
	INIT_TEXT_SECTION :inittext				\
	ALTINSTR_REPLACEMENT					\
	. = ALIGN(PAGE_SIZE);					\
	__init_data_begin = .;					\
	INIT_DATA_SECTION :initdata				\
	INIT_SETUP						\
	INIT_CALLS						\
	ALTERNATIVES

/* What stays writable: .data, the BUG() table, .bss. */
#define RW_DATA_AND_BSS						\
	.data : AT_LOAD(.data) {				\
		_sdata = .;					\
		DATA_DATA					\
		_edata = .;					\
	} :data							\
	BUG_TABLE						\
	BSS_SECTION
