"""The QEMU exit statuses the kernel leaves with, read from include/kernel/panic.h.

The kernel defines them once (QEMU_EXIT_PASS, QEMU_EXIT_TESTS_FAILED, QEMU_EXIT_PANIC, each
with a comment saying what it means); every script reads them here instead of repeating the
numbers. One status has several causes (QEMU_EXIT_TESTS_FAILED: a self-test failed, none ran,
or /init ended badly; kernel/ktest.c and kernel/init_process.c): explain() tells them apart
from what the kernel printed on its console, so a boot is worded as what happened. As a
command, for shell scripts and the Makefile:
    exits.py STATUS [LOG]  prints what the status means (with LOG, the console's text: what
                           the kernel said); exits 0 iff it is QEMU_EXIT_PASS
    exits.py --list        prints NAME=VALUE lines (QEMU_EXIT_PASS=33 ...)
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


# What the kernel prints when it leaves with QEMU_EXIT_TESTS_FAILED or QEMU_EXIT_PANIC
# (kernel/ktest.c, kernel/init_process.c, kernel/panic.c and the arches' oops reports).
# (Not anchored at the line's start: the monitor's prompt may come before them.)
TESTS_FAILED_LINE = re.compile(r"\bktest: (\d+) test case\(s\) failed$", re.M)
NONE_RAN_LINE = re.compile(r"\bktest: no self-test ran \(ktest\.filter=(.*)\)$", re.M)
INIT_FAILED = re.compile(r"\binit (exited with status [1-9][0-9]*|killed by signal [0-9]+)$",
                         re.M)
PANIC_LINE = re.compile(r"(Kernel panic - not syncing.*|\bOops:.*)$", re.M)

# explain()'s kinds
PASSED, TEST_FAILED, NONE_RAN, INIT_ENDED_BADLY, CRASHED, OTHER = (
    "passed", "test failed", "no self-test ran", "init ended badly", "crashed", "other")


def explain(status, console):
    """(kinds, words): what a boot's QEMU status means, told apart by what the kernel printed
    on its console (console: the text, or None when nobody kept it). kinds lists every cause
    found: QEMU_EXIT_TESTS_FAILED may have several (a failed case and init's status 3)."""
    text = (console or "").replace("\r", "")
    if status == PASS:
        return [PASSED], describe(status)
    if status == PANIC:
        found = PANIC_LINE.search(text)
        said = found.group(1).strip() if found else "a panic or oops"
        return [CRASHED], "%s (QEMU exit %d)" % (said, status)
    if status != TESTS_FAILED:
        return [OTHER], describe(status)
    kinds, words = [], []
    found = TESTS_FAILED_LINE.search(text)
    if found:
        kinds.append(TEST_FAILED)
        n = int(found.group(1))
        words.append("%d self-test case%s failed" % (n, "s"[:n != 1]))
    found = NONE_RAN_LINE.search(text)
    if found:
        kinds.append(NONE_RAN)
        words.append("no self-test ran (ktest.filter=%s matched no suite)" % found.group(1))
    found = INIT_FAILED.search(text)
    if found:
        kinds.append(INIT_ENDED_BADLY)
        words.append("init " + found.group(1) +
                     ("" if len(kinds) > 1 else ", every self-test passed"))
    if not kinds:
        return [OTHER], describe(status) + (" (the console says neither which test nor "
                                             "how init ended)" if console is not None else "")
    return kinds, "%s (QEMU exit %d)" % ("; ".join(words), status)


def main(argv):
    if len(argv) == 2 and argv[1] == "--list":
        for name, (value, _) in STATUSES.items():
            print("QEMU_EXIT_%s=%d" % (name, value))
        return 0
    if len(argv) not in (2, 3) or not argv[1].isdigit():
        print("usage: exits.py STATUS [LOG] | --list", file=sys.stderr)
        return 2
    status = int(argv[1])
    if len(argv) == 3:
        try:
            with open(argv[2], errors="replace") as f:
                console = f.read()
        except OSError:
            console = None
        print(explain(status, console)[1])
    else:
        print(describe(status))
    return 0 if status == PASS else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
