"""The bounds the figures must keep ("boot and test at the speed of the emulator"):
each checked figure next to its bound, printed as one screen by scripts/bench, which fails
when an enforced bound is broken.

Instruction counts are exact (-icount), so their bounds are enforced. Where the kernel does
not meet a goal yet, the goal is shown (not enforced) and a ceiling is enforced beside it:
today's figure and a margin, lowered as the figure falls, so that it cannot grow unnoticed.
Wall times depend on the host's load: a boot's wall time is shown as a ratio to the floor
measured in the same run (sklib/bench/floor.py: QEMU with a kernel that exits at its first
instruction, which is what the host's speed and load cost everything), next to its bound but
not enforced, and next to QEMU's CPU time (user + system seconds), which a loaded host
stretches much less.
"""

import os
import re

from sklib import layers, matrix
from sklib.bench.figures import boot_steps, step_insns, user_figures
from sklib.bench.steps import STEP
from sklib.qemu import ROOT

BOOT_TO_SMP = 400_000          # to the end of the secondary-CPU step, -smp 1, every CPU model
SMP8_TO_SMP = 600_000          # the same with 8 CPUs
# To the end of the last self-test step in a boot that runs none (ktest.filter=none), less
# unpacking the initramfs (its initcall, populate_rootfs, which grows with what it holds):
BOOT_NO_TESTS = 400_000        # -smp 1, every CPU model
SMP8_NO_TESTS = 600_000        # the same with 8 CPUs
PER_ADDED_CPU = 100_000        # the secondary-CPU step, per CPU added
# Every self-test of one boot (both self-test steps): the goal, on -cpu max and on the arch's
# default model, and a ceiling per arch that catches smaller regressions: today's figure plus
# about 1.5 M (a slice's phase moves a suite that waits for a preemption, the tick's one that
# waits for a jiffy), so that 1 ms slices again (3 M or more) break it. Today: x86_64 25.7 M
# (max) and 27.0 M (qemu64); ARM 29.0 M (max) and 29.5 M (cortex-a15), under the goal itself.
SELFTESTS_GOAL = 30_000_000
SELFTESTS = {"x86_64": {"max": 27_000_000, "default": 28_500_000},
             "arm": {"max": 30_000_000, "default": 30_000_000}}
# fork() + execve() of a static program + exit + wait4(), per round on -cpu max
# (tests/user/bench.c), enforced:
FORK_EXEC = {"x86_64": 60_000, "arm": 120_000}
# A full self-test boot's wall time (QEMU start to exit, median) over the floor's, same run.
WALL_RATIO = {"x86_64": 2.0, "arm": 3.0}
# The mini kernel's source (sklib/layers.py): the goal is layers.MINI_BOUND lines, which the
# core does not meet today (docs/core.md says where its lines go, and why they stay); shown, not
# enforced. MINI_CEILING is enforced: the core may not grow past it unnoticed (the larger arch's
# count when it was set, 12,790 lines on ARM and 12,578 on x86_64, plus 110).
MINI_CEILING = 12_900


def matrix_cpus(arch):
    """The CPU models tests/matrix boots to the end on arch (its default model included; not
    the ones the kernel must refuse, exit=panic)."""
    from sklib.bench.boots import DEFAULT_CPU
    lines = matrix.read_matrix(os.path.join(ROOT, "tests", "matrix"))
    return sorted({line.cpu or DEFAULT_CPU[arch] for line in lines
                   if line.arch == arch and line.exit == "pass"})


def model_boot_name(arch, cpu):
    return f"{arch}-model-" + re.sub(r"[^A-Za-z0-9_.+-]", "_", cpu)


def _step(boot, name):
    return step_insns(boot_steps(boot), STEP[name])


def _boot_no_tests(boot):
    """The instructions to the end of the self-test step, less populate_rootfs()'s."""
    end = _step(boot, "selftests")
    unpack = sum(kv.get("insns", 0) for _, pos, kv in boot.groups("initcall")
                 if pos and pos[0] == "populate_rootfs")
    return None if end is None else end - unpack


def _delta(boot, name):
    return next((s["delta"] for s in boot_steps(boot) if s["step"] == STEP[name]), None)


def source_rows(build):
    """The mini kernel's lines of source per arch, against the goal and the ceiling."""
    rows = []
    for arch in ("x86_64", "arm"):
        counted = layers.count(build, arch)
        lines = counted[0][2] if counted else None
        rows.append((arch, "mini kernel's source, lines (headers in, self-tests apart)", lines,
                     layers.MINI_BOUND, False))
        rows.append((arch, "the same, today's ceiling", lines, MINI_CEILING, True))
    return rows


