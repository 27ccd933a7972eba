#!/usr/bin/python3
"""tree_test: rules about the shape of the source tree that no compiler checks.

Each case reads the sources (not the build) and fails with the file and line that break a rule
of docs/design.md: the tree refers to no document outside it and to no plans; every start/stop
symbol of a special section is declared once; what is the same on every arch is written once
(the ticket lock, atomic_t, the list code); what only one arch has stays in that arch's files.

    tests/host/tree_test.py [SRCTREE]

Prints one KTAP subtest block named tree_test (indented four spaces, as every host test does)
and exits 1 if a case failed.
"""
import collections
import glob
import os
import re
import subprocess
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


def book_tour_matches_files(case):
    """The gdb tour, in the book's chapters: a "## Tour stop N: ..." section names its recipes,
    scripts/gdb/tour/NN-*.gdb with NN = N; the stops are 1, 2, 3... once each, and every tour
    file is some stop's recipe."""
    tour = sorted(os.listdir(os.path.join(ROOT, "scripts/gdb/tour")))
    named, stops = set(), []
    for page in sorted(glob.glob(os.path.join(ROOT, "docs/book/[0-9]*.md"))):
        where = os.path.relpath(page, ROOT)
        stop = None
        for n, line in lines(where):
            if line.startswith("## "):
                m = re.match(r"## Tour stop (\d+): ", line)
                stop = int(m.group(1)) if m else None
                if stop:
                    stops.append(stop)
            if stop is None:
                continue
            for recipe in re.findall(r"`(\d\d-[\w-]+\.gdb)`", line):
                named.add(recipe)
                if int(recipe[:2]) != stop:
                    case.fail("%s:%d" % (where, n), "stop %d's recipe is %s" % (stop, recipe))
                if recipe not in tour:
                    case.fail("%s:%d" % (where, n), "no scripts/gdb/tour/" + recipe)
    if sorted(stops) != list(range(1, len(stops) + 1)):
        case.fail("docs/book", "the tour's stops are %s, not 1..%d once each"
                  % (sorted(stops), len(stops)))
    for recipe in tour:
        if recipe not in named:
            case.fail("scripts/gdb/tour/" + recipe, "not in the book's tour")


def tracked_files():
    """Every file of the tree, relative to ROOT, sorted: the ones git tracks (or, outside a git
    checkout, every file but the build's), text only (no NUL in its first 8 KiB)."""
    r = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    if r.returncode == 0:
        found = [p for p in r.stdout.decode().split("\0") if p]
    else:
        found = []
        for dirpath, dirnames, filenames in os.walk(ROOT):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            found += [os.path.relpath(os.path.join(dirpath, n), ROOT) for n in filenames]
    text = []
    for path in sorted(found):
        full = os.path.join(ROOT, path)
        if os.path.isfile(full) and not os.path.islink(full):
            with open(full, "rb") as f:
                if b"\0" not in f.read(8192):
                    text.append(path)
    return text


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
    """The tree stands alone: it cites no design text that a clone does not have (every tracked
    file)."""
    for path in tracked_files():
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
    """Comments, scripts, tests and the README describe the tree as it is: no issue numbers, no
    "yet to come" (every tracked file)."""
    for path in tracked_files():
        if path == THIS_FILE:
            continue
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


def linker_symbols():
    """The symbols the linker scripts define (`name = .;` and friends), from linker/."""
    names = set()
    for path in files((".lds.h", ".lds.S"), under=("linker",)):
        text = re.sub(r"/\*.*?\*/", "", read(path), flags=re.S)
        names.update(re.findall(r"\b([A-Za-z_]\w*)\s*=\s*[^=;][^;]*;", text))
        for macro in re.findall(r"BOUNDED_SECTION\(([^)]*)\)", text):
            names.update(a.strip() for a in macro.split(",")[1:])
    return {n for n in names if n not in ("start", "stop", "LOAD_OFFSET")}


def start_stop_symbols_declared_once(case):
    """Each linker-script symbol is declared once in C: include/kernel/sections.h, or an arch's
    asm/sections.h for a section only that arch has."""
    symbols = linker_symbols()
    declared = {}
    for path in files((".c", ".h"), under=("arch", "include", "kernel", "tests/kernel")):
        for n, line in lines(path):
            if not re.match(r"\s*extern\b", line):
                continue
            for name in re.findall(r"\b(\w+)\s*\[", line):
                if name in symbols:
                    declared.setdefault(name, []).append("%s:%d" % (path, n))
    for name, places in sorted(declared.items()):
        homes = [p for p in places if p.startswith("include/kernel/sections.h:") or
                 re.match(r"arch/[^/]+/include/asm/sections\.h:", p)]
        if len(homes) != len(places):
            case.fail(name, "declared outside sections.h: " + ", ".join(sorted(set(places) - set(homes))))
        if len(homes) > 1 and len({h.split("/")[1] for h in homes}) != len(homes):
            case.fail(name, "declared %d times: %s" % (len(homes), ", ".join(homes)))
    if not symbols:
        case.fail("linker/", "no symbols found")


