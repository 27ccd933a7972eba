#!/usr/bin/python3
"""Host tests of scripts/ktest's CI reports, read by the tools CI uses, not by our own code:
build/ktest/junit.xml through Debian's junitparser (python3-junitparser, the parser CI report
plugins are built on) and results.json through Debian's jsonschema against the schema kept in
the tree (scripts/lib/sklib/reports.schema.json).

ktest boots two small configurations (an ARM one that passes and an x86_64 one whose expect=
fails; a third line shares the ARM one's boot) and, in a second run as make check does (--save,
--load), folds in a KTAP file with a pass, a failure and a skip, into a directory of its own;
then each report must say what ktest printed: the same suites, cases and totals, the failure's
serial-log lines, the skip's reason, a duration for each KTAP case within its boot's time.

Run: /usr/bin/python3 tests/host/test_reports.py [--build DIR]    (default: $O, else build/)
Both kernels must be built in DIR. Prints KTAP (one suite, "reports"); exit status 0 iff
every case passed.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import jsonschema
import junitparser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import ktap_writer, reports  # noqa: E402

MATRIX = """\
rep-pass  arm     append='ktest.filter=lib'
rep-fail  x86_64  append='ktest.filter=lib' expect='^no such line, on purpose$'
rep-same  arm     cpu=cortex-a15 append='ktest.filter=lib' expect='^KTAP version 1$'
"""
EXTRA = """\
KTAP version 1
1..1
    KTAP version 1
    # Subtest: widgets
    1..3
    ok 1 spins
    # expected 42, got 41 \x1b[31m(in red)\x1b[0m
    not ok 2 counts
    ok 3 flies # SKIP no wings here
