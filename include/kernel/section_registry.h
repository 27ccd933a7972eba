/*
 * Every special section of the kernel image, described once.
 *
 * A section is a row X(name, start, stop, decl, entry, kind, filler, gatherer,
 * user, life):
 *   name      the section as `readelf -S` and the monitor show it
 *   start, stop  the symbols around it (defined by linker/sections.lds.h)
 *   decl      how C declares those symbols: a table of pointers, or of a type
 *             sections.h knows, is declared with it; the others as char, to be
 *             walked with for_each_section_entry()
 *   entry     the type of one entry (for a BYTES range: char)
 *   kind      TABLE (whole entries of `entry`) or BYTES (code or data of any size)
 *   filler    the macro that puts something there
 *   gatherer  the linker-script macro that lays it out and defines the symbols
 *   user      the code that reads it
 *   life      INIT (freed by free_initmem()) or KEPT
 *
 * From this list: the start/stop declarations (include/kernel/sections.h),
 * special_sections[] (kernel/sections.c), which the "sections" self-test and
 * the monitor's `sections` walk, and gdb's sk-sections (scripts/gdb/sk/
 * registry.py reads this file). tests/host/test_section_registry.py checks
 * the rest against it: each gatherer and symbol in the linker scripts, no
 * section symbol there that is not listed here, the README's table, and the
 * symbols in both linked kernels. Adding a section is one row here, plus
 * the code that fills and reads it.
 *
 * A C table rather than a data file that generates one: a student reads the
 * list where the compiler reads it, at the price of an X-macro. Sections
 * that only one arch has are its ARCH_SPECIAL_SECTIONS (<asm/sections.h>).
 * Sections a module (.ko) has but the kernel image does not (.modinfo,
 * .gnu.linkonce.this_module, __param) are linker/module.lds's.
 */
#ifndef _KERNEL_SECTION_REGISTRY_H
#define _KERNEL_SECTION_REGISTRY_H

#define SPECIAL_SECTIONS(X)						\
	X(".sched.text", __sched_text_start, __sched_text_end, char, char, BYTES, \
	  "__sched", "SCHED_TEXT", "get_wchan()", KEPT)			\
	X("__ex_table", __start___ex_table, __stop___ex_table, char,	\
	  struct exception_table_entry, TABLE, "_ASM_EXTABLE()", "EXCEPTION_TABLE", \
	  "search_exception_tables()", KEPT)				\
	X("__ksymtab", __start___ksymtab, __stop___ksymtab,		\
	  const struct kernel_symbol, struct kernel_symbol, TABLE,	\
	  "EXPORT_SYMBOL()", "KSYMTAB", "find_symbol()", KEPT)		\
	X("__ksymtab_gpl", __start___ksymtab_gpl, __stop___ksymtab_gpl,	\
	  const struct kernel_symbol, struct kernel_symbol, TABLE,	\
	  "EXPORT_SYMBOL_GPL()", "KSYMTAB", "find_symbol()", KEPT)	\
	X("__ksymtab_strings", __start___ksymtab_strings, __stop___ksymtab_strings, \
	  const char, char, BYTES, "EXPORT_SYMBOL()", "KSYMTAB",	\
	  "kernel_symbol_name()", KEPT)					\
	X(".ktest_suites", __ktest_suites_start, __ktest_suites_end,	\
	  const struct ktest_suite *const, const struct ktest_suite *, TABLE, \
	  "ktest_suite()", "KTEST_SUITES", "ktest_run_suites()", KEPT)		\
	X(".bench_cases", __bench_cases_start, __bench_cases_end, const char, \
	  struct bench_case, TABLE, "bench_case()", "BENCH_CASES", "bench (kernel/bench.c)", KEPT) \
	X(".monitor_commands", __monitor_commands_start, __monitor_commands_end, \
	  char, struct monitor_command, TABLE, "monitor_command()",	\
	  "MONITOR_COMMANDS", "the serial monitor", KEPT)		\
	X(".data..percpu", __per_cpu_start, __per_cpu_end, char, char, BYTES, \
	  "DEFINE_PER_CPU()", "PERCPU_INPUT", "setup_per_cpu_areas()", INIT) \
	X("init region", __init_begin, __init_end, char, char, BYTES,	\
	  "__init, __initdata", "INIT_BEGIN", "free_initmem()", INIT) \
	X(".init.text", _sinittext, _einittext, char, char, BYTES, "__init", \
	  "INIT_TEXT_SECTION", "free_initmem()", INIT)			\
	X(".init.ktest_suites", __ktest_init_suites_start, __ktest_init_suites_end, \
	  const struct ktest_suite *const, const struct ktest_suite *, TABLE, \
	  "ktest_init_suite()", "INIT_KTEST_SUITES", "ktest_run_init_suites()", INIT) \
	X(".init.setup", __setup_start, __setup_end, char, struct obs_kernel_param, \
	  TABLE, "__setup(), early_param()", "INIT_SETUP", "parse_args()", INIT) \
	X(".initcall.init", __initcall_start, __initcall_end, initcall_t, initcall_t, \
	  TABLE, "*_initcall()", "INIT_CALLS", "do_initcalls()", INIT)	\
	X(".altinstructions", __alt_instructions, __alt_instructions_end, char, \
	  struct alt_instr, TABLE, "alternative()", "ALTERNATIVES",	\
	  "apply_alternatives()", INIT)					\
	X("__bug_table", __start___bug_table, __stop___bug_table, char,	\
	  struct bug_entry, TABLE, "BUG(), WARN()", "BUG_TABLE", "report_bug()", KEPT)

#endif
