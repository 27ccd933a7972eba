#!/usr/bin/python3
"""Property tests of the KTAP parser (scripts/lib/sklib/ktap.py) with Debian's Hypothesis.

Run: /usr/bin/python3 tests/host/test_ktap_props.py [--build DIR] [--examples N]
tests/host/test_ktap.py checks hand-written logs; here Hypothesis generates them: KTAP
documents nested up to three deep with SKIP and TODO directives, diagnostics, boot messages
between the lines, wrong plans and streams cut short, as well as arbitrary text. The
properties:
  - the parser never raises, whatever the text (it reports faults, never throws), and its
    counts agree with its cases;
  - what sklib/ktap_writer.py writes reads back exactly: each case's status, every
    diagnostic in order, a clean report;
  - a generated document's counts are the ones its tests say, with the parser's documented
    rules (SKIP skips, TODO turns a failure into a skip, a suite failing on its own is one
    failed case), and lines that are not KTAP change nothing;
  - a plan that does not match its results, or a stream cut before its last result line,
    never gives a clean report.
Hypothesis is a property-based tester: it generates inputs from a description of their
shape and shrinks a failing one to a smallest example, printed in the case's diagnostics.
Derandomized and without its example database, so the same examples run every time: make
check runs 100 per property; --examples asks for more. Hypothesis's own cache (Unicode
tables) goes in DIR/hypothesis (default build/). Prints KTAP ("ktap_properties").
"""

import argparse
import io
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "scripts", "lib"))
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402
from hypothesis.configuration import set_hypothesis_home_dir  # noqa: E402

from sklib import ktap, ktap_writer  # noqa: E402

EXAMPLES = 100

# Names as the project's tests have them; text of diagnostics anything printable but a line
# break other than "\n" (the writer splits on "\n"; a reader of lines splits on all of them).
NAME = st.from_regex(r"[a-z][a-z0-9_]{0,11}", fullmatch=True)
LINE_TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=30)
TEXT = st.lists(LINE_TEXT, min_size=1, max_size=3).map("\n".join)
NOT_KTAP = st.builds(lambda t: "boot: " + t, LINE_TEXT)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def consistent(report):
    """What every report must satisfy, however bad the input."""
    cases = report.cases()
    check(sum(report.counts()) == len(cases), "counts %r for %d cases" % (report.counts(),
                                                                        len(cases)))
    check(all(c.status in (ktap.PASSED, ktap.FAILED, ktap.SKIPPED) for c in cases), "status")
    check(not report.ok or (report.found and not report.truncated and
                            report.counts()[1] == 0), "ok with a failure or cut short")
    check(isinstance(ktap.describe(report), str), "describe")


# --- arbitrary text --------------------------------------------------------------------

KTAPISH_LINE = st.one_of(
    st.just("KTAP version 1"), st.just("TAP version 13"), st.just("KTAP version x"),
    st.builds("1..{}".format, st.integers(-2, 5)), st.builds("ok {} {}".format,
                                                            st.integers(0, 9), NAME),
    st.builds("not ok {} {}".format, st.integers(0, 9), NAME), st.just("ok"), st.just("not ok"),
    st.builds("ok {} {} # {} {}".format, st.integers(1, 3), NAME,
              st.sampled_from(["SKIP", "skipped", "TODO", "XFAIL", "TIMEOUT", "ERROR", ""]),
              LINE_TEXT),
    st.builds("# Subtest: {}".format, NAME), st.builds("# {}".format, LINE_TEXT),
    st.builds("Bail out! {}".format, LINE_TEXT), st.just("[    1.000] KTAP version 1"),
    NOT_KTAP, LINE_TEXT)
KTAPISH = st.lists(st.tuples(st.integers(0, 12), KTAPISH_LINE), max_size=40).map(
    lambda lines: "\n".join(" " * indent + text for indent, text in lines))


def never_raises(text):
    consistent(ktap.parse_text(text))


# --- what ktap_writer writes -------------------------------------------------------------

def make_case(name, problems, notes, skip):
    c = ktap_writer.Case(name)
    c.problems, c.notes, c.skip = problems, notes, skip
    return c


CASE = st.builds(make_case, NAME, st.lists(TEXT, max_size=2) | st.just([]),
                 st.lists(TEXT, max_size=2), st.none() | NAME)
SUITES = st.lists(st.tuples(NAME, st.lists(CASE, min_size=1, max_size=5,
                                           unique_by=lambda c: c.name)),
                  min_size=1, max_size=4, unique_by=lambda s: s[0])


def written(suites):
    out = io.StringIO()
    ktap_writer.header(len(suites), out)
    for number, (name, cases) in enumerate(suites, 1):
        ktap_writer.subtest(number, name, cases, out)
    return out.getvalue()


def writer_round_trip(suites):
    report = ktap.parse_text(written(suites))
    consistent(report)
    want = {}
    for name, cases in suites:
        for c in cases:
            want[name + "." + c.name] = (ktap.FAILED if c.problems else
                                         ktap.SKIPPED if c.skip else ktap.PASSED)
    got = {c.path: c.status for c in report.cases()}
    check(got == want, "statuses %r, written %r" % (got, want))
    check(not report.truncated and not report.errors and not report.warnings,
          "a clean document read as %r %r" % (ktap.describe(report), report.warnings))
    check(report.ok == all(c.ok for _, cs in suites for c in cs), "ok")
    for test, (name, cases) in zip(report.tests, suites):
        diags = [d for sub in test.subtests for d in sub.diagnostics]
        wrote = [line.rstrip() for c in cases
                 for text in (c.problems[:ktap_writer.MAX_PROBLEMS] or c.notes)
                 for line in text.split("\n")]
        check(diags == wrote, "%s: diagnostics %r, written %r" % (name, diags, wrote))


