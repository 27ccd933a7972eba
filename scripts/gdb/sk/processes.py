# sk-ps: the processes, read live from the kernel's thread table.
#
# A process is a thread with a user side (include/kernel/process.h): an
# address space (mm), open files, a parent, or an exit not yet reaped. Its
# pid is the thread's id and its name the program execve() loaded (the last
# part of the path, as Linux's comm). A kernel thread has none of these and
# is left to sk-threads.

import gdb

from sk import util
from sk.threads import STATES, threads


def is_process(t):
    return bool(int(t["mm"]) or int(t["files"]) or int(t["parent"]) or bool(t["exited"]))


class SkPs(util.Command):
    """List the processes: pid, parent's pid, state, address space, program name.

Usage: sk-ps

S is the thread's state (R running or runnable, S sleeping), Z for a zombie
(exited, not yet reaped by its parent's wait4()). MM is the process's
struct mm_struct (its user address space), '-' once exit has dropped it."""

    def __init__(self):
        super().__init__("sk-ps")

    def run(self, argv):
        if argv:
            raise gdb.GdbError("sk-ps takes no arguments")
        rows = []
        for t in filter(is_process, threads()):
            parent = t["parent"]
            mm = int(t["mm"])
            rows.append("%5d %5s %s %-18s %s\n" % (
                int(t["id"]), int(parent["id"]) if int(parent) else "-",
                "Z" if bool(t["exited"]) else STATES.get(int(t["state"]), "?"),
                "%#x" % mm if mm else "-", t["name"].string()))
        gdb.write("  PID  PPID S MM                 NAME\n")
        for row in rows:
            gdb.write(row)
        gdb.write("%d process%s\n" % (len(rows), "" if len(rows) == 1 else "es"))


SkPs()
