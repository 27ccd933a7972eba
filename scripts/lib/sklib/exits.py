"""The QEMU exit statuses the kernel leaves with, read from include/kernel/panic.h.

The kernel defines them once (QEMU_EXIT_PASS, QEMU_EXIT_TESTS_FAILED, QEMU_EXIT_PANIC, each
with a comment saying what it means); every script reads them here instead of repeating the
numbers. As a command, for shell scripts and the Makefile:
    exits.py STATUS    prints what the status means; exits 0 iff it is QEMU_EXIT_PASS
    exits.py --list    prints NAME=VALUE lines (QEMU_EXIT_PASS=33 ...)
"""

import os
import re
import sys

HEADER = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__))))), "include", "kernel", "panic.h")
_DEFINE = re.compile(r"^#define\s+QEMU_EXIT_(\w+)\s+(\d+)\s*(?:/\*\s*(.*?)\s*\*/)?\s*$", re.M)


def read(path=HEADER):
    """{NAME: (status, meaning)} from the header's QEMU_EXIT_NAME defines."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        raise SystemExit("%s: cannot read the QEMU exit statuses: %s" % (path, e.strerror))
    found = {m.group(1): (int(m.group(2)), m.group(3) or "") for m in _DEFINE.finditer(text)}
    for name in ("PASS", "TESTS_FAILED", "PANIC"):
        if name not in found:
            raise SystemExit("%s: no '#define QEMU_EXIT_%s N'" % (path, name))
    return found


STATUSES = read()
PASS = STATUSES["PASS"][0]
TESTS_FAILED = STATUSES["TESTS_FAILED"][0]
PANIC = STATUSES["PANIC"][0]


def describe(status):
    """What a QEMU exit status means, in words."""
    for name, (value, meaning) in STATUSES.items():
        if status == value:
            return "%s (QEMU exit %d)" % (meaning or name, value)
    if status == 0:
        return "QEMU exit 0: a reset or a triple fault, not the kernel's own exit"
    return "QEMU exit %s: not a status the kernel uses (a QEMU error?)" % status


def main(argv):
    if len(argv) == 2 and argv[1] == "--list":
        for name, (value, _) in STATUSES.items():
            print("QEMU_EXIT_%s=%d" % (name, value))
        return 0
    if len(argv) != 2 or not argv[1].isdigit():
        print("usage: exits.py STATUS | --list", file=sys.stderr)
        return 2
    status = int(argv[1])
    print(describe(status))
    return 0 if status == PASS else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