# --- a model of nested documents -------------------------------------------------------

class Node:
    """A test of the model: a leaf or a suite, its result line's ok and directive."""

    def __init__(self, name, ok, directive, children):
        self.name, self.ok, self.directive, self.children = name, ok, directive, children

    def lines(self, number, indent):
        out = []
        if self.children:
            pad = " " * (indent + 4)
            out += [pad + "KTAP version 1", pad + "# Subtest: " + self.name,
                    pad + "1..%d" % len(self.children)]
            for i, child in enumerate(self.children, 1):
                out += child.lines(i, indent + 4)
        out.append(ktap_writer.result_line(number, self.name, self.ok,
                                           self.directive and self.directive + " why", indent))
        return out

    def status(self):
        if self.directive == "SKIP":
            return ktap.SKIPPED
        if self.directive == "TODO":
            return ktap.PASSED if self.ok else ktap.SKIPPED
        return ktap.PASSED if self.ok else ktap.FAILED

    def expected(self, prefix, out):
        """The parser's documented cases: {path: status}."""
        path = prefix + self.name
        if not self.children:
            out[path] = self.status()
            return
        before = sum(1 for s in out.values() if s == ktap.FAILED)
        for child in self.children:
            child.expected(path + ".", out)
        if self.status() == ktap.FAILED and \
                sum(1 for s in out.values() if s == ktap.FAILED) == before:
            out[path + " (suite)"] = ktap.FAILED


def node(depth):
    children = (st.lists(st.deferred(lambda: node(depth - 1)), min_size=1, max_size=3,
                         unique_by=lambda n: n.name) if depth else st.just([]))
    return st.builds(Node, NAME, st.booleans(), st.sampled_from([None, None, "SKIP", "TODO"]),
                     st.just([]) | children)


DOCUMENT = st.lists(node(2), min_size=1, max_size=3, unique_by=lambda n: n.name)


def document(nodes):
    lines = ["KTAP version 1", "1..%d" % len(nodes)]
    for i, n in enumerate(nodes, 1):
        lines += n.lines(i, 0)
    return lines


def statuses(report):
    """{path: status}, a suite's own failure under "path (suite)"."""
    out = {}
    for c in report.cases():
        suite = c.test is not None and c.test.subtests
        out[c.path + (" (suite)" if suite else "")] = c.status
    return out


def model_counts(data):
    nodes = data.draw(DOCUMENT)
    lines = document(nodes)
    want = {}
    for n in nodes:
        n.expected("", want)
    # Boot messages anywhere: not KTAP, so nothing changes.
    for _ in range(data.draw(st.integers(0, 4))):
        lines.insert(data.draw(st.integers(0, len(lines))), data.draw(NOT_KTAP))
    report = ktap.parse_text("\n".join(lines))
    consistent(report)
    check(statuses(report) == want, "cases %r, want %r" % (statuses(report), want))
    check(not report.truncated and not report.errors, ktap.describe(report))


def bad_plan(data):
    nodes = data.draw(DOCUMENT)
    lines = document(nodes)
    plans = [i for i, line in enumerate(lines) if line.lstrip().startswith("1..")]
    at = data.draw(st.sampled_from(plans))
    count = int(lines[at].lstrip()[3:])
    wrong = data.draw(st.integers(0, count + 3).filter(lambda n: n != count))
    lines[at] = lines[at].replace("1..%d" % count, "1..%d" % wrong)
    report = ktap.parse_text("\n".join(lines))
    consistent(report)
    # A skipped suite's plan is not checked: it may have stopped early on purpose.
    skipped = [n for n in ktap_walk(report) if n.directive == "SKIP" and n.subtests]
    check(not report.ok or skipped, "plan 1..%d for %d results read as clean" % (wrong, count))


def ktap_walk(report):
    todo = list(report.tests)
    while todo:
        test = todo.pop()
        todo += test.subtests
        yield test


def truncated(data):
    nodes = data.draw(DOCUMENT)
    lines = document(nodes)
    results = [i for i, line in enumerate(lines) if line.lstrip().startswith(("ok", "not ok"))]
    cut = data.draw(st.integers(0, results[-1]))
    report = ktap.parse_text("\n".join(lines[:cut]))
    consistent(report)
    check(not report.ok, "cut before line %d of %d read as clean: %r" % (
        results[-1] + 1, len(lines), lines[:cut]))


def run(examples):
    opts = settings(max_examples=examples, derandomize=True, database=None, deadline=None,
                    suppress_health_check=list(HealthCheck), print_blob=False)
    props = [
        ("never_raises_on_text", given(st.text(max_size=400))(never_raises)),
        ("never_raises_on_ktapish_lines", given(KTAPISH)(never_raises)),
        ("writer_round_trip", given(SUITES)(writer_round_trip)),
        ("nested_counts_and_boot_messages", given(st.data())(model_counts)),
        ("bad_plan_not_clean", given(st.data())(bad_plan)),
        ("cut_short_not_clean", given(st.data())(truncated)),
    ]
    return ktap_writer.run_functions("ktap_properties", [(n, opts(p)) for n, p in props])


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(os.path.dirname(
        os.path.abspath(__file__)), "..", "..", "build"))
    parser.add_argument("--examples", type=int, default=EXAMPLES)
    args = parser.parse_args()
    set_hypothesis_home_dir(os.path.join(args.build, "hypothesis"))
    sys.exit(run(args.examples))
