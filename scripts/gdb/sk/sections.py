# sk-sections: every special section with its start, end, size and entry count.
#
# Start and end are the symbols linker/sections.lds.h defines around each
# section (declared in include/kernel/sections.h); the entry size is sizeof()
# of the entry type, from the debug information. The two sections without
# such symbols (.init.data and .altinstr_replacement) come from the ELF
# section headers instead, and say so.

import gdb

from sk import util

# name, start symbol, end symbol (None: from the ELF header), entry type, what puts entries there
ROWS = [
    (".sched.text", "__sched_text_start", "__sched_text_end", None, "__sched"),
    ("__ex_table", "__start___ex_table", "__stop___ex_table",
     "struct exception_table_entry", "_ASM_EXTABLE()"),
    (".ktest_suites", "__ktest_suites_start", "__ktest_suites_end",
     "struct ktest_suite *", "ktest_suite()"),
    (".bench_cases", "__bench_cases_start", "__bench_cases_end", "struct bench_case",
     "bench_case()"),
    (".monitor_commands", "__monitor_commands_start", "__monitor_commands_end",
     "struct monitor_command", "monitor_command()"),
    (".data..percpu", "__per_cpu_start", "__per_cpu_end", None, "DEFINE_PER_CPU()"),
    ("init region", "__init_begin", "__init_end", None, "free_initmem() frees it"),
    (".init.text", "_sinittext", "_einittext", None, "__init"),
    (".altinstr_replacement", None, None, None, "alternative()"),
    (".init.data", None, None, None, "__initdata, __initconst"),
    (".init.ktest_suites", "__ktest_init_suites_start", "__ktest_init_suites_end",
     "struct ktest_suite *", "ktest_init_suite()"),
    (".init.setup", "__setup_start", "__setup_end", "struct obs_kernel_param",
     "__setup(), early_param()"),
    (".initcall.init", "__initcall_start", "__initcall_end", "initcall_t",
     "*_initcall()"),
    (".altinstructions", "__alt_instructions", "__alt_instructions_end",
     "struct alt_instr", "alternative()"),
    (".smp_locks", "__smp_locks", "__smp_locks_end", "s32", "LOCK_PREFIX (x86_64)"),
    ("__bug_table", "__start___bug_table", "__stop___bug_table", "struct bug_entry",
     "BUG(), WARN()"),
]


def section_ranges():
    """(name, start, end, entry size or None, entry type, note) for each row the kernel has."""
    found = []
    for name, start_sym, end_sym, entry_type, put_by in ROWS:
        notes = [put_by]
        if start_sym is None:
            header = util.kernel_elf().section(name)
            if header is None:
                continue
            start, end = header.addr, header.addr + header.size
            notes.append("no start/stop symbols: ELF section header")
        else:
            start, end = util.symbol(start_sym), util.symbol(end_sym)
            if start is None or end is None:
                continue
        entry_size = util.sizeof(entry_type) if entry_type else None
        if entry_type and entry_size is None:
            notes.append("%s: not in the debug information" % entry_type)
        found.append((name, start, end, entry_size, entry_type, notes))
    return found


def _state(name, start):
    begin, end = util.init_region()
    load = util.symbol("__per_cpu_load")
    if name == ".data..percpu" and load is not None and load != start:
        return "linked at %#x, template at %#x" % (start, load), begin <= load < end
    return None, begin <= start < end and name != "init region"


class SkSections(util.Command):
    """List every special section: start, end, size and entry count.

Usage: sk-sections

Start and end are the section's start/stop symbols (linker/sections.lds.h),
the entry count is the size over sizeof() the entry type. Sections inside the
init region are marked 'init', or 'init, freed' once free_initmem() has run."""

    def __init__(self):
        super().__init__("sk-sections")

    def run(self, argv):
        if argv:
            raise gdb.GdbError("sk-sections takes no arguments")
        freed = util.initmem_freed()
        width = util.hex_width()
        gdb.write("%-22s %-*s %-*s %10s %8s  %s\n" % ("section", width, "start", width, "end",
                                                        "size", "entries", "notes"))
        for name, start, end, entry_size, entry_type, notes in section_ranges():
            size = end - start
            if entry_size:
                entries = "%d" % (size // entry_size)
                notes = notes + ["%d-byte %s" % (entry_size, entry_type)]
            else:
                entries = "-"
            where, in_init = _state(name, start)
            if where:
                notes = notes + [where]
            if in_init:
                notes = notes + ["init, freed" if freed else "init"]
            if name == "init region":
                notes = notes + ["freed" if freed else "not freed yet"]
            gdb.write("%-22s %s %s %10d %8s  %s\n" % (name, util.fmt(start), util.fmt(end), size,
                                                       entries, "; ".join(notes)))


SkSections()
