# sk-boot: how far start_kernel() has got, step by step.
#
# The steps are the kernel's own list, boot_step_table[] (kernel/boot_steps.c,
# made from include/kernel/boot_steps.h); which are done comes from the
# record boot_step() keeps, boot_steps[] and nr_boot_steps, with the
# instruction count since the kernel's first instruction at the end of each
# (exact under scripts/qemu --icount, otherwise the counter's reading).

import gdb

from sk import util


def step_table():
    """[(number, name, what)] from the kernel's boot_step_table[]."""
    util.need("boot_step_table", "the boot step list")
    table = gdb.parse_and_eval("boot_step_table")
    count = int(gdb.parse_and_eval("nr_boot_step_table"))
    return [(int(table[i]["n"]), table[i]["name"].string(), table[i]["what"].string())
            for i in range(count)]


def steps_done():
    """{step number: instruction count at its end} from boot_step()'s record."""
    util.need("boot_steps", "boot_step()'s record")
    record = gdb.parse_and_eval("boot_steps")
    count = int(gdb.parse_and_eval("nr_boot_steps"))
    return {int(record[i]["step"]): int(record[i]["insns"]) for i in range(count)}


class SkBoot(util.Command):
    """List the boot steps of start_kernel() and which are done.

Usage: sk-boot

Each line: the step's number and name (include/kernel/boot_steps.h), what it
does, and 'done' with the instruction count at its end, or 'next' for the step
under way, 'not yet' for the ones after it."""

    def __init__(self):
        super().__init__("sk-boot")

    def run(self, argv):
        if argv:
            raise gdb.GdbError("sk-boot takes no arguments")
        steps, done = step_table(), steps_done()
        gdb.write("%d of %d boot steps done\n" % (len(done), len(steps)))
        shown_next = False
        for n, name, what in steps:
            if n in done:
                state = "done, %d insns" % done[n]
            elif not shown_next:
                state, shown_next = "next", True
            else:
                state = "not yet"
            gdb.write("%3d %-16s %-48s %s\n" % (n, name, what, state))


SkBoot()
