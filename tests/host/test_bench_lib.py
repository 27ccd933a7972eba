#!/usr/bin/python3
"""Host tests for scripts/lib/sklib/bench, what scripts/bench is made of.

Run: /usr/bin/python3 tests/host/test_bench_lib.py
It prints KTAP (one suite, "bench-lib") for scripts/ktest --extra. Exit status 0 iff every
case passed. A boot's figures are checked on made-up serial lines; the floor kernels, the
lock and the snapshot of the kernels on real files and real QEMU boots.
"""

import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import exits, ktap_writer, qemu  # noqa: E402
from sklib.bench import boots as bench_boots  # noqa: E402
from sklib.bench import bounds as bench_bounds  # noqa: E402
from sklib.bench import floor as bench_floor  # noqa: E402
from sklib.bench import plots as bench_plots  # noqa: E402
from sklib.bench.steps import BOOT_STEPS, STEP  # noqa: E402

PRINTED_STEPS = [n for n in BOOT_STEPS if n != STEP["report"]]

WORK = tempfile.mkdtemp(prefix="bench-lib-test.")


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def equal(got, want, what):
    check(got == want, "%s: got %r, want %r" % (what, got, want))


def bench_boot(lines, append="bench"):
    boot = bench_boots.Boot("t", "arm", "max", append=append)
    boot.exit = exits.PASS
    boot.lines = lines
    boot.bench = [bench_boots.parse_bench_line(l) for l in lines if l.startswith("bench: ")]
    return boot


USER_LINES = ["bench: user %s reps=8 per_op=100 min=99 max=101 total=800" % op
              for op in bench_boots.USER_OPS] + ["bench: exec /init insns=132338"]
SUITE_LINES = ["bench: suite lib insns=81025", "bench: suite user_proc insns=5840512"]


def bench_lines(steps):
    return (["bench: step %d name=s%d insns=%d delta=1" % (n, n, 10 * n) for n in steps] +
            ["bench: percpu this_cpu_inc min=9 max=9", "bench: sched running=1",
             "bench: sched wake_up_process count=16 min=84 max=84 total=1344"] + USER_LINES +
            SUITE_LINES +
            ["bench: end"])


