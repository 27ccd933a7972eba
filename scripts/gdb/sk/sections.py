# sk-sections: every special section with its start, end, size and entry count.
#
# The sections are the registry's (include/kernel/section_registry.h, read by
# sklib/section_registry.py). Start and end are the symbols linker/sections.lds.h
# defines around each; the entry size is sizeof() of the entry type, from the
# debug information. The two sections without
# such symbols (.init.data and .altinstr_replacement) come from the ELF
# section headers instead, and say so.

import gdb

from sk import util
from sklib import section_registry

# The registry's rows (include/kernel/section_registry.h), then the two sections without
# start/stop symbols: name, start symbol, end symbol (None: from the ELF header), entry type
# (None: bytes), what puts entries there.
NO_SYMBOLS = [
    (".altinstr_replacement", None, None, None, "alternative()"),
    (".init.data", None, None, None, "__initdata, __initconst"),
]


def rows():
    seen, found = set(), []
    for s in section_registry.sections():
        if s.name not in seen:
            seen.add(s.name)
            found.append((s.name, s.start, s.stop, s.entry if s.kind == "TABLE" else None,
                          s.filler + (" (%s)" % s.arch if s.arch else "")))
    return found + NO_SYMBOLS


def section_ranges():
    """(name, start, end, entry size or None, entry type, note) for each row the kernel has."""
    found = []
    for name, start_sym, end_sym, entry_type, put_by in rows():
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
