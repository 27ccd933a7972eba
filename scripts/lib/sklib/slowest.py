"""The slowest boots of a scripts/ktest run, and where their time went.

make check's time is mostly boots; when it grows, the first question is which boots and
what in them. From the time each serial line reached the host (qemu.run's stamps), a boot's
wall time splits into phases: QEMU's start up to the first serial line, the kernel's boot up
to the first KTAP line, the self-tests up to the last KTAP result, and the rest to QEMU's
exit (the end of boot, the monitor, a crash's dump). Within the self-tests, the suites that
took longest are named (KTAP case paths are "suite.case").
"""

import re

KTAP_START = re.compile(r"^\s*KTAP version \d+")
KTAP_RESULT = re.compile(r"^\s*(not )?ok \d+")
SHOWN = 5           # boots
TOP_SUITES = 3      # suites named per boot


def phases(lines, times, elapsed):
    """[(phase, seconds)] of one boot; [] without line times (a boot that printed nothing
    still took its time: all of it is QEMU's start, or a hang)."""
    if not times or not lines:
        return [("no serial output", elapsed)] if elapsed else []
    first = times[0]
    ktap = [t for line, t in zip(lines, times) if KTAP_START.match(line)]
    results = [t for line, t in zip(lines, times) if KTAP_RESULT.match(line)]
    out = [("QEMU start to first line", first)]
    if ktap and results:
        out += [("boot to KTAP", ktap[0] - first), ("self-tests", results[-1] - ktap[0]),
                ("after the tests to exit", max(elapsed - results[-1], 0.0))]
    else:
        out.append(("first line to exit", max(elapsed - first, 0.0)))
    return out


def suite_times(durations):
    """{suite: seconds} from KTAP case durations ({"suite.case": seconds or None})."""
    suites = {}
    for path, seconds in durations.items():
        if seconds is not None and "." in path:
            suite = path.split(".")[0]
            suites[suite] = suites.get(suite, 0.0) + seconds
    return suites


def summary(outcomes):
    """Lines: the SHOWN slowest boots (outcomes with an elapsed time and phases; a line that
    shared another's boot is that boot)."""
    boots = sorted((o for o in outcomes
                    if o.elapsed is not None and getattr(o, "shared_with", None) is None),
                   key=lambda o: -o.elapsed)[:SHOWN]
    if not boots:
        return []
    out = ["slowest boots (wall s: where the time went):"]
    width = max(len(o.name) for o in boots)
    for o in boots:
        parts = ", ".join("%s %.1f" % (what, s) for what, s in o.phases)
        suites = sorted(suite_times(o.durations).items(), key=lambda kv: -kv[1])[:TOP_SUITES]
        line = "  %-*s %5.1f s: %s" % (width, o.name, o.elapsed, parts)
        if suites:
            line += "; slowest suites: " + ", ".join("%s %.1f" % kv for kv in suites)
        out.append(line)
    return out
