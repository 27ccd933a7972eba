"""The figures of one arch: from the boots' "bench:" lines, their serial logs and kernel.elf."""

import re
import statistics

from sklib import elf
from sklib.bench.boots import MAX_SMP
from sklib.bench.steps import STEP

# Which CPU feature patches which function's call site (asm/crc32.h, asm/hweight.h, memcpy.S).
ALT_FEATURES = {
    "x86_64": {"crc32c": "sse4_2", "crc32_le": None, "hweight64": "popcnt", "memcpy": "erms"},
    "arm": {"crc32c": "crc32", "crc32_le": "crc32", "hweight64": None, "memcpy": None},
}


def image_sizes(kernel):
    """Sizes by section of the linked kernel, and the init and per-CPU figures."""
    f = elf.ElfFile(kernel)
    sym = f.values()
    alloc = [s for s in f.sections if s.alloc and s.size]
    image = sym["_end"] - sym["_text"]
    init = sym["__init_end"] - sym["__init_begin"]
    sizes_of = {s.name: s.size for s in f.symbols}
    kallsyms = sum(size for name, size in sizes_of.items() if name.startswith("kallsyms_"))
    sizes = {
        "sections": [{"name": s.name, "bytes": s.size, "nobits": s.nobits} for s in alloc],
        "image_bytes": image,
        "loaded_bytes": sum(s.size for s in alloc if not s.nobits),
        "init_bytes": init,
        "init_share": init / image if image else 0,
        "kallsyms_bytes": kallsyms,
    }
    if "__per_cpu_start" in sym:
        sizes["percpu_bytes"] = sym["__per_cpu_end"] - sym["__per_cpu_start"]
    return sizes


# ---------------------------------------------------------------- figures

def first(boot, group, name=None):
    for g, pos, kv in boot.bench:
        if g == group and (name is None or (pos and pos[0] == name)):
            return kv
    return None


def boot_steps(boot):
    return [{"step": int(pos[0]), "name": kv["name"], "insns": kv["insns"], "delta": kv["delta"]}
            for _, pos, kv in boot.groups("step")]


def step_insns(steps, n):
    for s in steps:
        if s["step"] == n:
            return s["insns"]
    return None


def initcall_figures(boot):
    levels = [{"level": pos[0], "calls": kv["calls"], "insns": kv["insns"]}
              for _, pos, kv in boot.groups("initcall_level")]
    calls = [{"fn": pos[0], "level": kv["level"], "insns": kv["insns"]}
             for _, pos, kv in boot.groups("initcall") if pos]
    top = sorted(calls, key=lambda c: -c["insns"])[:5]
    return {"levels": levels, "calls": calls, "top5": top}


def suite_figures(boot):
    """Each self-test suite's instructions, in the order they ran (kernel/ktest.c's record)."""
    return [{"suite": pos[0], "insns": kv["insns"]} for _, pos, kv in boot.groups("suite") if pos]


def extable_figures(boot):
    real = {}
    for _, pos, kv in boot.groups("extable_real"):
        if pos:
            real[pos[0]] = kv
        else:
            real.update(kv)
    synthetic = [kv for _, _, kv in boot.groups("extable_synthetic")]
    return {"real": real, "synthetic": synthetic, "fault": first(boot, "extable_fault")}


def ksymtab_figures(boot):
    """tests/kernel/bench_ksymtab.c: the exports' bytes, lookups by name in them."""
    real = {}
    for _, pos, kv in boot.groups("ksymtab_real"):
        if pos:
            real[pos[0]] = kv
        else:
            real.update(kv)
    synthetic = [kv for _, _, kv in boot.groups("ksymtab_synthetic")]
    return {"real": real, "synthetic": synthetic}


def module_figures(boot):
    """tests/kernel/bench_module.c: loading and removing each sample module."""
    return [dict(kv, name=pos[0]) for _, pos, kv in boot.groups("module_load")
            if pos and pos[0] != "none"]


def alternatives_figures(boot, arch):
    summary = dict(first(boot, "alternatives") or {})
    patched_line = re.compile(r"alternatives: patched (\d+) of (\d+) sites")
    per_feature = re.compile(r"#\s*alternatives: (\S+) (\d+)/(\d+) sites patched")
    features = {}
    for line in boot.lines:
        m = patched_line.search(line)
        if m:
            summary["log_patched"], summary["log_sites"] = int(m.group(1)), int(m.group(2))
        m = per_feature.search(line)
        if m:
            features[m.group(1)] = {"patched": int(m.group(2)), "sites": int(m.group(3))}
    cpu_line = next((line for line in boot.lines if line.startswith("CPU: ")), "")
    cpu_features = cpu_line.split("features:", 1)[-1].split()
    patching = "noalternatives" not in (boot.append or "").split()
    funcs = []
    for _, pos, kv in boot.groups("alt_func"):
        feature = ALT_FEATURES[arch].get(pos[0])
        funcs.append({"func": pos[0], "bytes": kv["bytes"], "generic": kv["generic"],
                      "site": kv["site"], "feature": feature,
                      "patched": bool(feature and patching and feature in cpu_features)})
    return {"summary": summary, "features": features, "functions": funcs, "cpu_line": cpu_line}


