#!/usr/bin/python3
"""Host tests for scripts/lib/sklib/ktap.py, the KTAP parser scripts/ktest relies on.

Run: /usr/bin/python3 tests/host/test_ktap.py
It prints its own results as KTAP (one suite, "ktap_parser"), so scripts/ktest can fold
them into its totals with --extra ktap=FILE. Exit status 0 iff every case passed.

Each case feeds the parser a small serial log and checks what it makes of it: nested suites,
directives, plan mismatches, a stream cut short by a panic, and boot messages mixed in.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "scripts", "lib"))
from sklib import ktap, ktap_writer  # noqa: E402


def statuses(report):
    return {case.path: case.status for case in report.cases()}


def parsed_ok(text, want):
    """The report of text, checked to hold exactly the cases want ({path: status}) and be ok."""
    report = ktap.parse_text(text)
    equal(statuses(report), want, "cases")
    check(report.ok, "report ok")
    return report


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def equal(got, want, what):
    if got != want:
        raise AssertionError("%s: got %r, want %r" % (what, got, want))


EXAMPLE = """\
Special K 0.1 (x86_64) ...
boot: memory map: 127 MiB usable
KTAP version 1
1..3
    KTAP version 1
    # Subtest: lib
    1..2
    ok 1 memcpy
    not ok 2 snprintf
    # snprintf: expected "x" got "y"
not ok 1 lib
    KTAP version 1
    # Subtest: sections
    1..1
    ok 1 ordered # SKIP no percpu on this arch
ok 2 sections
Freeing unused kernel image (initmem) memory: 20K
    KTAP version 1
    # Subtest: later_suite
    1..1
    ok 1 after_free
ok 3 later_suite
"""


def test_nested_subtests():
    report = ktap.parse_text(EXAMPLE)
    equal(statuses(report), {"lib.memcpy": "passed", "lib.snprintf": "failed",
                             "sections.ordered": "skipped", "later_suite.after_free": "passed"},
          "cases")
    equal(report.counts(), (2, 1, 1), "counts")
    check(not report.truncated, "not truncated")
    equal(report.errors, [], "errors")
    equal([t.name for t in report.tests], ["lib", "sections", "later_suite"], "suite names")
    snprintf = report.tests[0].subtests[1]
    equal(snprintf.diagnostics, ['snprintf: expected "x" got "y"'], "diagnostics")


def test_three_levels():
    text = """KTAP version 1
1..1
    KTAP version 1
    # Subtest: outer
    1..2
        KTAP version 1
        # Subtest: inner
        1..2
        ok 1 a
        ok 2 b
    ok 1 inner
    ok 2 c
ok 1 outer
"""
    parsed_ok(text, {"outer.inner.a": "passed", "outer.inner.b": "passed", "outer.c": "passed"})


def test_skip_directive():
    text = """KTAP version 1
1..4
ok 1 plain
ok 2 skipped_ok # SKIP not on this cpu
not ok 3 skipped_not_ok # SKIP no smp
ok 4 lower # skip lower case
"""
    report = parsed_ok(text, {"plain": "passed", "skipped_ok": "skipped",
                              "skipped_not_ok": "skipped", "lower": "skipped"})
    equal(report.tests[1].reason, "not on this cpu", "skip reason")
    equal(report.tests[1].name, "skipped_ok", "name without directive")


def test_todo_directive():
    text = """KTAP version 1
1..2
not ok 1 known_bug # TODO the race in 2 cpus
ok 2 fixed_bug # TODO
"""
    parsed_ok(text, {"known_bug": "skipped", "fixed_bug": "passed"})


def test_skipped_suite():
    text = """KTAP version 1
1..1
    KTAP version 1
    # Subtest: smp
    1..0
ok 1 smp # SKIP only one cpu
"""
    parsed_ok(text, {"smp": "skipped"})


def test_plan_mismatch_in_suite():
    text = """KTAP version 1
1..1
    KTAP version 1
    # Subtest: lib
    1..3
    ok 1 a
    ok 2 b
ok 1 lib
"""
    report = ktap.parse_text(text)
    equal(report.counts(), (2, 1, 0), "counts")
    equal(len(report.errors), 1, "one error")
    check("plan 1..3 but 2 results" in report.errors[0][2], report.errors[0][2])
    check(not report.truncated, "mismatch is not truncation")
    check(not report.ok, "report not ok")


def test_plan_top_level():
    """Two results: one more than a plan of 1..1 is a failure, one fewer than 1..3 a cut."""
    more = ktap.parse_text("KTAP version 1\n1..1\nok 1 a\nok 2 b\n")
    equal(more.counts(), (2, 1, 0), "counts")
    check(not more.ok, "report not ok")
    fewer = ktap.parse_text("KTAP version 1\n1..3\nok 1 a\nok 2 b\n")
    check(fewer.truncated, "truncated")
    check("2 of 3" in fewer.truncated_reason, fewer.truncated_reason)


def test_truncated_inside_suite():
    text = """KTAP version 1
