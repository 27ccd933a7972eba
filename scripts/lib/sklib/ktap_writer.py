"""The KTAP writer: how every script that reports test cases prints them.

scripts/gdb-test, scripts/monitor-test and the Python host tests print KTAP version 1
(https://docs.kernel.org/dev-tools/ktap.html) for scripts/ktest --extra to fold into its totals:
a document with one subtest per architecture (or per suite), each a list of Case results.
A case collects problems while it is checked; with none it passes, and its notes are printed
as diagnostics; a case may be skipped with a reason.
"""

import re
import sys
import traceback


class Case:
    def __init__(self, name):
        self.name, self.problems, self.notes, self.skip = name, [], [], None

    def expect(self, cond, problem):
        """Record problem unless cond holds; returns cond."""
        if not cond:
            self.problems.append(problem)
        return cond

    def match(self, regex, text, what):
        """The first line-anchored match of regex in text; a problem if there is none."""
        m = re.search(regex, text, re.M)
        self.expect(m, "%s: no /%s/ in %r" % (what, regex, text[-600:]))
        return m

    @property
    def ok(self):
        return not self.problems


MAX_PROBLEMS = 40


def result_line(number, name, ok, directive=None, indent=0):
    """One result line: "ok 1 name", "not ok 2 name", "ok 3 name # SKIP why"."""
    line = "%s%s %d %s" % (" " * indent, "ok" if ok else "not ok", number, name)
    if directive:
        line += " # " + directive
    return line


def diagnostic(text, indent=0):
    """text as "# " lines; a line break in text starts a new diagnostic line."""
    return ["%s# %s" % (" " * indent, line) for line in str(text).split("\n")]


def header(count, out=sys.stdout):
    """The top of a document of count tests."""
    print("KTAP version 1", file=out)
    print("1..%d" % count, file=out)
    out.flush()


def subtest(number, name, cases, out=sys.stdout, note=None):
    """A subtest of the top-level document holding cases; returns whether all passed.
    Problems of a failing case are printed (at most MAX_PROBLEMS), else its notes."""
    lines = ["    KTAP version 1", "    # Subtest: %s" % name, "    1..%d" % len(cases)]
    if note:
        lines += diagnostic(note, 4)
    ok = True
    for i, c in enumerate(cases, 1):
        for text in (c.problems[:MAX_PROBLEMS] if c.problems else c.notes):
            lines += diagnostic(text, 4)
        ok = ok and c.ok
        skip = "SKIP " + c.skip if c.skip and c.ok else None
        lines.append(result_line(i, c.name, c.ok, skip, 4))
    lines.append(result_line(number, name, ok))
    print("\n".join(lines), file=out)
    out.flush()
    return ok


def missing_kernel(number, arch, elf, out=sys.stdout):
    """The subtest of an architecture whose kernel was not built: one failed case."""
    c = Case("kernel_built")
    c.problems.append("no kernel at %s (build it with: make ARCH=%s)" % (elf, arch))
    return subtest(number, arch, [c], out)


def run_cases(name, checks, out=sys.stdout):
    """A document of one subtest, name, with a case per check (case_name, fn): fn(case)
    records the case's problems, and a check that raises fails its case with the exception.
    Returns the exit status, 0 iff every case passed."""
    cases = []
    for case_name, fn in checks:
        c = Case(case_name)
        try:
            fn(c)
        except Exception as e:  # noqa: BLE001 - a crash of a case is its failure
            c.problems.append("%s: %s" % (type(e).__name__, e))
        cases.append(c)
    header(1, out)
    return 0 if subtest(1, name, cases, out) else 1


def run_functions(name, functions, out=sys.stdout):
    """A document of one subtest, name, with a case per function (name, fn): the case fails
    when fn raises, with the traceback as its diagnostics. Returns the exit status, 0 iff
    every case passed."""
    cases = []
    for case_name, fn in functions:
        c = Case(case_name)
        try:
            fn()
        except Exception:  # every kind of breakage is a failed case, not a crashed run
            c.problems += traceback.format_exc().rstrip().splitlines()
        cases.append(c)
    header(1, out)
    return 0 if subtest(1, name, cases, out) else 1
