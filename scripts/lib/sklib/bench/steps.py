"""The boot steps of start_kernel() (kernel/main.c), read from include/kernel/boot_steps.h.

That header is the one list of the steps (the kernel prints its "bench: step N name=..." lines
from it); BOOT_STEPS maps each number to the header's words, STEP each name to its number.
"""

import os
import re

from sklib.qemu import ROOT


def read_boot_steps():
    path = os.path.join(ROOT, "include", "kernel", "boot_steps.h")
    with open(path) as f:
        steps = re.findall(r'^\s*X\((\d+), (\w+), "([^"]*)"\)', f.read(), re.M)
    if not steps:
        raise SystemExit(f"bench: no X(n, name, \"what\") lines in {path}")
    return {int(n): what for n, _, what in steps}, {name: int(n) for n, name, _ in steps}


BOOT_STEPS, STEP = read_boot_steps()
