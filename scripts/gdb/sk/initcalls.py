# sk-initcalls: the initcall table, level by level, and which calls have run.
#
# .initcall.init holds one function pointer per *_initcall(); the linker
# script marks where each level starts (__initcall<id>_start), in the order
# they run: early, 0..5, rootfs, 6, 7. The levels themselves come from the
# kernel's own table, initcall_levels[] (kernel/initcall.c, made from
# include/kernel/initcall_levels.h): nothing here spells them. The initcall
# table is init data: after free_initmem() it is read from kernel.elf.
#
# Which calls ran comes from the kernel's record, initcall_results[] and
# initcall_results_count (kernel/initcall.c), kept outside the init region.
# A kernel without that record can only say "all of them" once boot is over.

import gdb

from sk import util


def level_names():
    """[(id, name)] from the kernel's initcall_levels[], in the order they run."""
    util.need("initcall_levels", "no initcall level table")
    table = gdb.parse_and_eval("initcall_levels")
    count = table.type.sizeof // table[0].type.sizeof
    return [(table[i]["id"].string(), table[i]["name"].string()) for i in range(count)]


def levels():
    """(level id, name, first entry address, end address) in the order they run."""
    table = gdb.parse_and_eval("initcall_levels")
    names = level_names()
    starts = [int(table[i]["start"].cast(gdb.lookup_type("unsigned long")))
              for i in range(len(names))]
    starts.append(util.need("__initcall_end", "no initcall table"))
    return [(lvl, name, starts[i], starts[i + 1]) for i, (lvl, name) in enumerate(names)]


def record():
    """[(fn, ret)] of the initcalls that ran, in order, or None if the kernel keeps no record."""
    if util.symbol("initcall_results") is None or util.symbol("initcall_results_count") is None:
        return None
    count = int(gdb.parse_and_eval("initcall_results_count"))
    ran = []
    for i in range(count):
        entry = gdb.parse_and_eval("initcall_results[%d]" % i)
        fn = int(entry["fn"].cast(gdb.lookup_type("unsigned long")))
        ran.append((fn, int(entry["ret"])))
    return ran


def table():
    """[(level, macro, entry address, function)] for every entry, and where it was read."""
    rows = []
    source = "memory"
    for lvl, macro, start, end in levels():
        data, source = util.read_table(start, end - start) if end > start else (b"", source)
        for i, fn in enumerate(util.words(data)):
            rows.append((lvl, macro, start + i * util.pointer_size(), fn))
    return rows, source


def _pick_level(arg):
    names = level_names()
    for lvl, macro in names:
        if arg in (lvl, macro, macro + "_initcall"):
            return lvl
    raise gdb.GdbError("sk-initcalls: unknown level '%s'; valid: %s" % (
        arg, ", ".join("%s (%s)" % (lvl, macro) for lvl, macro in names)))


class SkInitcalls(util.Command):
    """List the initcalls by level, with their names and whether they have run.

Usage: sk-initcalls [LEVEL]

LEVEL is early, 0-7 or rootfs, or a name: pure, core, postcore, arch, subsys,
fs, device, late. 'ran' comes from the kernel's initcall_results[]: the return
value of each call that ran; 'not yet' for a call still to come."""

    def __init__(self):
        super().__init__("sk-initcalls")

    def run(self, argv):
        if len(argv) > 1:
            raise gdb.GdbError("usage: sk-initcalls [LEVEL]")
        only = _pick_level(argv[0]) if argv else None
        rows, source = table()
        ran = record()
        freed = util.initmem_freed()
        pending = list(ran) if ran is not None else []
        if source != "memory":
            gdb.write("(init memory is freed: the table is read from %s)\n"
                      % util.kernel_elf_name())
        if ran is None:
            gdb.write("(this kernel keeps no initcall_results[]: 'ran' is only known once boot is "
                      "over)\n")
        shown = None
        for lvl, macro, entry, fn in rows:
            state = self._state(fn, pending, ran is not None, freed)
            if only is not None and lvl != only:
                continue
            if shown != lvl:
                count = sum(1 for r in rows if r[0] == lvl)
                gdb.write("level %s (%s_initcall): %d\n" % (lvl, macro, count))
                shown = lvl
            gdb.write("  %s  %-36s %s\n" % (util.fmt(entry), util.function_name(fn), state))
        if only is not None and shown is None:
            gdb.write("level %s: no initcalls\n" % only)
        total = len(rows)
        done = len(ran) if ran is not None else None
        gdb.write("%d initcalls%s\n" % (total, "" if done is None else ", %d ran" % done))

    @staticmethod
    def _state(fn, pending, have_record, freed):
        if have_record:
            for i, (ran_fn, ret) in enumerate(pending):
                if ran_fn == fn:
                    del pending[i]
                    return "ran, returned %d" % ret
            return "not run (blacklisted)" if freed else "not yet"
        return "ran (boot is over)" if freed else "?"


SkInitcalls()