def percpu_figures(boot):
    ops = {pos[0]: kv for _, pos, kv in boot.groups("percpu") if pos and pos[0] != "area"}
    area = first(boot, "percpu", "area")
    line = next((l for l in boot.lines if l.startswith("percpu: Embedded")), None)
    return {"ops": ops, "area": area, "log": line}


def sched_figures(boot):
    """Context switches and wake-ups (tests/kernel/bench_sched.c; Boot.case_problems() saw
    that they are there)."""
    return {pos[0]: kv for _, pos, kv in boot.groups("sched") if pos}


def user_figures(boot):
    """tests/user/bench.c's "bench: user OP ..." lines, and kernel/umh.c's "bench: exec PATH
    insns=N" (from call_usermodehelper() to the return to user mode, per program)."""
    ops = {pos[0]: kv for _, pos, kv in boot.groups("user") if pos and "per_op" in kv}
    overhead = next((kv["overhead"] for _, pos, kv in boot.groups("user")
                     if pos == ["counter"]), None)
    execs = {pos[0]: kv["insns"] for _, pos, kv in boot.groups("exec") if pos}
    return {"ops": ops, "counter_overhead": overhead, "exec": execs}


def smp_figures(boots):
    online = re.compile(r"^CPU(\d+): online, .* up in (\d+) cycles")
    rows = []
    for boot in boots:
        steps = boot_steps(boot)
        before, after = step_insns(steps, STEP["smp"] - 1), step_insns(steps, STEP["smp"])
        per_cpu = [int(m.group(2)) for m in map(online.match, boot.lines) if m]
        bringup = after - before if None not in (before, after) else None
        rows.append({"cpus": boot.smp, "smp_step_insns": bringup, "online_cycles": per_cpu})
    for previous, row in zip(rows, rows[1:]):
        if None not in (previous["smp_step_insns"], row["smp_step_insns"]):
            row["added_by_last_cpu"] = row["smp_step_insns"] - previous["smp_step_insns"]
    return rows


def arch_figures(arch, boots, kernel, quick):
    """kernel: the copy of kernel.elf the boots booted."""
    main = boots[f"{arch}-max"]
    fig = {"deterministic": main.bench == boots[f"{arch}-max-again"].bench}
    fig.update({
        "boots": [b.describe() for b in boots.values() if b.arch == arch],
        "counter": first(main, "counter"),
        "boot_steps": {"max": boot_steps(main)},
        "initcalls": initcall_figures(main),
        "suites": suite_figures(main),
        "extable": extable_figures(main),
        "ksymtab": ksymtab_figures(main),
        "modules": module_figures(main),
        "alternatives": {"max": alternatives_figures(main, arch)},
        "percpu": percpu_figures(main),
        "sizes": image_sizes(kernel),
        "scheduler": sched_figures(main),
        "user": user_figures(main),
    })
    fig["banner"] = next((line for line in main.lines if line.startswith("Special K version")), None)
    freed = next((l for l in main.lines if l.startswith("Freeing unused kernel image")), None)
    fig["sizes"]["free_initmem_log"] = freed
    if not quick:
        default = boots[f"{arch}-default"]
        fig["boot_steps"]["default"] = boot_steps(default)
        fig["alternatives"]["default"] = alternatives_figures(default, arch)
        fig["smp"] = smp_figures([boots[f"{arch}-smp{n}"] for n in range(1, MAX_SMP + 1)])
        fig["wall"] = {"note": "noisy: host wall-clock time, QEMU start to exit, no -icount; "
                               "cpu: QEMU's user + system seconds"}
        for key, kind in (("self_tests", "wall"), ("no_self_tests", "wall-none"),
                          ("floor", "floor")):
            timed = [b for b in boots.values() if b.arch == arch and b.kind == kind]
            if timed:
                fig["wall"][key] = {"samples": [round(b.wall, 3) for b in timed],
                                    "median": round(statistics.median(b.wall for b in timed), 3)}
                cpus = [b.cpu_seconds for b in timed if b.cpu_seconds is not None]
                if cpus:
                    fig["wall"][key].update(cpu_samples=[round(c, 3) for c in cpus],
                                            cpu_median=round(statistics.median(cpus), 3))
        # What the report has always called the wall time: with the self-tests.
        fig["wall"].update(fig["wall"].get("self_tests", {}))
    return fig
