# sk: the list of Special K helpers, with the first line of each one's help.

import gdb

from sk import util


class Sk(gdb.Command):
    """List the Special K gdb helpers (scripts/gdb/specialk.py)."""

    def __init__(self):
        super().__init__("sk", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        for name in sorted(util.COMMANDS):
            gdb.write("%-16s %s\n" % (name, util.COMMANDS[name]))
        gdb.write("%-16s %s\n" % ("$sk_per_cpu", "CPU n's copy of a per-CPU variable: "
                                  "p $sk_per_cpu(\"var\", n)"))
        gdb.write("'help NAME' explains one; the guided tour is in docs/book "
                  "(docs/book/gdb-and-monitor.md) and scripts/gdb/tour/.\n")


Sk()