def check(boots, quick, build=None):
    """Rows (arch, figure, value, bound, enforced); value None when the boot printed none.
    With build, also the mini kernel's source lines (source_rows())."""
    rows = source_rows(build) if build else []
    smp = STEP["smp"]
    boots = {name: b for name, b in boots.items() if not name.endswith("-again")}
    for b in boots.values():
        if b.kind == "bench" and b.smp == 1:
            rows.append((b.arch, f"boot to the end of step {smp}, {b.name} (-cpu {b.cpu})",
                         _step(b, "smp"), BOOT_TO_SMP, True))
    for b in boots.values():
        if b.kind == "bench" and b.smp == 8:
            rows.append((b.arch, f"boot to the end of step {smp}, -smp 8, -cpu {b.cpu}",
                         _step(b, "smp"), SMP8_TO_SMP, True))
            one = boots.get(f"{b.arch}-smp1")
            if one:
                steps = [_delta(boots[f"{b.arch}-smp{n}"], "smp") for n in range(1, 9)]
                added = (max(y - x for x, y in zip(steps, steps[1:]))
                         if None not in steps else None)
                rows.append((b.arch, f"step {smp}: the most one added CPU cost (2..8 CPUs)",
                             added, PER_ADDED_CPU, True))
            else:
                total = _delta(b, "smp")
                rows.append((b.arch, f"step {smp}, -smp 8: per added CPU",
                             None if total is None else total // 7, PER_ADDED_CPU, True))
    tests = STEP["selftests"]
    for b in boots.values():
        if (b.kind == "bench" and b.smp in (1, 8) and
                "ktest.filter=none" in (b.append or "").split()):
            rows.append((b.arch, f"boot to the end of step {tests} without self-tests, less "
                         f"unpacking the initramfs, {b.name} (-smp {b.smp})", _boot_no_tests(b),
                         SMP8_NO_TESTS if b.smp == 8 else BOOT_NO_TESTS, True))
    for b in boots.values():
        if b.kind == "bench" and "bench" in (b.append or "").split():
            tests = [_delta(b, "init_selftests"), _delta(b, "selftests")]
            total = None if None in tests else sum(tests)
            what = f"self-tests (steps {STEP['init_selftests']} and {STEP['selftests']}), {b.name}"
            rows.append((b.arch, what, total, SELFTESTS_GOAL, True))
            rows.append((b.arch, what + ", today's ceiling", total,
                         SELFTESTS[b.arch]["max" if b.cpu == "max" else "default"], True))
            if b.cpu != "max":
                continue
            fork_exec = user_figures(b)["ops"].get("fork_exec", {}).get("per_op")
            what = f"fork + execve + exit + wait4 of /bin/bench, {b.name}"
            rows.append((b.arch, what, fork_exec, FORK_EXEC[b.arch], True))
    if not quick:
        for arch, bound in WALL_RATIO.items():
            floor = _median(boots, arch, "floor")
            if floor is None:
                continue
            rows.append((arch, "floor: QEMU and a kernel that exits at once, median s",
                         floor, None, False))
            for kind, what, limit in (("wall", "with self-tests", bound),
                                      ("wall-none", "without self-tests", None)):
                wall = _median(boots, arch, kind)
                if wall is not None:
                    rows.append((arch, f"wall {what} ÷ floor ({wall:.2f} s ÷ {floor:.2f} s), "
                                 "median", round(wall / floor, 2), limit, False))
            # QEMU's CPU seconds: what the wall time would be on an idle host, near enough
            # (a loaded one stretches the wall time, much less the CPU time).
            for kind, what in (("wall", "with self-tests"), ("wall-none", "without"),
                               ("floor", "floor")):
                cpu = _median(boots, arch, kind, "cpu_seconds")
                if cpu is not None:
                    rows.append((arch, f"QEMU's CPU time, {what}, median s", cpu, None, False))
    return sorted(rows, key=lambda r: r[0] != "x86_64")


def _median(boots, arch, kind, what="wall"):
    values = sorted(getattr(b, what) for b in boots.values()
                    if b.arch == arch and b.kind == kind and getattr(b, what) is not None)
    return values[len(values) // 2] if values else None


def _verdict(value, bound, enforced):
    if bound is None:
        return ""
    if value is not None and value <= bound:
        return "ok"
    return "BROKEN" if enforced else "over (not enforced)"


def _relation(value, bound):
    """How value stands to its bound, as the screen prints it between them: a bound that is
    kept reads 'value ≤ bound', one that is broken 'value > bound'."""
    if bound is None:
        return " "
    if value is None:
        return "?"
    return "≤" if value <= bound else ">"


def broken(rows):
    return [r for r in rows if r[4] and (r[2] is None or r[2] > r[3])]


def _fmt(v):
    return "—" if v is None else f"{v:,.2f}" if isinstance(v, float) else f"{v:,}"


def screen(rows):
    """The one-screen summary."""
    out = [f"{'arch':7} {'figure':66} {'value':>12}   {'bound':>12}"]
    for arch, label, value, bound, enforced in rows:
        out.append(f"{arch:7} {label:66} {_fmt(value):>12} {_relation(value, bound)} "
                   f"{_fmt(bound):>12}  {_verdict(value, bound, enforced)}")
    return "\n".join(out) + "\n"


def markdown(rows):
    lines = ["## Bounds", "",
             "Each figure next to its bound; `scripts/bench` fails when an enforced one is "
             "broken (wall times are noisy and only shown).", "",
             "| arch | figure | value | | bound | |", "|---|---|---|---|---|---|"]
    for arch, label, value, bound, enforced in rows:
        verdict = _verdict(value, bound, enforced)
        lines.append(f"| {arch} | {label} | {_fmt(value)} | {_relation(value, bound)} | "
                     f"{_fmt(bound)} | {'**broken**' if verdict == 'BROKEN' else verdict} |")
    return "\n".join(lines) + "\n"
