"""The labs (scripts/labs): their definitions, the marked regions of the source, student trees.

A lab is a region of the real source between two comment lines,

    /* LAB NAME: begin */
    ...the code a student writes...
    /* LAB NAME: end */

(comments only: the compiled code is the same with or without them), and a folder
tests/labs/NAME/ holding lab.toml (its title, chapter, statement, regions and tests) and, for
each region, the stub that replaces the lines between the two markers in a student tree: what
is left of the code with numbered TODO steps. A stub compiles and makes grading fail.

lab.toml:
    title = "..."                 one line
    order = N                     its place among the labs: its chapter's in the book
    chapter = "..."               the book's chapter the lab ends
    statement = '''...'''         what to do, a few lines
    hints = '''...'''             optional: how to see it work, where to look (Markdown)
    [[region]]                    one or more
    file = "kernel/extable.c"     the file holding the markers
    stub = "extable.c"            tests/labs/NAME/<stub>: the lines between the markers
    [[test]]                      one or more: a boot with ktest.filter=SUITE on each arch
    suite = "extable"             the self-test suite (a ktest.filter glob)
    cases = ["a", "b"]            the cases that must pass (default: every case of the suite)
    points = 10                   points on each arch
    arches = ["x86_64", "arm"]    default both; cpu = {arch = "model"}, smp = N, timeout = S
"""

import fnmatch
import os
import re
import shutil
import tomllib

from sklib import exits, ktap, qemu

ROOT = qemu.ROOT
LABS_DIR = os.path.join(ROOT, "tests", "labs")
MARKER = re.compile(r"^\s*/\* LAB ([a-z][a-z0-9_]*): (begin|end) \*/\s*$")
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
# The source folders a marker may be in (the tree's code).
CODE_DIRS = ("arch", "include", "kernel", "linker")
CODE_EXTS = (".c", ".h", ".S")
DEFAULT_TIMEOUT = 30
CRASH = re.compile(r"Kernel panic - not syncing.*|\bOops:.*")


class LabError(Exception):
    pass


class Test:
    def __init__(self, lab, d):
        self.suite = d.get("suite")
        self.cases = list(d.get("cases", []))
        self.points = d.get("points")
        self.arches = list(d.get("arches", qemu.ARCHES))
        self.cpu = dict(d.get("cpu", {}))
        self.smp = d.get("smp")
        self.timeout = d.get("timeout", DEFAULT_TIMEOUT)
        if not isinstance(self.suite, str) or not self.suite:
            raise LabError("%s: a [[test]] without suite" % lab)
        if not isinstance(self.points, int) or self.points <= 0:
            raise LabError("%s: test %s: points must be a positive integer" % (lab, self.suite))
        for arch in self.arches + list(self.cpu):
            if arch not in qemu.ARCHES:
                raise LabError("%s: test %s: no arch %r" % (lab, self.suite, arch))


class Lab:
    def __init__(self, name, labs_dir=LABS_DIR):
        self.name, self.dir = name, os.path.join(labs_dir, name)
        path = os.path.join(self.dir, "lab.toml")
        try:
            with open(path, "rb") as f:
                d = tomllib.load(f)
        except (OSError, tomllib.TOMLDecodeError) as e:
            raise LabError("%s: %s" % (path, e)) from e
        self.title = d.get("title", "")
        self.order = d.get("order", 0)
        self.chapter = d.get("chapter", "")
        self.statement = d.get("statement", "").strip()
        self.hints = d.get("hints", "").strip()
        self.regions = [(r["file"], os.path.join(self.dir, r["stub"]))
                        for r in d.get("region", []) if "file" in r and "stub" in r]
        self.tests = [Test(name, t) for t in d.get("test", [])]
        if not self.title or not self.regions or not self.tests:
            raise LabError("%s: needs a title, a [[region]] with file and stub, a [[test]]"
                           % path)

    def points(self):
        return sum(t.points * len(t.arches) for t in self.tests)


def names(labs_dir=LABS_DIR):
    if not os.path.isdir(labs_dir):
        return []
    return sorted(n for n in os.listdir(labs_dir)
                  if os.path.isfile(os.path.join(labs_dir, n, "lab.toml")))


def load_all(labs_dir=LABS_DIR):
    """Every lab, in the book's order."""
    return sorted((Lab(n, labs_dir) for n in names(labs_dir)), key=lambda lab: lab.order)


def find_region(lines, lab, path):
    """(begin, end): the indexes of the marker lines of lab's region in lines."""
    begins = [i for i, l in enumerate(lines) if MARKER.match(l) and
              MARKER.match(l).groups() == (lab, "begin")]
    ends = [i for i, l in enumerate(lines) if MARKER.match(l) and
            MARKER.match(l).groups() == (lab, "end")]
    if len(begins) != 1 or len(ends) != 1 or begins[0] >= ends[0]:
        raise LabError("%s: lab %s wants one '/* LAB %s: begin */' line and one "
                       "'/* LAB %s: end */' line after it (found %d and %d)"
                       % (path, lab, lab, lab, len(begins), len(ends)))
    return begins[0], ends[0]


def read_lines(path):
    with open(path) as f:
        return f.read().splitlines(keepends=True)


def stub_lines(stub_path):
    lines = read_lines(stub_path)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines


def stubbed(tree, lab):
    """{file: its text with lab's regions replaced by the stubs}, for the tree at tree."""
    out = {}
    for rel, stub in lab.regions:
        lines = read_lines(os.path.join(tree, rel))
        begin, end = find_region(lines, lab.name, rel)
        out[rel] = "".join(lines[:begin + 1] + stub_lines(stub) + lines[end:])
    return out


