"""A small, tolerant parser for KTAP version 1 test output (ktap_writer.py writes it).

The kernel's suites (tests/kernel/) print KTAP on the serial console among boot log lines;
scripts/ktest, the host tests, scripts/gdb-test and monitor-test parse it here. Stdlib only.

KTAP in one paragraph (https://docs.kernel.org/dev-tools/ktap.html): a document starts with
"KTAP version 1", then a plan "1..N", then one result line per test, "ok N name" or
"not ok N name", optionally followed by a directive "# SKIP reason" / "# TODO reason".
A test with subtests prints a whole nested document, indented four more spaces, before its
own result line; "# Subtest: name" names it, other "# ..." lines are diagnostics. Any other
line is not KTAP and is ignored, so boot messages may sit between suites.

What this parser reports, besides the tree of tests:
  - truncated: the stream ended inside a subtest, before the top-level plan was met, or
    before any plan or result at all (the kernel died mid-run);
  - errors: plan mismatches and other structural faults, each one a failed case;
  - warnings: harmless oddities (a test number out of sequence, a name mismatch).

Usage: report = ktap.parse_text(text) (or parse_lines(lines), parse_file(path)), then
report.cases() (each with .path and .status) and report.counts() (passed, failed, skipped).
As a command, scripts/lib/sklib/ktap.py FILE... prints each file's cases and totals.
"""

import re
import sys

PASSED = "passed"
FAILED = "failed"
SKIPPED = "skipped"

_VERSION = re.compile(r"^(?:KTAP|TAP) version (\d+)\s*$")
_PLAN = re.compile(r"^1\.\.(\d+)\s*(?:#.*)?$")
_RESULT = re.compile(r"^(ok|not ok)\b(?:\s+(\d+)\b)?(?:\s+-)?\s*(.*)$")
_DIRECTIVE = re.compile(r"^(.*?)\s*#\s*(SKIP\w*|TODO|XFAIL|TIMEOUT|ERROR)\b\s*(.*)$", re.I)
_SUBTEST = re.compile(r"^#\s*Subtest:\s*(.*?)\s*$")
_DIAGNOSTIC = re.compile(r"^#\s?(.*)$")
_BAIL_OUT = re.compile(r"^Bail out!\s*(.*)$")
_TIMESTAMP = re.compile(r"^\[\s*\d+(?:\.\d+)?\]\s?")


class Test:
    """One test: a leaf test case, a suite with subtests, or the synthetic root."""

    def __init__(self, parent=None, indent=0):
        self.parent = parent
        self.indent = indent        # indentation of the lines inside this test's document
        self.name = None
        self.number = None
        self.ok = None              # True / False once the result line was seen
        self.directive = None       # "SKIP", "TODO", "XFAIL", "TIMEOUT", "ERROR" or None
        self.reason = ""            # text after the directive
        self.plan = None
        self.subtests = []
        self.diagnostics = []       # "# ..." lines (without the "# ") that belong to it
        self.lineno = None          # line number of the result line, 1-based
        self.has_version = False

    @property
    def complete(self):
        return self.ok is not None

    @property
    def path(self):
        names = []
        test = self
        while test is not None and test.parent is not None:
            names.append(test.name or "#%s" % (test.number or "?"))
            test = test.parent
        return ".".join(reversed(names))

    def own_status(self):
        """The status its own result line gives, with directives applied."""
        if self.directive == "SKIP":
            return SKIPPED
        if self.directive in ("TODO", "XFAIL"):
            # An expected failure is not a failure; an unexpected pass still passes.
            return PASSED if self.ok else SKIPPED
        if self.directive in ("TIMEOUT", "ERROR"):
            return FAILED
        return PASSED if self.ok else FAILED


class Case:
    """One counted outcome: a leaf test, or a structural error counted as a failure."""

    def __init__(self, path, status, test=None, message=""):
        self.path = path
        self.status = status
        self.test = test
        self.message = message

    def __repr__(self):
        return "Case(%r, %r)" % (self.path, self.status)


class Report:
    def __init__(self):
        self.root = Test()
        self.found = False          # saw at least one version line
        self.documents = 0          # top-level version lines
        self.truncated = False
        self.truncated_reason = ""
        self.bailed_out = None      # reason, if "Bail out!" was seen
        self.errors = []            # (lineno, path, message): each counts as a failed case
        self.warnings = []          # (lineno, message)
        self.other_lines = 0        # non-KTAP lines skipped

    @property
    def tests(self):
        return self.root.subtests

    def cases(self):
        """Every leaf test, plus a failed case for each structural error."""
        out = []
        for test in self.root.subtests:
            _collect(test, out)
        for lineno, path, message in self.errors:
            out.append(Case(path, FAILED, None, message))
        return out

    def counts(self):
        cases = self.cases()
        return tuple(sum(1 for c in cases if c.status == s) for s in (PASSED, FAILED, SKIPPED))

    @property
    def ok(self):
        """True if complete, structurally sound, and nothing failed."""
        return self.found and not self.truncated and self.counts()[1] == 0


