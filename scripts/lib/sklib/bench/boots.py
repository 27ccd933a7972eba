"""The bench boots: what each one runs, running them, and what each printed.

Every boot runs scripts/qemu's command (recorded in the report) under -icount, except the
wall-clock boots; parse_bench_line() reads the kernel's "bench: GROUP word key=value" lines.
"""

import collections
import fcntl
import hashlib
import os
import re
import resource
import shlex
import shutil
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

from sklib import exits, qemu
from sklib.bench.steps import BOOT_STEPS, STEP

BOOT_TIMEOUT = 90
DEFAULT_CPU = {"x86_64": "qemu64", "arm": "cortex-a15"}
MAX_SMP = 8
WALL_RUNS = 5
# What tests/user/bench.c measures, each a "bench: user OP ... per_op=N" line.
USER_OPS = ("getpid", "write1", "efault", "efault_kernel", "fork_exec")


class Boot:
    """One QEMU run: its configuration, the exact command, and what came out."""

    def __init__(self, name, arch, cpu, smp=1, append=None, icount=True, kind="bench",
                 kernel=None):
        self.name, self.arch, self.cpu, self.smp = name, arch, cpu, smp
        self.append, self.icount, self.kind = append, icount, kind
        self.kernel = kernel     # None: Special K (the run's copy); else the floor's image
        self.command = None
        self.log = None
        self.exit = None
        self.wall = None
        self.cpu_seconds = None  # QEMU's user + system CPU time, timed boots only
        self.lines = []          # the serial log
        self.bench = []          # parsed "bench:" lines: (group, positional words, key=values)

    def prepare(self, kernel, log_dir, initrd=None):
        """Ask scripts/qemu for the exact QEMU command, which the report records (kernel: the
        image to boot, initrd: the initramfs, None for scripts/qemu's default)."""
        self.log = os.path.join(log_dir, self.name + ".log")
        self.kernel = self.kernel or kernel
        args = qemu.command(self.arch, None, cpu=self.cpu, smp=self.smp, kernel=self.kernel,
                            initrd=initrd, append=self.append, icount=self.icount,
                            serial_file=self.log)
        out = subprocess.run(args + ["--dry-run"], check=True, capture_output=True, text=True)
        self.command = out.stdout.strip()

    def run(self):
        if os.path.exists(self.log):
            os.unlink(self.log)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        status, timed_out, why = qemu.run(shlex.split(self.command), os.devnull,
                                          self.log[:-len(".log")] + ".stderr", BOOT_TIMEOUT)
        self.exit = "timeout" if timed_out else why or status
        self.wall = time.monotonic() - start
        if self.kind != "bench":
            # The timed boots run one at a time (run_boots(walls, 1)), so what the children
            # of this process used meanwhile is this QEMU's: its CPU time, which a loaded
            # host stretches far less than the wall time.
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            self.cpu_seconds = ((after.ru_utime - before.ru_utime) +
                                (after.ru_stime - before.ru_stime))
        self.lines = [line.rstrip("\r") for line in qemu.read_text(self.log).splitlines()]
        self.bench = [parse_bench_line(line) for line in self.lines if line.startswith("bench: ")]
        return self

    def problems(self):
        """What went wrong, in words (empty when the boot is usable)."""
        found = []
        if self.exit not in (exits.PASS, exits.TESTS_FAILED):
            found.append(f"{self.name}: QEMU exit {self.exit}, wanted {exits.PASS} "
                         f"(or {exits.TESTS_FAILED}, which the report explains)")
        if self.kind == "bench":
            if not self.bench:
                found.append(f"{self.name}: no 'bench:' lines (is kernel/bench.c linked, its "
                             "late hook registered for boot step 19?)")
            elif not self.groups("end"):
                found.append(f"{self.name}: the figures stop before 'bench: end'")
            # 'bench: error ...', or a figure whose case found it wrong (error=WHY, as
            # bench_alternatives' results-differ): the figure is not to be trusted.
            for group, pos, kv in self.bench:
                if group == "error" or "error" in kv:
                    words = [group] + pos + [f"{k}={v}" for k, v in kv.items()]
                    found.append(f"{self.name}: kernel says: bench: " + " ".join(words))
            found += self.step_problems()
            if "bench" in (self.append or "").split():
                found += self.case_problems()
        return found

    def failure(self):
        """What went wrong in a boot that got to its end with QEMU_EXIT_TESTS_FAILED, in the
        kernel's words (sklib/exits.py); None when nothing did. A boot with ktest.filter=none
        runs no self-test on purpose, which the kernel also ends with that status."""
        if self.exit != exits.TESTS_FAILED:
            return None
        kinds, words = exits.explain(self.exit, "\n".join(self.lines))
        if kinds == [exits.NONE_RAN] and "ktest.filter=none" in (self.append or "").split():
            return None
        return words

    def step_problems(self):
        """Every step of include/kernel/boot_steps.h printed once, but the report step (under
        way while the lines are printed), and no other: a step that disappears from
        start_kernel() is a failure here, not a gap in the report."""
        want = [n for n in BOOT_STEPS if n != STEP["report"]]
        printed = [int(pos[0]) for _, pos, _ in self.groups("step") if pos and pos[0].isdigit()]
        found = [f"{self.name}: boot step {n} ({BOOT_STEPS[n]}) printed no 'bench: step {n}' "
                 "line" for n in want if n not in printed]
        found += [f"{self.name}: 'bench: step {n}' is no step printed before the report "
                  "(include/kernel/boot_steps.h)" for n in sorted(set(printed) - set(want))]
        found += [f"{self.name}: 'bench: step {n}' printed {printed.count(n)} times"
                  for n in sorted(set(printed)) if printed.count(n) > 1]
        return found

    def case_problems(self):
        """With every bench case run (plain `bench`), the per-CPU, scheduler and user-space
        figures, and what starting /init cost."""
        found = []
        if not [pos for _, pos, _ in self.groups("percpu") if pos and pos[0] != "area"]:
            found.append(f"{self.name}: no 'bench: percpu' figures (tests/kernel/bench_*.c)")
        if not any(kv.get("running") for _, pos, kv in self.groups("sched") if not pos):
            found.append(f"{self.name}: no 'bench: sched running=1' (tests/kernel/bench_sched.c)")
        user = {pos[0] for _, pos, kv in self.groups("user") if pos and "per_op" in kv}
        found += [f"{self.name}: no 'bench: user {op}' figure (tests/user/bench.c, run by "
                  "tests/kernel/bench_user.c)" for op in USER_OPS if op not in user]
        suites = [pos[0] for _, pos, _ in self.groups("suite") if pos]
        if "ktest.filter=none" not in (self.append or "").split() and (
                not suites or len(suites) != len(set(suites))):
            found.append(f"{self.name}: 'bench: suite' lines missing or repeated: {suites[:5]}"
                         " (kernel/ktest.c's ktest_costs[], printed by kernel/bench.c)")
        if not any(pos == ["/init"] for _, pos, _ in self.groups("exec")):
            found.append(f"{self.name}: no 'bench: exec /init' line (kernel/umh.c, "
                         "bench_user_entry(): did the boot run /init?)")
        return found

    def groups(self, group):
        return [b for b in self.bench if b[0] == group]

    def lines_of(self, prefix):
        return [line for line in self.lines if line.startswith(prefix)]

    def describe(self):
        return {"name": self.name, "arch": self.arch, "kind": self.kind, "cpu": self.cpu,
                "smp": self.smp, "append": self.append, "icount": self.icount, "command": self.command,
                "exit": self.exit, "failure": self.failure(), "wall_seconds": round(self.wall, 3) if self.wall else None,
                "cpu_seconds": (round(self.cpu_seconds, 3)
                                if self.cpu_seconds is not None else None)}


