#!/usr/bin/env python3
"""tree_test: rules about the shape of the source tree that no compiler checks.

Each case reads the sources (not the build) and fails with the file and line that break a rule
of docs/design.md: the tree refers to no document outside it and to no plans; every start/stop
symbol of a special section is declared once; what is the same on every arch is written once
(the ticket lock, atomic_t, the list code); what only one arch has stays in that arch's files.

    tests/host/tree_test.py [SRCTREE]

Prints one KTAP subtest block named tree_test (indented four spaces, as every host test does)
and exits 1 if a case failed.
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), "..", ".."))
SOURCE_DIRS = ("arch", "include", "kernel", "linker", "tests", "scripts", "docs", "README.md",
               "Makefile")
SKIP_DIRS = {"build", "__pycache__", ".git"}


def files(suffixes, under=SOURCE_DIRS):
    """Paths relative to ROOT, sorted, of the files under `under` that end in one of suffixes."""
    found = []
    for top in under:
        if os.path.isfile(os.path.join(ROOT, top)):
            found.append(top)
            continue
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                if name.endswith(suffixes):
                    found.append(os.path.relpath(os.path.join(dirpath, name), ROOT))
    return sorted(found)


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
        return f.read()


def lines(path):
    return enumerate(read(path).split("\n"), 1)


KERNEL_SOURCES = (".c", ".h", ".S")
THIS_FILE = "tests/host/tree_test.py"


class Case:
    def __init__(self):
        self.problems = []

    def fail(self, where, what):
        self.problems.append("%s: %s" % (where, what))


# Names assembled from pieces so that this file does not match its own searches.
OUTSIDE_DOCUMENTS = re.compile(r"\b" + "DESIGN" + r"\.md\b|\.\./" + "shared/")
ISSUE_NUMBER = re.compile(r"\b" + "issue" + r"\s*#?\d", re.IGNORECASE)
STALE_PHRASES = ["no interrupts " + "yet", "are later " + "work", "no scheduler " + "yet"]


def refers_to_no_outside_document(case):
    """The tree stands alone: it cites no design text that a clone does not have."""
    for path in files(KERNEL_SOURCES + (".py", ".md", ".mk", ".lds.h", ".lds.S", ".gdb", "")):
        if path == THIS_FILE:
            continue
        for n, line in lines(path):
            if OUTSIDE_DOCUMENTS.search(line):
                case.fail("%s:%d" % (path, n), line.strip())


def design_is_in_the_tree(case):
    """The design that comments point to is docs/design.md, and the README points to it."""
    if not os.path.isfile(os.path.join(ROOT, "docs/design.md")):
        case.fail("docs/design.md", "missing")
    if "docs/design.md" not in read("README.md"):
        case.fail("README.md", "does not point to docs/design.md")


def speaks_of_no_plans(case):
    """Comments and the README describe the tree as it is: no issue numbers, no "yet to come"."""
    paths = files(KERNEL_SOURCES + (".lds.h", ".lds.S"), under=("arch", "include", "kernel",
                                                                 "linker", "tests/kernel"))
    for path in paths + files((".md",), under=("README.md", "docs")) + ["tests/matrix"]:
        for n, line in lines(path):
            if ISSUE_NUMBER.search(line):
                case.fail("%s:%d" % (path, n), "names an issue: " + line.strip())
            for phrase in STALE_PHRASES:
                if phrase in line.lower():
                    case.fail("%s:%d" % (path, n), "says '%s'" % phrase)


def arch_header_defines(word):
    """(path, line number) of each arch header line that defines `word` (typedef, #define, struct)."""
    pattern = re.compile(r"^\s*(#\s*define\s+%s\b|}\s*%s\s*;|typedef\b.*\b%s\s*;)"
                         % (word, word, word))
    for path in files((".h",), under=("arch",)):
        for n, line in lines(path):
            if pattern.search(line):
                yield path, n


def generic_code_is_written_once(case):
    """The ticket spinlock and atomic_t are generic; an arch gives only its primitives."""
    for word, home in (("arch_spinlock_t", "include/kernel/spinlock.h"),
                       ("TICKET_SHIFT", "include/kernel/spinlock.h"),
                       ("atomic_t", "include/kernel/atomic.h")):
        for path, n in arch_header_defines(word):
            case.fail("%s:%d" % (path, n), "defines %s, which belongs in %s" % (word, home))
        if not re.search(r"\b%s\b" % word, read(home)):
            case.fail(home, "does not define %s" % word)
    for path in files((".h",), under=("arch",)):
        if path.endswith("/asm/spinlock.h"):
            for n, line in lines(path):
                if re.search(r"\barch_spin_(lock|trylock|unlock)\b", line):
                    case.fail("%s:%d" % (path, n), "an arch's own lock routine: " + line.strip())


def statement_macros_span_lines(case):
    """A macro of several statements is written one statement a line, with continuations."""
    for path in files(KERNEL_SOURCES, under=("arch", "include", "kernel", "tests/kernel")):
        for n, line in lines(path):
            body = re.search(r"\bdo\s*{(.*)}\s*while", line)
            if re.match(r"\s*#\s*define\b", line) and body and body.group(1).count(";") > 1:
                case.fail("%s:%d" % (path, n), "a macro of several statements on one line")


CASES = [
    refers_to_no_outside_document,
    design_is_in_the_tree,
    speaks_of_no_plans,
    generic_code_is_written_once,
    statement_macros_span_lines,
]


def main():
    print("    KTAP version 1")
    print("    # Subtest: tree_test")
    print("    1..%d" % len(CASES))
    failed = 0
    for number, fn in enumerate(CASES, 1):
        case = Case()
        try:
            fn(case)
        except (OSError, ValueError) as e:
            case.fail(fn.__name__, "cannot check: %s" % e)
        for problem in case.problems[:20]:
            print("    # %s: %s" % (fn.__name__, problem))
        if len(case.problems) > 20:
            print("    # %s: (%d more)" % (fn.__name__, len(case.problems) - 20))
        print("    %sok %d %s" % ("not " if case.problems else "", number, fn.__name__))
        failed += bool(case.problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