def _collect(test, out):
    if not test.subtests:
        if test.complete:
            out.append(Case(test.path, test.own_status(), test))
        return
    before = sum(1 for c in out if c.status == FAILED)
    for sub in test.subtests:
        _collect(sub, out)
    failed_inside = sum(1 for c in out if c.status == FAILED) > before
    # A suite can fail on its own (its setup failed, or the runner found a leak after the
    # last case): count that, but do not count a failure twice.
    if test.complete and test.own_status() == FAILED and not failed_inside:
        out.append(Case(test.path, FAILED, test, "suite reported not ok"))


class _Parser:
    def __init__(self):
        self.report = Report()
        self.stack = []             # open tests; stack[0] is the root once a document began
        self.pending = []           # diagnostics waiting for the next result at the top level
        self.prefix = None          # a timestamp prefix to strip, if the kernel adds one
        self.lineno = 0

    def feed(self, raw):
        self.lineno += 1
        line = raw.rstrip("\r\n").rstrip().expandtabs(8)
        if self.prefix is None:
            match = re.search(r"(?:KTAP|TAP) version \d+\s*$", line)
            if match and not self.report.found:
                lead = line[:match.start()]
                self.prefix = bool(_TIMESTAMP.match(lead))
        if self.prefix:
            line = _TIMESTAMP.sub("", line, count=1)
        text = line.lstrip(" ")
        indent = len(line) - len(text)
        if self.report.bailed_out is not None:
            return
        kind, match = self._classify(text)
        if kind is None:
            self.report.other_lines += 1
            return
        if not self.stack:
            if kind != "version":
                self.report.other_lines += 1
                return
            self._start_document(indent)
            return
        self._line(kind, match, indent, text)

    @staticmethod
    def _classify(text):
        for kind, regex in (("version", _VERSION), ("plan", _PLAN), ("result", _RESULT),
                            ("subtest", _SUBTEST), ("diagnostic", _DIAGNOSTIC),
                            ("bail", _BAIL_OUT)):
            match = regex.match(text)
            if match:
                return kind, match
        return None, None

    def _start_document(self, indent):
        report = self.report
        report.found = True
        report.documents += 1
        report.root.indent = indent
        report.root.has_version = True
        self.stack = [report.root]
        self.pending = []

    def _error(self, test, message):
        self.report.errors.append((self.lineno, test.path or "(top level)", message))

    def _warn(self, message):
        self.report.warnings.append((self.lineno, message))

    def _line(self, kind, match, indent, text):
        top = self.stack[-1]
        if indent > top.indent:
            if kind == "diagnostic":
                self.pending.append(match.group(1))
                return
            if kind == "bail":
                self._bail(match.group(1))
                return
            self._open_subtest(top, indent)
            top = self.stack[-1]
        elif indent < top.indent:
            if kind == "diagnostic":
                # A stray "#" line (a boot message, a summary) does not end a subtest.
                self.pending.append(match.group(1))
                return
            while len(self.stack) > 1 and indent < self.stack[-1].indent:
                self._close_frame()
            top = self.stack[-1]
            # Only the innermost of the subtests just left can still get its result line
            # (at this level); any deeper one that had none never will.
            last = top.subtests[-1] if top.subtests else None
            while last is not None and last.subtests:
                inner = last.subtests[-1]
                if not inner.complete:
                    self._error(inner, "subtest ended without a result line")
                last = inner

        if kind == "version":
            if top.has_version or top.plan is not None or top.subtests:
                if top is self.report.root:
                    # A second top-level document: its plan adds to the first one's.
                    self._flush_pending(top)
                    self._start_document(indent)
                    return
                # A new document where this one had not ended: its result line never came.
                self._close_frame()
                self._error(self.stack[-1].subtests[-1], "subtest ended without a result line")
                self._open_subtest(self.stack[-1], indent)
                top = self.stack[-1]
            top.has_version = True
        elif kind == "subtest":
            if top.name is None and top is not self.report.root:
                top.name = match.group(1)
            else:
                self.pending.append(text[1:].strip())
        elif kind == "plan":
            count = int(match.group(1))
            if top.plan is not None and top is not self.report.root:
                self._error(top, "second plan line 1..%d" % count)
            elif top is self.report.root and top.plan is not None:
                top.plan += count
            else:
                top.plan = count
        elif kind == "diagnostic":
            self.pending.append(match.group(1))
        elif kind == "bail":
            self._bail(match.group(1))
        elif kind == "result":
            self._result(top, match)

    def _open_subtest(self, parent, indent):
        test = Test(parent, indent)
        parent.subtests.append(test)
        self._flush_pending(parent)
        self.stack.append(test)

    def _close_frame(self):
        """Leave the innermost open test; its result line is expected at the parent's level."""
        test = self.stack.pop()
        self._flush_pending(test)
        return test

    def _flush_pending(self, test):
        # Diagnostics after the last result of a document belong to that last test case
        # ("not ok 2 x" then "# x: expected ..."); with no test yet, to the document itself.
        if self.pending:
            target = test.subtests[-1] if test.subtests else test
            target.diagnostics.extend(self.pending)
            self.pending = []

    def _result(self, top, match):
        ok = match.group(1) == "ok"
        number = int(match.group(2)) if match.group(2) else None
        rest = match.group(3).strip()
        directive, reason = None, ""
        found = _DIRECTIVE.match(rest)
        if found:
            rest, directive, reason = found.group(1).strip(), found.group(2).upper(), found.group(3)
            if directive.startswith("SKIP"):
                directive = "SKIP"

        last = top.subtests[-1] if top.subtests else None
        if last is not None and not last.complete:
            test = last                     # the result line of the subtest just closed
            if test.name and rest and test.name != rest:
                self._warn("subtest '%s' reported as '%s'" % (test.name, rest))
        else:
            test = Test(top, top.indent + 4)
            top.subtests.append(test)
        test.diagnostics[:0] = self.pending
        self.pending = []
        test.ok, test.number, test.lineno = ok, number, self.lineno
        test.directive, test.reason = directive, reason
        if rest:
            test.name = rest
        expected = len(top.subtests)
        if number is not None and number != expected:
            self._warn("test '%s' numbered %d, expected %d" % (test.name, number, expected))
        if (test.plan is not None and test.plan != len(test.subtests)
                and directive != "SKIP"):
            self._error(test, "plan 1..%d but %d results" % (test.plan, len(test.subtests)))

    def _bail(self, reason):
        self.report.bailed_out = reason or "(no reason)"
        self._error(self.stack[-1], "Bail out! %s" % reason)

    def _truncate(self, reason):
        """Mark the report cut short; the first reason found is the one kept."""
        if not self.report.truncated:
            self.report.truncated = True
            self.report.truncated_reason = reason

    def finish(self):
        report = self.report
        if not self.stack:
            return report
        while len(self.stack) > 1:
            test = self._close_frame()
            self._truncate("stream ended inside subtest '%s'" % (test.path or "?"))
        self._flush_pending(report.root)
        root = report.root
        results = sum(1 for t in root.subtests if t.complete)
        if root.plan is None and not root.subtests:
            # "KTAP version 1" and nothing after it: the kernel died before its first suite.
            self._truncate("stream ended before the plan")
        if root.plan is not None and results < root.plan:
            self._truncate("stream ended after %d of %d top-level results" % (results, root.plan))
        if root.plan is not None and len(root.subtests) > root.plan:
            report.errors.append((self.lineno, "(top level)",
                                  "plan 1..%d but %d results" % (root.plan, len(root.subtests))))
        if report.bailed_out is not None:
            self._truncate("Bail out! %s" % report.bailed_out)
        return report


