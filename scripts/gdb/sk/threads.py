# sk-threads: the kernel's threads with their wait channels.
#
# Reads thread_table[] (include/kernel/sched.h) through the debug
# information, and finds each blocked thread's wait channel the way
# get_wchan() (kernel/wchan.c) does: start at the frame pointer that
# cpu_switch_to() saved on the thread's stack (struct switch_frame in
# asm/switch_to.h) and follow the frame-pointer chain to the first return
# address outside .sched.text [__sched_text_start, __sched_text_end).

import gdb

from sk import util

STATES = {1: "R", 2: "S", 3: "X"}
MAX_DEPTH = 32


def threads():
    """The slots of thread_table[] in use (state not 0), in table order."""
    util.need("thread_table", "the scheduler's thread table")
    table = gdb.parse_and_eval("thread_table")
    for i in range(table.type.range()[1] + 1):
        if int(table[i]["state"]) != 0:
            yield table[i]


def _frame_layout():
    """(offset of the caller's fp, offset of the return address) from fp, in words."""
    if util.pointer_size() == 8:
        return 0, 1                      # x86_64: push %rbp; mov %rsp, %rbp
    banner = gdb.parse_and_eval("linux_banner").string()
    if "clang" in banner:
        return 0, 1                      # ARM clang: push {r11, lr}; mov r11, sp
    return -1, 0                         # ARM gcc: push {fp, lr}; add fp, sp, #4


def _saved_fp(thread):
    frame = gdb.parse_and_eval("(struct switch_frame *)%d" % int(thread["sp"]))
    fields = [f.name for f in frame.type.target().fields()]
    return int(frame["rbp" if "rbp" in fields else "fp"])


def wchan(thread):
    """The wait channel of a sleeping, switched-out thread, or None."""
    if int(thread["state"]) != 2 or bool(thread["on_cpu"]) or not int(thread["sp"]):
        return None
    start, end = util.need("__sched_text_start", "sk-threads"), util.need("__sched_text_end", "")
    next_off, ret_off = _frame_layout()
    word = util.pointer_size()
    fp = _saved_fp(thread)
    for _ in range(MAX_DEPTH):
        if not fp or fp % word:
            return None
        try:
            ret = util.read_ulong(fp + ret_off * word)
            nxt = util.read_ulong(fp + next_off * word)
        except gdb.MemoryError:
            return None
        if not ret:
            return None
        if not start <= ret < end:
            return ret
        if nxt <= fp:
            return None
        fp = nxt
    return None


class SkThreads(util.Command):
    """List the kernel's threads: id, name, state, CPU, switches and wait channel.

Usage: sk-threads

The wait channel is the first return address on a blocked thread's stack that
lies outside .sched.text [__sched_text_start, __sched_text_end)."""

    def __init__(self):
        super().__init__("sk-threads")

    def run(self, argv):
        if argv:
            raise gdb.GdbError("sk-threads takes no arguments")
        gdb.write("  PID NAME             S CPU   SWITCHES WCHAN\n")
        for t in threads():
            w = wchan(t)
            gdb.write("%5d %-16s %s %3d %10d %s\n" % (
                int(t["id"]), t["name"].string(), STATES.get(int(t["state"]), "?"), int(t["cpu"]),
                int(t["nr_switches"]), util.function_name(w) if w else "-"))


SkThreads()