def parse_bench_line(line):
    """'bench: GROUP word k=v ...' -> (GROUP, [word, ...], {k: v}); numbers become ints."""
    words = line[len("bench: "):].split()
    group, positional, values = (words[0] if words else ""), [], {}
    for word in words[1:]:
        if "=" in word:
            key, value = word.split("=", 1)
            values[key] = int(value) if re.fullmatch(r"-?\d+", value) else value
        else:
            positional.append(word)
    return group, positional, values


def run_boots(boots, jobs):
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(Boot.run, boots))


def lock(out_dir):
    """Hold out_dir for this run (an open file with an flock) or exit: two runs writing one
    directory would mix their serial logs."""
    holder = open(os.path.join(out_dir, ".lock"), "w")
    try:
        fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise SystemExit(f"scripts/bench: another scripts/bench is writing to {out_dir}; "
                         "wait for it, or give this one another --build directory")
    return holder


# What one arch's boots boot, copied: kernel.elf (its sizes, its sha256 in the report), the
# image QEMU loads (kernel.elf on x86_64; on ARM the raw Image, the only kind QEMU gives an
# initrd to) and the initramfs, with the user programs (tests/user/bench.c among them).
Snapshot = collections.namedtuple("Snapshot", "elf sha image initrd")
BOOT_FILES = {"x86_64": ("kernel.elf", "kernel.elf", "initramfs.cpio"),
              "arm": ("kernel.elf", "Image", "initramfs.cpio")}


