#!/usr/bin/python3
"""Host tests for scripts/lib/sklib/slowest.py: the five slowest boots that scripts/ktest
prints at the end of a run, and where their time went.

Run: /usr/bin/python3 tests/host/test_slowest.py
It prints KTAP (one suite, "slowest") for scripts/ktest --extra; exit status 0 iff every case
passed.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import ktap_writer, slowest  # noqa: E402

SERIAL = ["SeaBIOS", "Special K version 0", "KTAP version 1", "1..1", "    KTAP version 1",
          "    # Subtest: threads", "    1..1", "    ok 1 mutex", "ok 1 threads", "exiting"]
TIMES = [0.5, 0.6, 1.0, 1.0, 1.0, 1.0, 1.0, 3.0, 3.0, 3.1]


class Boot:
    def __init__(self, name, elapsed, durations=None, lines=SERIAL, times=TIMES):
        self.name, self.elapsed = name, elapsed
        self.durations = durations or {}
        self.phases = slowest.phases(lines, times, elapsed) if elapsed is not None else []


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def test_phases_split_the_wall_time():
    got = dict(slowest.phases(SERIAL, TIMES, 3.5))
    check(got == {"QEMU start to first line": 0.5, "boot to KTAP": 0.5, "self-tests": 2.0,
                  "after the tests to exit": 0.5}, got)
    check(slowest.phases([], [], 60.0) == [("no serial output", 60.0)], "a silent hang")
    got = dict(slowest.phases(SERIAL[:2], TIMES[:2], 2.0))
    check(got == {"QEMU start to first line": 0.5, "first line to exit": 1.5}, got)


def test_summary_names_the_five_slowest_and_their_suites():
    boots = [Boot("b%d" % n, float(n), {"threads.mutex": n - 1.0, "cpus.a": 0.2, "cpus.b": 0.3,
                                        "boot": float(n)}) for n in range(1, 8)]
    boots.append(Boot("host", None))       # an --extra file: no boot, no time
    lines = slowest.summary(boots)
    check(len(lines) == 1 + slowest.SHOWN, lines)
    check([l.split()[0] for l in lines[1:]] == ["b7", "b6", "b5", "b4", "b3"], lines)
    check("self-tests 2.0" in lines[1] and "threads 6.0, cpus 0.5" in lines[1], lines[1])
    check(slowest.summary([Boot("host", None)]) == [], "a summary without boots")


def main():
    tests = [(name[len("test_"):], fn) for name, fn in globals().items()
             if name.startswith("test_") and callable(fn)]
    return ktap_writer.run_functions("slowest", tests)


if __name__ == "__main__":
    sys.exit(main())