def parse_lines(lines):
    """Parse an iterable of lines (serial log, KTAP file); returns a Report."""
    parser = _Parser()
    for line in lines:
        parser.feed(line)
    return parser.finish()


def parse_text(text):
    return parse_lines(text.splitlines())


def parse_file(path):
    with open(path, "rb") as f:
        return parse_text(f.read().decode("utf-8", errors="replace"))


def describe(report):
    """A short human summary of a report's problems, or '' if there are none."""
    notes = []
    if not report.found:
        notes.append("no KTAP output")
    if report.truncated:
        notes.append("KTAP cut short: " + report.truncated_reason)
    for lineno, path, message in report.errors:
        notes.append("line %d: %s: %s" % (lineno, path, message))
    return "; ".join(notes)


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print("usage: ktap.py FILE...  (prints the cases of each KTAP file)")
        return 0 if len(argv) >= 2 else 2
    status = 0
    for path in argv[1:]:
        report = parse_file(path)
        for case in report.cases():
            print("%-7s %s%s" % (case.status, case.path,
                                 (" (%s)" % case.message) if case.message else ""))
        passed, failed, skipped = report.counts()
        note = describe(report)
        print("%s: %d passed, %d failed, %d skipped%s" % (
            path, passed, failed, skipped, ("; " + note) if note else ""))
        if not report.ok:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