ok 1 widgets
"""


def check(condition, message):
    if not condition:
        raise AssertionError(message)


class Run:
    """One ktest run into a fresh directory, and what it printed and wrote."""

    def __init__(self, build):
        self.dir = tempfile.mkdtemp(prefix="ktest-reports.")
        matrix, extra = os.path.join(self.dir, "matrix"), os.path.join(self.dir, "extra.ktap")
        with open(matrix, "w") as f:
            f.write(MATRIX)
        with open(extra, "w") as f:
            f.write(EXTRA)
        self.out = os.path.join(self.dir, "out")
        # As make check runs it: the boots (--save), then the totals with the extra (--load).
        ktest = [os.path.join(ROOT, "scripts", "ktest"), "--build", build, "--out", self.out]
        boots = os.path.join(self.dir, "boots.json")
        subprocess.run(ktest + ["--matrix", matrix, "--save", boots], stdout=subprocess.DEVNULL,
                       timeout=300)
        proc = subprocess.run(ktest + ["--load", boots, "--extra", "extra=" + extra],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=300)
        self.status, self.text = proc.returncode, proc.stdout
        # ktest's own lines: "PASS name  (...; 3 passed, 0 failed, 0 skipped, 1.2 s)".
        self.lines = {m.group(2): (m.group(1), tuple(int(n) for n in m.group(3, 4, 5)))
                      for m in re.finditer(r"^(PASS|FAIL) (\S+) .*?(\d+) passed, (\d+) failed, "
                                           r"(\d+) skipped", self.text, re.M)}
        last = re.search(r"^(\d+) passed, (\d+) failed, (\d+) skipped$", self.text, re.M)
        check(last, "no final line in ktest's output:\n" + self.text[-2000:])
        self.totals = tuple(int(n) for n in last.groups())
        self.junit = junitparser.JUnitXml.fromfile(os.path.join(self.out, "junit.xml"))
        with open(os.path.join(self.out, "results.json")) as f:
            self.json = json.load(f)
        self.suites = {s.name: s for s in self.junit}

    def cases(self, suite):
        return list(self.suites[suite])


def test_ktest_fails(run):
    check(run.status == 1, "ktest exit %d with a failing expect= and case, want 1" % run.status)
    check(set(run.lines) == {"rep-pass", "rep-fail", "rep-same", "extra"},
          "ktest lines: %r" % run.lines)
    check(run.lines["rep-pass"][0] == "PASS" and run.lines["rep-fail"][0] == "FAIL",
          "rep-pass must pass and rep-fail fail: %r" % run.lines)


def test_junit_suites(run):
    check(sorted(run.suites) == sorted(run.lines), "JUnit suites %s, ktest printed %s"
          % (sorted(run.suites), sorted(run.lines)))
    for name, suite in run.suites.items():
        cases = run.cases(name)
        got = (sum(c.is_passed for c in cases), sum(bool(c.result) and not c.is_skipped
                                                     for c in cases),
               sum(c.is_skipped for c in cases))
        check(got == run.lines[name][1], "%s: JUnit cases %r, ktest printed %r"
              % (name, got, run.lines[name][1]))
        declared = (suite.tests, suite.failures, suite.errors, suite.skipped)
        suite.update_statistics()   # junitparser counts the cases itself
        check(declared == (suite.tests, suite.failures, suite.errors, suite.skipped),
              "%s: declared %r, junitparser counts %r" % (
                  name, declared, (suite.tests, suite.failures, suite.errors, suite.skipped)))
    got = (sum(s.tests - s.failures - s.skipped for s in run.junit),
           sum(s.failures for s in run.junit), sum(s.skipped for s in run.junit))
    check(got == run.totals, "JUnit totals %r, ktest's last line %r" % (got, run.totals))


def test_junit_cases(run):
    ktap = [c for c in run.cases("rep-pass") if c.classname != "rep-pass.ktest"]
    check(ktap and all(c.classname == "rep-pass.lib" for c in ktap),
          "the KTAP cases of rep-pass must be classname rep-pass.lib: %r"
          % sorted({c.classname for c in ktap}))
    boot = [c for c in run.cases("rep-pass") if c.name == "boot"][0]
    times = [c.time for c in ktap]
    check(all(t is not None and t >= 0 for t in times) and sum(times) <= boot.time,
          "KTAP case times %r must be set and fit in the boot's %.3f s" % (times, boot.time))


def test_junit_failures(run):
    failed = [c for c in run.cases("rep-fail") if c.result and not c.is_skipped]
    check([c.name for c in failed] == ["expect /^no such line, on purpose$/"],
          "rep-fail's failed cases: %r" % [c.name for c in failed])
    text = failed[0].result[0].text or ""
    check("Special K version" in text and "serial log" in text,
          "the failed expect= must carry the serial log's lines, got %r" % text[:500])
    widgets = {c.name: c for c in run.cases("extra")}
    counts = widgets["counts"].result
    check(counts and "expected 42, got 41" in (counts[0].text or ""),
          "the failed KTAP case must carry its diagnostic lines: %r" % (
              counts and counts[0].text))
    flies = widgets["flies"]
    check(flies.is_skipped and flies.result[0].message == "no wings here",
          "the skipped case must say why: %r" % flies.result)


def test_shared_boot(run):
    """rep-same boots as rep-pass does (cortex-a15 is arm's default CPU): one boot serves both,
    each line judged by its own expectations, with its own copy of the log."""
    check(re.search(r"^ktest: 3 lines in 2 boots, ", run.text, re.M),
          "ktest did not boot 3 lines in 2 boots:\n" + run.text[-1500:])
    check(re.search(r"^PASS rep-same +\(one boot with rep-pass; ", run.text, re.M),
          "rep-same did not say whose boot it had:\n" + run.text[-1500:])
    names = [c.name for c in run.cases("rep-same")]
    check("expect /^KTAP version 1$/" in names and "boot" in names,
          "rep-same's cases: %r" % names)
    logs = [os.path.join(run.out, n + ".log") for n in ("rep-pass", "rep-same")]
    texts = [open(p, "rb").read() if os.path.exists(p) else None for p in logs]
    check(texts[0] and texts[0] == texts[1], "rep-same.log is not a copy of rep-pass.log")


def test_failed_logs(run):
    failed = sorted(os.listdir(os.path.join(run.out, "failed")))
    check(failed == ["extra.log", "rep-fail.log"], "build/ktest/failed/ holds %r, want the "
          "logs of the two configurations that failed" % failed)


def test_json_schema(run):
    with open(reports.SCHEMA) as f:
        schema = json.load(f)
    validator = jsonschema.Draft7Validator
    validator.check_schema(schema)
    validator(schema).validate(run.json)
    # The schema must be able to say no: a record without a duration, an unknown status.
    for broken in ({k: v for k, v in run.json["results"][0].items() if k != "duration"},
                   dict(run.json["results"][0], status="crashed")):
        bad = dict(run.json, results=[broken])
        check(not validator(schema).is_valid(bad), "the schema accepts %r" % broken)


def test_json_matches_junit(run):
    records = {(r["configuration"], r["suite"], r["case"], r["status"])
               for r in run.json["results"]}
    cases = set()
    for suite in run.junit:
        for c in suite:
            status = "skipped" if c.is_skipped else "passed" if c.is_passed else "failed"
            cases.add((suite.name, c.classname.split(".", 1)[1], c.name, status))
    check(records == cases and len(run.json["results"]) == len(cases),
          "JSON and JUnit differ: only JSON %r, only JUnit %r"
          % (sorted(records - cases)[:5], sorted(cases - records)[:5]))
    got = tuple(run.json["totals"][k] for k in ("passed", "failed", "skipped"))
    check(got == run.totals, "JSON totals %r, ktest's %r" % (got, run.totals))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.environ.get("O") or os.path.join(ROOT, "build"))
    args = parser.parse_args()
    try:
        run = Run(os.path.abspath(args.build))
    except Exception as e:  # noqa: BLE001 - every case then fails with the reason
        run = e

    def case(f):
        if isinstance(run, Exception):
            raise run
        f(run)
    status = ktap_writer.run_functions("reports", [
        (f.__name__[5:], lambda f=f: case(f)) for f in (
            test_ktest_fails, test_junit_suites, test_junit_cases, test_junit_failures,
            test_shared_boot, test_failed_logs,
            test_json_schema, test_json_matches_junit)])
    if not isinstance(run, Exception):
        shutil.rmtree(run.dir, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