def scan_markers(tree):
    """[(file, line number, lab, begin|end)] of every marker line in the tree's code."""
    found = []
    for top in CODE_DIRS:
        for d, _, files in os.walk(os.path.join(tree, top)):
            for f in sorted(files):
                if not f.endswith(CODE_EXTS):
                    continue
                path = os.path.join(d, f)
                with open(path, errors="replace") as fh:
                    for n, line in enumerate(fh, 1):
                        m = MARKER.match(line)
                        if m:
                            found.append((os.path.relpath(path, tree), n) + m.groups())
                        elif "LAB " in line and re.search(r"/\*\s*LAB\b", line):
                            found.append((os.path.relpath(path, tree), n, None, line.strip()))
    return found


def marker_problems(tree, labs):
    """What is wrong with the markers and the definitions, as sentences (none: all well)."""
    problems = []
    known = {lab.name: lab for lab in labs}
    files = {}
    for path, n, lab, what in scan_markers(tree):
        if lab is None:
            problems.append("%s:%d: a LAB comment that is no marker: %s (a marker is the "
                            "whole line '/* LAB NAME: begin */' or '/* LAB NAME: end */')"
                            % (path, n, what))
        elif lab not in known:
            problems.append("%s:%d: marker of lab %s, which tests/labs/ does not define"
                            % (path, n, lab))
        else:
            files.setdefault(lab, set()).add(path)
    for lab in labs:
        if not NAME.match(lab.name):
            problems.append("tests/labs/%s: a lab's name is lower case, digits, _" % lab.name)
        declared = {rel for rel, _ in lab.regions}
        for rel in sorted(files.get(lab.name, set()) - declared):
            problems.append("%s: holds lab %s's markers, but its lab.toml names no region "
                            "there" % (rel, lab.name))
        for rel, stub in lab.regions:
            try:
                lines = read_lines(os.path.join(tree, rel))
                begin, end = find_region(lines, lab.name, rel)
                stub_text = "".join(stub_lines(stub))
            except (OSError, LabError) as e:
                problems.append(str(e))
                continue
            if "TODO" not in stub_text:
                problems.append("%s: the stub has no TODO step" % os.path.relpath(stub, tree))
            if stub_text.strip() == "".join(lines[begin + 1:end]).strip():
                problems.append("%s: the stub is the region's own code: nothing to do"
                                % os.path.relpath(stub, tree))
    return problems


def top_entries(tree, skip):
    """The tree's top-level entries a copy takes: all but .git and the folders in skip."""
    skip = {os.path.realpath(s) for s in skip}
    return [e for e in sorted(os.listdir(tree)) if e != ".git" and
            os.path.realpath(os.path.join(tree, e)) not in skip]


def write_tree(tree, lab, dest, build=None, skip=()):
    """A student tree at dest: a copy of tree (timestamps kept) with lab's regions stubbed.
    build: a build directory of tree whose x86_64, arm and tools folders are copied too (as
    dest/build), so that grading dest recompiles only the stubbed files. Not their uboot
    folders: U-Boot boots write and remove their files there (scripts/qemu), and make check
    runs such boots while this copies."""
    texts = stubbed(tree, lab)
    os.makedirs(dest)
    for e in top_entries(tree, list(skip) + [dest] + ([build] if build else [])):
        src = os.path.join(tree, e)
        if os.path.isdir(src) and not os.path.islink(src):
            shutil.copytree(src, os.path.join(dest, e), symlinks=True)
        else:
            shutil.copy2(src, os.path.join(dest, e), follow_symlinks=False)
    for rel, text in texts.items():
        with open(os.path.join(dest, rel), "w") as f:
            f.write(text)
    if build:
        for sub in ("tools",) + qemu.ARCHES:
            if os.path.isdir(os.path.join(build, sub)):
                shutil.copytree(os.path.join(build, sub), os.path.join(dest, "build", sub),
                                symlinks=True,
                                ignore=shutil.ignore_patterns("mini", "*.iso", "uboot"))


def judge(test, log_path, result):
    """(points earned, why not all) for one boot of test."""
    status, timed_out, launch_error = result
    serial = qemu.read_text(log_path)
    crash = next((m.group(0).strip() for m in map(CRASH.search, serial.splitlines()) if m),
                 None)
    if launch_error:
        return 0, "could not boot: " + launch_error
    if timed_out:
        return 0, "timed out: no exit after %d s%s" % (test.timeout, ", " + crash if crash
                                                        else "")
    if crash or status not in (exits.PASS, exits.TESTS_FAILED):
        return 0, "crashed: %s" % (crash or exits.describe(status))
    report = ktap.parse_text(serial)
    suites = [t for t in report.tests if t.name and fnmatch.fnmatchcase(t.name, test.suite)]
    if not suites:
        return 0, "suite %s did not run" % test.suite
    names = {s.name for s in suites}
    cases = {c.path: c for c in report.cases() if c.path.partition(".")[0] in names}
    wanted = ([p for p in cases if p.partition(".")[2] in test.cases] if test.cases
              else list(cases))
    missing = [n for n in test.cases if not any(p.partition(".")[2] == n for p in cases)]
    if missing:
        return 0, "no result for %s" % ", ".join(missing)
    if not wanted:
        return 0, "suite %s has no case" % test.suite
    failed = [p for p in wanted if cases[p].status != ktap.PASSED]
    if failed:
        why = cases[failed[0]].test.diagnostics[-1:] if cases[failed[0]].test else []
        return 0, "failed: %s%s" % (", ".join(failed), " (%s)" % why[0] if why else "")
    return test.points, ""
