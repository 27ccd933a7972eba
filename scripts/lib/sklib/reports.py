"""scripts/ktest's results in the two forms CI systems read: JUnit XML and JSON.

JUnit XML is what GitHub's test-report actions, GitLab's artifacts:reports:junit and Jenkins
show as a table of tests: one <testsuite> per boot configuration (and per KTAP file folded in
with --extra), one <testcase> per counted case, its classname "configuration.suite". A failed
case carries a <failure> whose text is the serial-log lines that belong to it (the KTAP lines
between the previous result and its own, where the kernel's messages about it sit); a skipped
case a <skipped> with its reason. The JSON is the same cases as flat records (configuration,
suite, case, status, duration in seconds or null where nothing was timed) for scripts;
reports.schema.json beside this file is its JSON Schema. failed/ holds a copy of the serial
log of each configuration that failed, which is what CI keeps as an artifact.

A case's duration is the time between the serial line of the previous KTAP result and its own,
as the lines reached the host (qemu.run's stamps): what a reader of the CI table wants to know
is which case made a boot slow, and the kernel prints no time of its own.
"""

import json
import os
import re
import shutil
import xml.etree.ElementTree as ET

from sklib import ktap

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reports.schema.json")
MAX_LOG_LINES = 60
_KTAP_START = re.compile(r"^\s*(?:KTAP|TAP) version \d+\s*$")

# XML 1.0 has no way to write most control characters (a serial log can hold a terminal's
# escape sequences): they become U+FFFD.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text):
    return _NOT_XML.sub("\ufffd", text)


def line_times(text, stamps):
    """For each line of text.splitlines() (the numbering ktap's lineno uses), the time its
    end reached the host; stamps[i] is when the (i+1)th chunk up to a "\\n" arrived."""
    if not stamps:
        return []
    times, newlines = [], 0
    for line in text.splitlines(keepends=True):
        newlines += line.count("\n")
        index = newlines - 1 if line.endswith("\n") else newlines
        times.append(stamps[min(max(index, 0), len(stamps) - 1)])
    return times


def ktap_case_details(report, lines, times):
    """{case path: (duration or None, serial lines that belong to it)} for each KTAP leaf:
    the lines after the previous result line, up to and including its own."""
    results = []

    def walk(test):
        if test.lineno is not None:
            results.append(test.lineno)
        for sub in test.subtests:
            walk(sub)
    walk(report.root)
    results.sort()
    # The first case is timed from the first KTAP line, not from QEMU's start.
    first_ktap = next((n for n, l in enumerate(lines, 1) if _KTAP_START.match(l)), 0)
    out = {}
    for case in report.cases():
        test = case.test
        if test is None or test.lineno is None:
            continue
        before = [n for n in results if n < test.lineno]
        first = before[-1] if before else first_ktap - 1  # lines[first:lineno] are its own
        own = lines[first:test.lineno][-MAX_LOG_LINES:]
        duration = None
        if times and test.lineno <= len(times):
            start = times[first - 1] if first > 0 else 0.0
            duration = max(times[test.lineno - 1] - start, 0.0)
        out[case.path] = (duration, own)
    return out


def split_name(name, ktap_names, runner_suite):
    """(suite, case) of a counted case: a KTAP path's first element is its suite; ktest's own
    checks (boot, expect, reject) and an extra file's top-level cases get runner_suite."""
    if name in ktap_names and "." in name:
        return tuple(name.split(".", 1))
    return runner_suite, name


def records(outcomes):
    """One dict per case of every outcome, in the order printed."""
    out = []
    for o in outcomes:
        for name, status, note in o.cases:
            suite, case = split_name(name, o.ktap_names, o.runner_suite)
            out.append({"configuration": o.name, "suite": suite, "case": case,
                        "status": status, "duration": o.durations.get(name),
                        "message": note})
    return out


def write_json(path, outcomes, totals):
    doc = {"totals": dict(zip(("passed", "failed", "skipped"), totals)),
           "results": records(outcomes)}
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def write_junit(path, outcomes, totals):
    root = ET.Element("testsuites", name="Special K ktest", tests=str(sum(totals)),
                      failures=str(totals[1]), errors="0", skipped=str(totals[2]))
    wall = 0.0
    for o in outcomes:
        passed, failed, skipped = o.counts()
        suite = ET.SubElement(root, "testsuite", name=o.name, tests=str(len(o.cases)),
                              failures=str(failed), errors="0", skipped=str(skipped))
        if o.elapsed is not None:
            suite.set("time", "%.3f" % o.elapsed)
            wall += o.elapsed
        if o.log_path:
            props = ET.SubElement(suite, "properties")
            ET.SubElement(props, "property", name="serial_log", value=o.log_path)
        for name, status, note in o.cases:
            suite_name, case_name = split_name(name, o.ktap_names, o.runner_suite)
            case = ET.SubElement(suite, "testcase", name=xml_text(case_name),
                                 classname=xml_text("%s.%s" % (o.name, suite_name)))
            duration = o.durations.get(name)
            if duration is not None:
                case.set("time", "%.3f" % duration)
            if status == ktap.FAILED:
                fail = ET.SubElement(case, "failure", message=xml_text(note or "failed"),
                                     type="failed")
                fail.text = xml_text("\n".join(o.logs.get(name, [])))
            elif status == ktap.SKIPPED:
                ET.SubElement(case, "skipped", message=xml_text(note or "skipped"))
    root.set("time", "%.3f" % wall)
    ET.indent(root)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def copy_failed_logs(directory, outcomes):
    """directory/failed/ gets a copy of the serial log of each configuration that failed
    (and nothing else), so that CI uploads those and not every log."""
    failed = os.path.join(directory, "failed")
    shutil.rmtree(failed, ignore_errors=True)
    os.makedirs(failed)
    for o in outcomes:
        if not o.passed and o.log_path and os.path.isfile(o.log_path):
            shutil.copy(o.log_path, os.path.join(failed, o.name + ".log"))
    return failed


def write(directory, outcomes, totals):
    """Writes directory/junit.xml, directory/results.json and directory/failed/; returns
    their paths."""
    paths = (os.path.join(directory, "junit.xml"), os.path.join(directory, "results.json"),
             copy_failed_logs(directory, outcomes))
    write_junit(paths[0], outcomes, totals)
    write_json(paths[1], outcomes, totals)
    return paths