def snapshot_kernels(build_dir, out_dir):
    """Copy each arch's kernel (and what boots with it) into out_dir/kernels/ and boot only
    the copies, so that a rebuild during the run (make in the same build directory) cannot
    give two boots of one run two different kernels. Returns {arch: Snapshot}."""
    kernels = {}
    os.makedirs(os.path.join(out_dir, "kernels"), exist_ok=True)
    for arch in qemu.ARCHES:
        copies = []
        for name in BOOT_FILES[arch]:
            built = os.path.join(build_dir, arch, name)
            if not os.path.exists(built):
                raise SystemExit(f"scripts/bench: no {name} at {built}: build it first "
                                 f"(make ARCH={arch}, or make bench)")
            copy = os.path.join(out_dir, "kernels", f"{arch}-{name}")
            if copy not in copies:
                shutil.copyfile(built, copy)
            copies.append(copy)
        with open(copies[0], "rb") as f:
            sha = hashlib.sha256(f.read()).hexdigest()
        kernels[arch] = Snapshot(copies[0], sha, copies[1], copies[2])
    return kernels


def first_difference(a, b):
    """The first bench line in which two boots differ, in words."""
    for x, y in zip(a.lines_of("bench: "), b.lines_of("bench: ")):
        if x != y:
            return f"{a.name}: '{x}', {b.name}: '{y}'"
    return f"{a.name} and {b.name} printed different numbers of 'bench:' lines"


def plan(quick, floor_kernels=None):
    """The bench boots and the timed ones (the floor's with floor_kernels, {arch: image})."""
    from sklib.bench.bounds import matrix_cpus, model_boot_name
    boots = []
    for arch in qemu.ARCHES:
        # Every other CPU model of tests/matrix, for the boot bound (sklib/bench/bounds.py).
        for cpu in matrix_cpus(arch):
            if cpu != "max" and (quick or cpu != DEFAULT_CPU[arch]):
                boots.append(Boot(model_boot_name(arch, cpu), arch, cpu,
                                  append="ktest.filter=none bench=none"))
        # Twice, to see that the figures repeat (--quick too: make check runs it).
        if quick:
            # With the self-tests, so that make check sees their bound kept too.
            for name in (f"{arch}-max", f"{arch}-max-again"):
                boots.append(Boot(name, arch, "max", append="bench"))
            boots.append(Boot(f"{arch}-quick-smp{MAX_SMP}", arch, DEFAULT_CPU[arch], smp=MAX_SMP,
                              append="ktest.filter=none bench=none"))
            continue
        boots.append(Boot(f"{arch}-max", arch, "max", append="bench"))
        boots.append(Boot(f"{arch}-max-again", arch, "max", append="bench"))
        boots.append(Boot(f"{arch}-default", arch, DEFAULT_CPU[arch], append="bench"))
        for cpus in range(1, MAX_SMP + 1):
            boots.append(Boot(f"{arch}-smp{cpus}", arch, DEFAULT_CPU[arch], smp=cpus,
                              append="ktest.filter=none bench=none"))
    walls = []
    if not quick:
        # Interleaved, so that a change in the host's load touches every kind alike.
        for i in range(1, WALL_RUNS + 1):
            for arch in qemu.ARCHES:
                cpu = DEFAULT_CPU[arch]
                walls.append(Boot(f"{arch}-wall{i}", arch, cpu, icount=False, kind="wall"))
                walls.append(Boot(f"{arch}-wall-none{i}", arch, cpu, icount=False,
                                  append="ktest.filter=none", kind="wall-none"))
                if floor_kernels:
                    walls.append(Boot(f"{arch}-floor{i}", arch, cpu, icount=False,
                                      kind="floor", kernel=floor_kernels[arch]))
    return boots, walls
