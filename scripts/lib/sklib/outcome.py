"""What one boot of scripts/ktest (or one --extra file) produced, and the boots of a run kept
in a file between its two halves.

make check boots the matrix alongside its other stages (scripts/ktest --save FILE) and prints
the totals once every stage is done (scripts/ktest --load FILE --extra ...): the second half
prints, counts and reports the boots of the first as if it had booted them itself.
"""

import json
import os
import sys

from sklib import ktap, qemu, reports

TAIL_LINES = 60     # the serial or file lines shown under a FAIL


class Outcome:
    """One boot's (or one --extra file's) cases, ready to print and count."""

    def __init__(self, name):
        self.name = name
        self.cases = []         # (name, status, note)
        self.summary = ""       # e.g. "crashed: exit 37, Oops: ..."
        self.details = []       # lines printed under a FAIL
        self.elapsed = None
        self.durations = {}     # case name -> seconds, for the reports
        self.logs = {}          # case name -> the serial or file lines that explain a failure
        self.ktap_names = set()   # the cases that are KTAP paths ("suite.case")
        self.runner_suite = "ktest"
        self.log_path = None
        self.phases = []        # (phase, seconds) of a boot: sklib/slowest.py
        self.shared_with = None  # the line whose boot this line's was (ktest's boot_key)

    def add(self, name, status, note=""):
        self.cases.append((name, status, note))

    def counts(self):
        return tuple(sum(1 for c in self.cases if c[1] == s)
                     for s in (ktap.PASSED, ktap.FAILED, ktap.SKIPPED))

    @property
    def passed(self):
        return self.counts()[1] == 0


def skip_reason(case):
    return case.test.reason if case.status == ktap.SKIPPED and case.test is not None else ""


def short_path(path):
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def fold_extra(name, path):
    """Fold a KTAP file written by another tool into the totals."""
    out = Outcome(name)
    out.runner_suite, out.log_path = name, short_path(path)
    text = qemu.read_text(path)
    if not os.path.exists(path):
        out.add("file", ktap.FAILED, "no file %s" % path)
        out.summary = "no file %s" % path
        out.details = ["file %s does not exist" % path]
        return out
    report = ktap.parse_text(text)
    per_case = reports.ktap_case_details(report, text.splitlines(), [])
    for case in report.cases():
        out.add(case.path, case.status, skip_reason(case) or case.message)
        out.ktap_names.add(case.path)
        out.logs[case.path] = per_case.get(case.path, (None, []))[1]
    if not report.found:
        out.add("ktap", ktap.FAILED, "no KTAP in %s" % path)
        out.summary = "no KTAP output in %s" % path
    elif report.truncated:
        out.add("complete", ktap.FAILED, report.truncated_reason)
        out.summary = "KTAP cut short: %s" % report.truncated_reason
    if not out.passed:
        out.details = ["failed: %s%s" % (n, (" (%s)" % note) if note else "")
                       for n, s, note in out.cases if s == ktap.FAILED]
        lines = text.splitlines()[-TAIL_LINES:]
        out.details.append("%s (%s):" % (path, "last %d lines" % len(lines) if lines else "empty"))
        out.details += ["    " + l for l in lines]
        for name, status, _ in out.cases:
            if status == ktap.FAILED and not out.logs.get(name):
                out.logs[name] = out.details
    return out


def print_outcome(out, width):
    passed, failed, skipped = out.counts()
    figures = "%d passed, %d failed, %d skipped" % (passed, failed, skipped)
    if out.elapsed is not None:
        figures += ", %.1f s" % out.elapsed
    text = "%s %-*s  (%s%s)" % ("PASS" if out.passed else "FAIL", width, out.name,
                                (out.summary + "; ") if out.summary else "", figures)
    print(text)
    for line in out.details:
        print("    " + line)
    sys.stdout.flush()


def save(path, outcomes, run):
    """Write the outcomes (in the order they were printed) and run, a dict of the run's own
    figures (lines, boots, seconds, CPU seconds), to path."""
    doc = {"run": run, "outcomes": [dict(vars(o), ktap_names=sorted(o.ktap_names))
                                    for o in outcomes]}
    with open(path + ".tmp", "w") as f:
        json.dump(doc, f)
    # Whole or not at all: the reader must never see half a run.
    os.replace(path + ".tmp", path)


def load(path):
    """(outcomes, run) as save() wrote them; OSError or ValueError when path holds none."""
    with open(path) as f:
        doc = json.load(f)
    outcomes = []
    for fields in doc["outcomes"]:
        out = Outcome(fields["name"])
        for key, value in fields.items():
            setattr(out, key, value)
        out.cases = [tuple(c) for c in out.cases]
        out.phases = [tuple(p) for p in out.phases]
        out.ktap_names = set(out.ktap_names)
        outcomes.append(out)
    return outcomes, doc["run"]


def load_or_failure(path):
    """scripts/ktest --load: the boots a `--save path` run kept, or one failed outcome that
    says why there are none."""
    try:
        return load(path)
    except (OSError, ValueError, KeyError, TypeError) as e:
        out = Outcome("boots")
        out.add("boot", ktap.FAILED, "no boots saved")
        out.summary = "no boots in %s (%s): did scripts/ktest --save end?" % (path, e)
        return [out], None