def test_bench_every_step_or_a_failure():
    equal(bench_boot(bench_lines(PRINTED_STEPS)).problems(), [], "a complete boot")
    gone = PRINTED_STEPS[len(PRINTED_STEPS) // 2]
    problems = bench_boot(bench_lines(n for n in PRINTED_STEPS if n != gone)).problems()
    check(len(problems) == 1 and "boot step %d " % gone in problems[0], problems)
    for extra in (max(BOOT_STEPS) + 1, STEP["report"]):
        problems = bench_boot(bench_lines(PRINTED_STEPS + [extra])).problems()
        check(len(problems) == 1 and "step %d' is no step" % extra in problems[0], problems)
    problems = bench_boot(bench_lines(PRINTED_STEPS + [1])).problems()
    check(len(problems) == 1 and "printed 2 times" in problems[0], problems)


def test_bench_all_cases_need_their_figures():
    lines = [l for l in bench_lines(PRINTED_STEPS) if "running=1" not in l]
    problems = bench_boot(lines).problems()
    check(len(problems) == 1 and "sched running=1" in problems[0], problems)
    # The self-test suites' costs (kernel/ktest.c), each suite once.
    for lines in ([l for l in bench_lines(PRINTED_STEPS) if l not in SUITE_LINES],
                  bench_lines(PRINTED_STEPS) + SUITE_LINES[:1]):
        problems = bench_boot(lines).problems()
        check(len(problems) == 1 and "'bench: suite' lines" in problems[0], problems)
    # Each user-space figure, and /init's start, is wanted (tests/user/bench.c, kernel/umh.c).
    for gone in USER_LINES:
        problems = bench_boot([l for l in bench_lines(PRINTED_STEPS) if l != gone]).problems()
        word = gone.split()[2]
        check(len(problems) == 1 and f"'bench: {gone.split()[1]} {word}" in problems[0],
              (gone, problems))
    # bench=none runs no case: only the steps are wanted.
    lines = [l for l in bench_lines(PRINTED_STEPS)
             if "percpu" not in l and "sched" not in l and l not in USER_LINES]
    equal(bench_boot(lines, append="ktest.filter=none bench=none").problems(), [], "bench=none")
    check(bench_boot(lines).problems(), "plain bench without its figures passed")


def test_bench_figure_with_error_fails():
    """A case that found its figure wrong says error=WHY on its line (bench_alternatives'
    results-differ): scripts/bench fails on it, as on 'bench: error'."""
    line = "bench: alt_div udiv32 divisions=1024 generic=9 site=8 error=results-differ"
    problems = bench_boot(bench_lines(PRINTED_STEPS) + [line]).problems()
    check(len(problems) == 1 and "alt_div udiv32" in problems[0] and
          "error=results-differ" in problems[0], problems)


def test_bench_no_self_test_is_no_failure():
    """The boots with ktest.filter=none end with QEMU_EXIT_TESTS_FAILED, as the kernel says
    "no self-test ran": no warning for those (30 boots of make bench were reported as "a
    self-test failed"), but one for a failed case, a filter that matched nothing unasked, or
    init's status."""
    from sklib.bench import report as bench_report
    none = "ktest: no self-test ran (ktest.filter=none)"
    for append, lines, failure in (
            ("ktest.filter=none bench=none", [none], None),
            ("ktest.filter=none bench=none", [none, "init exited with status 3"],
             "init exited with status 3"),
            ("bench", ["ktest: 2 test case(s) failed"], "2 self-test cases failed"),
            ("ktest.filter=nosuch bench", ["ktest: no self-test ran (ktest.filter=nosuch)"],
             "no self-test ran")):
        boot = bench_boot(bench_lines(PRINTED_STEPS) + lines, append=append)
        boot.exit = exits.TESTS_FAILED
        got = boot.failure()
        check(got is None if failure is None else failure in got,
              "%s with %s: %r" % (append, lines, got))
        boot.wall = None
        row = bench_report.md_boots("arm", {"boots": [boot.describe()], "counter": None,
                                            "counter_name": "x"})
        check(("no self-test, as asked" in "".join(row)) == (failure is None), row)


def test_bench_bounds_fail_when_broken():
    """A boot whose secondary-CPU step, or whose boot without self-tests (less the unpacking
    of the initramfs), ends past its bound (bounds.py) breaks it; 8 CPUs costing more than
    PER_ADDED_CPU each break the bring-up bound; under all, none."""
    def boot(name, smp, smp_end, smp_delta, end=None):
        """With the steps to the end of the self-tests, end of them after the unpacking."""
        end = smp_end if end is None else end
        b = bench_boot(["bench: step %d name=s insns=%d delta=%d" % (
            STEP["smp"], smp_end, smp_delta),
            "bench: initcall populate_rootfs level=rootfs insns=5000000",
            "bench: step %d name=s insns=%d delta=1" % (STEP["selftests"], end + 5000000)],
            append="ktest.filter=none bench=none")
        b.name, b.smp = name, smp
        return b
    one, eight = bench_bounds.BOOT_TO_SMP, bench_bounds.SMP8_TO_SMP
    added = bench_bounds.PER_ADDED_CPU
    fast = {"arm-max": boot("arm-max", 1, one, 1000),
            "arm-quick-smp8": boot("arm-quick-smp8", 8, eight, 7 * added)}
    equal(bench_bounds.broken(bench_bounds.check(fast, True)), [], "bounds kept")
    slow = {"arm-max": boot("arm-max", 1, one + 1, 1000, 1000),
            "arm-quick-smp8": boot("arm-quick-smp8", 8, eight, 7 * added + 7, 1000)}
    broken = [label for _, label, _, _, _ in bench_bounds.broken(bench_bounds.check(slow, True))]
    equal(len(broken), 2, "broken bounds: %s" % broken)
    check("arm-max" in broken[0] and "per added CPU" in broken[1], broken)
    # To the end of the self-test step, the unpacking of the initramfs left out.
    for smp, bound in ((1, bench_bounds.BOOT_NO_TESTS), (8, bench_bounds.SMP8_NO_TESTS)):
        for end, want in ((bound, 0), (bound + 1, 1)):
            rows = bench_bounds.broken(bench_bounds.check(
                {"arm-quick": boot("arm-quick", smp, 1000, 1000, end)}, True))
            check(len(rows) == want and all("without self-tests" in r[1] for r in rows),
                  (smp, end, rows))


def test_bench_quick_bounds_the_self_tests():
    """make check's scripts/bench --quick boots with the self-tests and fails past their
    bounds: the arch's ceiling, then the goal too (the goal row and the ceiling row)."""
    def boot(init_tests, tests):
        deltas = {STEP["init_selftests"]: init_tests, STEP["selftests"]: tests}
        b = bench_boot(["bench: step %d name=s insns=1 delta=%d" % (n, deltas.get(n, 1))
                        for n in PRINTED_STEPS] + USER_LINES)
        b.name = "arm-max"
        return b
    check(all("filter=none" not in b.append for b in bench_boots.plan(True)[0]
              if b.name.endswith("-max")), "--quick boots -cpu max without its self-tests")
    ceiling = bench_bounds.SELFTESTS["arm"]["max"]
    goal = bench_bounds.SELFTESTS_GOAL
    cases = [(ceiling, []), (ceiling + 1, ["self-tests"] * (1 + (ceiling >= goal)))]
    if ceiling < goal:
        cases.append((goal + 1, ["self-tests"] * 2))
    for total, broken in cases:
        rows = bench_bounds.broken(bench_bounds.check(
            {"arm-max": boot(20000000, total - 20000000)}, True))
        equal([r[1].split(" ")[0] for r in rows], broken, "%d of self-tests" % total)


def test_bench_quick_bounds_fork_exec():
    """The fork + execve round of /bin/bench has its bound enforced, on -cpu max; a boot that
    printed no such figure breaks it too."""
    ceiling = bench_bounds.FORK_EXEC["arm"]
    for per_op, broken in ((ceiling, []), (ceiling + 1, ["fork"]), (None, ["fork"])):
        lines = [l for l in USER_LINES if " fork_exec " not in l]
        if per_op is not None:
            lines.append("bench: user fork_exec reps=8 per_op=%d min=1 max=1 total=1" % per_op)
        b = bench_boot(["bench: step %d name=s insns=1 delta=1" % n for n in PRINTED_STEPS] +
                       lines)
        b.name = "arm-max"
        rows = bench_bounds.check({"arm-max": b}, True)
        equal([r[1].split(" ")[0] for r in bench_bounds.broken(rows)], broken,
              "fork_exec %s" % per_op)
        bound = [r for r in rows if r[1].startswith("fork")]
        check(len(bound) == 1 and bound[0][3] == 120_000 and bound[0][4], bound)


def test_bench_bounds_say_which_side():
    """The summary puts ≤ between a figure and a bound it keeps, > between one and a bound it
    breaks (it printed "0.62 ≤ 0.30 over")."""
    rows = [("x86_64", "wall", 0.62, 0.30, False), ("arm", "kept", 5, 10, True),
            ("arm", "broken", 11, 10, True), ("arm", "no figure", None, 10, True)]
    screen = bench_bounds.screen(rows)
    for pattern in (r"0\.62 > +0\.30 +over \(not enforced\)$", r" 5 ≤ +10 +ok$",
                    r" 11 > +10 +BROKEN$", r"— \? +10 +BROKEN$"):
        check(re.search(pattern, screen, re.M), "%r not in %r" % (pattern, screen))
    md = bench_bounds.markdown(rows)
    check("| 0.62 | > | 0.30 | over (not enforced) |" in md and "| 5 | ≤ | 10 | ok |" in md, md)


def read_png(path):
    """(width, height, rows of RGBA bytes) of an 8-bit RGBA PNG, rsvg-convert's output."""
    with open(path, "rb") as f:
        data = f.read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "%s is no PNG" % path)
    pos, idat = 8, b""
    while pos < len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + size]
        pos += 12 + size
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            check(depth == 8 and colour == 6, "not 8-bit RGBA: %d %d" % (depth, colour))
        elif kind == b"IDAT":
            idat += body
    raw, stride, rows, prev = zlib.decompress(idat), width * 4, [], bytearray(width * 4)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a, b = line[i - 4] if i >= 4 else 0, prev[i]
            c = prev[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, rows


def test_bench_plots_hold_their_labels():
    """Every label of the boot-steps bars (the longest step names, eight-digit counts) and of
    a line chart's legend lies inside the picture: each chart is drawn by rsvg-convert
    (librsvg2-bin, scripts/install-deps check) on a canvas 100 px larger on every side, where
    nothing may be inked outside the chart's own area (the bars' fixed 250 px margin cut
    the names of steps 3 and 18)."""
    check(shutil.which("rsvg-convert"), "rsvg-convert not found: scripts/install-deps check")
    bars = [("%d. %s" % (n, what), 10 ** (n % 8) * 4 + 1) for n, what in BOOT_STEPS.items()]
    charts = {"bars": lambda path: bench_plots.bar_chart(path, "steps", bars),
              "lines": lambda path: bench_plots.line_chart(
                  path, "lookups", "entries", "instructions", [
                      ("x86_64 binary search", [(1, 10), (1024, 100)], False),
                      ("arm linear scan (a long legend label)", [(1, 20), (1024, 9000)], True)],
                  xlog2=True, ylog=True)}
    pad, zoom = 100, 0.5
    for name, draw in charts.items():
        svg = os.path.join(WORK, name + ".svg")
        check(draw(svg), "%s: nothing drawn" % name)
        with open(svg) as f:
            text = f.read()
        found = re.search(r'<svg [^>]*width="(\d+)" height="(\d+)"', text)
        width, height = int(found.group(1)), int(found.group(2))
        wide = os.path.join(WORK, name + "-wide.svg")
        with open(wide, "w") as f:
            f.write(text.replace(found.group(0), '%s viewBox="%d %d %d %d"' % (
                found.group(0).replace('width="%d" height="%d"' % (width, height),
                                       'width="%d" height="%d"' % (width + 2 * pad,
                                                                   height + 2 * pad)),
                -pad, -pad, width + 2 * pad, height + 2 * pad), 1))
        png = wide[:-4] + ".png"
        subprocess.run(["rsvg-convert", "--zoom", str(zoom), wide, "-o", png], check=True)
        w, h, rows = read_png(png)
        edge = int(pad * zoom) - 1
        outside = [(x, y) for y in range(h) for x in range(w)
                   if rows[y][4 * x + 3] and not (edge < x < w - edge and edge < y < h - edge)]
        check(not outside, "%s: ink outside the %dx%d chart at %d points, first at %s (of the "
              "wide canvas, scale %g)" % (name, width, height, len(outside), outside[:1], zoom))


def test_bench_floor_boots_exit_at_once():
    """Each floor image exits QEMU with PASS, booted as the timed boots but for the kernel."""
    walls = bench_boots.plan(False, images := bench_floor.write_floor_kernels(WORK))[1]
    for arch in qemu.ARCHES:
        floor = [b for b in walls if b.arch == arch and b.kind == "floor"]
        timed = [b for b in walls if b.arch == arch and b.kind == "wall"]
        equal(len(floor), len(timed), arch + ": as many floor boots as timed ones")
        floor[0].prepare(None, WORK)
        timed[0].prepare("KERNEL", WORK)
        equal(floor[0].command.replace(images[arch], "KERNEL").replace("floor1", "wall1"),
              timed[0].command, arch + ": the same QEMU command but the kernel")
        floor[0].run()
        equal(floor[0].exit, exits.PASS, arch + " floor image's exit status")
        check(floor[0].cpu_seconds and floor[0].cpu_seconds > 0,
              f"{arch}: QEMU's CPU time {floor[0].cpu_seconds}")
        equal(floor[0].cpu, bench_boots.DEFAULT_CPU[arch], arch + ": the CPU model, after a run")
    for b in walls:
        b.wall, b.cpu_seconds = 0.5, 0.25
    rows = bench_bounds.check({b.name: b for b in walls}, False)
    check([r for r in rows if r[1].startswith("floor")], "no floor row in the summary")
    equal(sorted({r[2] for r in rows if r[1].startswith("QEMU's CPU time")}), [0.25],
          "the CPU-time rows")


def test_bench_lock_keeps_a_second_run_out():
    out = os.path.join(WORK, "bench-out")
    os.makedirs(out, exist_ok=True)
    held = bench_boots.lock(out)
    try:
        bench_boots.lock(out)
    except SystemExit as e:
        check("another scripts/bench" in str(e) and out in str(e), str(e))
    else:
        raise AssertionError("two runs held one output directory")
    held.close()
    bench_boots.lock(out).close()


def test_bench_boots_a_snapshot_of_the_kernels():
    build, out = os.path.join(WORK, "build"), os.path.join(WORK, "bench-snap")
    for arch in qemu.ARCHES:
        os.makedirs(os.path.join(build, arch), exist_ok=True)
        for name in ("kernel.elf", "Image", "initramfs.cpio"):
            with open(os.path.join(build, arch, name), "w") as f:
                f.write(f"{name} of {arch}")
    kernels = bench_boots.snapshot_kernels(build, out)
    # A rebuild during the run changes the build's kernel, not the run's copy.
    for name in ("kernel.elf", "Image", "initramfs.cpio"):
        with open(os.path.join(build, "arm", name), "w") as f:
            f.write("rebuilt")
    arm = kernels["arm"]
    equal(qemu.read_text(arm.elf), "kernel.elf of arm", "the copy")
    equal(arm.sha, hashlib.sha256(b"kernel.elf of arm").hexdigest(), "sha256")
    equal(kernels["x86_64"].image, kernels["x86_64"].elf, "x86_64 boots kernel.elf")
    boot = bench_boots.Boot("arm-max", "arm", "max", append="bench")
    boot.prepare(arm.image, out, arm.initrd)
    words = boot.command.split()
    # ARM boots the raw Image: QEMU gives the initramfs (user space) only to that kind.
    check(words[words.index("-kernel") + 1] == arm.image, boot.command)
    equal(qemu.read_text(arm.image), "Image of arm", "the Image's copy")
    check(words[words.index("-initrd") + 1] == arm.initrd, boot.command)
    equal(qemu.read_text(arm.initrd), "initramfs.cpio of arm", "the initramfs' copy")
    # The guest's memory must not hold QEMU's random device-tree seeds.
    check("-icount shift=0,align=off,sleep=off" in boot.command and
          "dtb-randomness=off" in boot.command, boot.command)
    os.unlink(os.path.join(build, "x86_64", "kernel.elf"))
    try:
        bench_boots.snapshot_kernels(build, out)
    except SystemExit as e:
        check("make ARCH=x86_64" in str(e), str(e))
    else:
        raise AssertionError("a missing kernel was not refused")


def main():
    tests = [(name[len("test_"):], fn) for name, fn in globals().items()
             if name.startswith("test_") and callable(fn)]
    try:
        return ktap_writer.run_functions("bench-lib", tests)
    finally:
        subprocess.run(["rm", "-rf", WORK])


if __name__ == "__main__":
    sys.exit(main())