def tables_use_bounded_section(case):
    """Every table in the linker scripts is built by BOUNDED_SECTION(): KEEP() nowhere else."""
    for path in files((".lds.h", ".lds.S"), under=("linker",)):
        in_helper = False
        for n, line in code_lines(path):
            if line.startswith("#define"):
                in_helper = line.startswith("#define BOUNDED_SECTION(")
            if "KEEP(" in line and not in_helper:
                if not re.search(r"KEEP\(\*\((\.head\.text|\.initcall\w*|\.altinstr_replacement)", line):
                    case.fail("%s:%d" % (path, n), "a table kept by hand: " + line.strip())


def code_lines(path):
    """(number, line) of a C or linker file with its comments blanked out (lines kept)."""
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), read(path), flags=re.S)
    return enumerate(text.split("\n"), 1)


def one_arch_facts_stay_in_the_arch(case):
    """What only one arch has is not in the generic headers or the shared linker macros."""
    generic = files((".h",), under=("include",)) + ["linker/sections.lds.h"]
    for path in generic:
        for n, line in code_lines(path):
            for fact in ("smp_locks", "SMP_LOCKS", "psci", "acpi", "rsdp"):
                if fact in line:
                    case.fail("%s:%d" % (path, n), "names %s, which only one arch has" % fact)
    if re.search(r"#\s*define\s+NR_CPUS\b", read("include/kernel/bootinfo.h")):
        case.fail("include/kernel/bootinfo.h", "defines NR_CPUS")


CONTROL_REGISTER_HOMES = ("arch/x86_64/include/asm/special_insns.h", "arch/x86_64/include/asm/msr.h")


def control_registers_have_one_home(case):
    """x86's control registers and MSRs are read and written only through their accessors."""
    pattern = re.compile(r"%%cr\d|\b(rdmsr|wrmsr)\b\s*(\\n|\")")
    for path in files((".c", ".h"), under=("arch", "include", "kernel", "tests/kernel")):
        if path in CONTROL_REGISTER_HOMES:
            continue
        for n, line in lines(path):
            if pattern.search(line):
                case.fail("%s:%d" % (path, n), "inline asm on a control register or MSR: "
                          + line.strip())


def lists_come_from_list_h(case):
    """Linked lists are struct list_head: no private next/prev pairs or list routines."""
    for path in files((".c", ".h"), under=("arch", "include", "kernel")):
        if path == "include/kernel/list.h":
            continue
        for n, line in code_lines(path):
            if re.search(r"\*\s*(next|prev)\s*,\s*\*\s*(next|prev)\s*;", line):
                case.fail("%s:%d" % (path, n), "a private list node: " + line.strip())
            if re.search(r"\bvoid\s+(__)?list_\w+\s*\(", line):
                case.fail("%s:%d" % (path, n), "a private list routine: " + line.strip())


def symbols_formatted_once(case):
    """"name+0xoff/0xsize" is written by %pS alone (kernel/lib/vsprintf.c)."""
    for path in files((".c", ".h"), under=("arch", "include", "kernel")):
        for n, line in code_lines(path):
            if re.search(r'"[^"]*\+0x%[^"]*/0x%', line):
                case.fail("%s:%d" % (path, n), "formats a symbol by hand: " + line.strip())


def kernel_files_stay_short(case):
    """A kernel source file does one thing: none is over 400 lines."""
    for path in files(KERNEL_SOURCES + (".lds.h", ".lds.S"),
                      under=("arch", "include", "kernel", "linker")):
        count = read(path).count("\n")
        if count > 400:
            case.fail(path, "%d lines" % count)


def arch_helpers_are_used(case):
    """No dead code in the arch headers: each inline function or function-like macro is used."""
    sources = files(KERNEL_SOURCES + (".lds.h", ".lds.S"),
                    under=("arch", "include", "kernel", "linker", "tests/kernel"))
    texts = {path: read(path) for path in sources}
    # A name is a whole word where it is one maximal run of word characters: counting the runs
    # once is what searching every text for \bname\b, name by name, would count.
    words = collections.Counter()
    for text in texts.values():
        words.update(re.findall(r"\w+", text))
    for path in sources:
        if not re.match(r"arch/[^/]+/include/asm/.*\.h$", path):
            continue
        names = set(re.findall(r"^#\s*define\s+(\w+)\(", texts[path], re.M))
        names |= set(re.findall(r"^static\s+(?:inline|__always_inline)\b[^(;=]*?\b(\w+)\(",
                                texts[path], re.M))
        for name in sorted(names):
            if words[name] <= 1:
                case.fail(path, "%s is defined and never used" % name)


CASES = [
    refers_to_no_outside_document,
    design_is_in_the_tree,
    speaks_of_no_plans,
    generic_code_is_written_once,
    statement_macros_span_lines,
    start_stop_symbols_declared_once,
    tables_use_bounded_section,
    one_arch_facts_stay_in_the_arch,
    control_registers_have_one_home,
    lists_come_from_list_h,
    symbols_formatted_once,
    kernel_files_stay_short,
    arch_helpers_are_used,
    book_tour_matches_files,
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