1..2
    KTAP version 1
    # Subtest: extable
    1..3
    ok 1 fixup_read
Kernel panic - not syncing: unhandled page fault at 0x0
  [<ffffffff80101234>] extable_test+0x14
"""
    report = ktap.parse_text(text)
    check(report.truncated, "truncated")
    check("extable" in report.truncated_reason, report.truncated_reason)
    equal(statuses(report), {"extable.fixup_read": "passed"}, "cases so far")
    check(not report.ok, "report not ok")


def test_truncated_before_first_result():
    report = ktap.parse_text("KTAP version 1\n1..2\n    KTAP version 1\n")
    check(report.truncated, "truncated")
    equal(report.counts(), (0, 0, 0), "counts")


def test_interleaved_log_lines():
    text = """early console on ttyS0
KTAP version 1
random boot line
1..2
    KTAP version 1
cpu1: online
    # Subtest: percpu
    1..2
  some indented driver message
    ok 1 read
# a stray comment line from the boot log
smp: 2 cpus up
    ok 2 write
ok 1 percpu
Freeing unused kernel memory: 16K
    KTAP version 1
    # Subtest: wchan
    1..1
    ok 1 sleep
ok 2 wchan
reboot: exiting qemu
"""
    report = parsed_ok(text, {"percpu.read": "passed", "percpu.write": "passed",
                              "wchan.sleep": "passed"})
    check(report.other_lines >= 6, "other lines counted: %d" % report.other_lines)


def test_no_ktap():
    report = ktap.parse_text("Special K 0.1\nKernel panic - not syncing: oops\n")
    check(not report.found, "nothing found")
    equal(report.counts(), (0, 0, 0), "counts")
    check(not report.ok, "no output is not ok")


def test_suite_fails_without_failing_case():
    text = """KTAP version 1
1..1
    KTAP version 1
    # Subtest: leak
    1..1
    ok 1 alloc
    # leak: 1 page not freed
not ok 1 leak
"""
    report = ktap.parse_text(text)
    equal(report.counts(), (1, 1, 0), "counts")
    equal(statuses(report)["leak"], "failed", "suite counted once")


def test_failing_suite_not_counted_twice():
    report = ktap.parse_text(EXAMPLE)
    equal(sum(1 for c in report.cases() if c.status == "failed"), 1, "one failure")


def test_carriage_returns_and_timestamps():
    text = ("[    0.000000] KTAP version 1\r\n[    0.000001] 1..1\r\n"
            "[    0.000002]     KTAP version 1\r\n[    0.000003]     # Subtest: s\r\n"
            "[    0.000004]     1..1\r\n[    0.000005]     ok 1 t\r\n[    0.000006] ok 1 s\r\n")
    parsed_ok(text, {"s.t": "passed"})


def test_subtest_without_result_line():
    text = """KTAP version 1
1..2
    KTAP version 1
    # Subtest: outer
    1..1
        KTAP version 1
        # Subtest: inner
        1..1
        ok 1 a
ok 1 outer
ok 2 b
"""
    report = ktap.parse_text(text)
    check(any("without a result line" in e[2] for e in report.errors), repr(report.errors))
    check(not report.ok, "report not ok")


def test_number_out_of_sequence_is_a_warning():
    report = ktap.parse_text("KTAP version 1\n1..2\nok 1 a\nok 3 b\n")
    equal(report.counts(), (2, 0, 0), "counts")
    equal(len(report.warnings), 1, "one warning")
    check(report.ok, "report ok")


def test_two_top_level_documents():
    text = """KTAP version 1
1..1
ok 1 early
init memory freed
KTAP version 1
1..1
ok 1 late
"""
    report = parsed_ok(text, {"early": "passed", "late": "passed"})
    equal(report.documents, 2, "documents")


def test_bail_out():
    report = ktap.parse_text("KTAP version 1\n1..2\nok 1 a\nBail out! no memory\nok 2 b\n")
    check(report.truncated, "bail out stops the stream")
    check(report.bailed_out == "no memory", repr(report.bailed_out))
    check(not report.ok, "report not ok")


def test_version_line_alone_is_cut_short():
    # The kernel died right after "KTAP version 1" (found by tests/host/test_ktap_props.py).
    report = ktap.parse_text("boot: ...\nKTAP version 1\n")
    check(report.truncated and not report.ok, "a version line alone reads as clean")


def test_tap13_and_dash():
    report = ktap.parse_text("TAP version 13\n1..1\nok 1 - with dash\n")
    equal(statuses(report), {"with dash": "passed"}, "cases")


def test_error_and_timeout_directives_fail():
    report = ktap.parse_text("KTAP version 1\n1..2\nok 1 a # TIMEOUT\nnot ok 2 b # ERROR x\n")
    equal(report.counts(), (0, 2, 0), "counts")


def main():
    tests = [(name[len("test_"):], fn) for name, fn in globals().items()
             if name.startswith("test_") and callable(fn)]
    return ktap_writer.run_functions("ktap_parser", tests)


if __name__ == "__main__":
    sys.exit(main())
