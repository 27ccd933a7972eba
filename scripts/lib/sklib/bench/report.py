"""report.md: a summary table, then one set of tables per arch (what scripts/bench writes)."""

from sklib import exits
from sklib.bench.boots import DEFAULT_CPU
from sklib.bench.figures import step_insns
from sklib.bench.report_calls import md_initcalls, md_suites
from sklib.bench.report_user import md_user, summary_figures as user_summary_figures
from sklib.bench.steps import BOOT_STEPS, STEP

def n(value):
    return "—" if value is None else f"{value:,}"


def per(total, count, digits=1):
    return "—" if not count else f"{total / count:,.{digits}f}"


def table(headers, rows):
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def patch_cost(counter, cycles):
    """apply_alternatives() is timed with get_cycles(): the TSC on x86_64, CNTVCT (1/16) on ARM."""
    if counter == "tsc":
        return n(cycles)
    return f"≈{16 * cycles:,} ({cycles:,} CNTVCT ticks of 16)"


def sched_cell(fig):
    sched = fig["scheduler"]
    return (f"{sched['switch_to_partner']['min']:,} / {sched['switch_back']['min']:,} "
            f"/ {sched['wake_up_process']['min']:,}")


def summary_rows(report):
    """The summary table: a row per figure, a column per arch; "—" where a figure is missing."""
    arches = list(report["arches"])

    def steps(fig, n_step):
        return n(step_insns(fig["boot_steps"].get("default") or fig["boot_steps"]["max"], n_step))

    def mean(costs):
        return per(costs["total"], costs["lookups"])

    def real_lookups(fig):
        real = fig["extable"]["real"]
        return f"{mean(real['bsearch'])} / {mean(real['linear'])}"

    def big_lookups(fig):
        big = next(s for s in fig["extable"]["synthetic"] if s["entries"] == 65536)
        return f"{per(big['bsearch'], big['lookups'])} / {per(big['linear'], big['lookups'], 0)}"

    def alternatives(fig):
        summary = fig["alternatives"]["max"]["summary"]
        return f"{summary['sites']} / {summary['patched']}"

    def per_byte(name):
        def cell(fig):
            f = next(f for f in fig["alternatives"]["max"]["functions"]
                     if f["func"] == name and f["bytes"] == 4096)
            if not f["feature"]:
                tag = "no instruction on this arch"
            else:
                tag = f"{f['feature']}, {'patched' if f['patched'] else 'not patched'}"
            return f"{f['generic'] / 4096:.2f} → {f['site'] / 4096:.2f} ({tag})"
        return cell

    def percpu_ops(fig):
        ops = fig["percpu"]["ops"]
        return f"{ops['this_cpu_inc']['min']} vs {ops['per_cpu_smp_processor_id_inc']['min']}"

    def wall(w):
        cpu = f" (CPU {w['cpu_median']:.2f} s)" if "cpu_median" in w else ""
        return f"{w['median']:.2f} s{cpu}"

    def top_initcall(fig):
        top = fig["initcalls"]["top5"][0]
        return f"{top['fn']} ({top['insns']:,})"

    figures = [
        (f"boot: instructions to the end of the initcalls (step {STEP['initcalls']})",
         lambda f: steps(f, STEP["initcalls"])),
        (f"boot: instructions to the end of free_initmem() (step {STEP['free_initmem']})",
         lambda f: steps(f, STEP["free_initmem"])),
        (f"boot: instructions to the end of the self-tests (step {STEP['selftests']})",
         lambda f: steps(f, STEP["selftests"])),
        ("boot: wall time, QEMU start to exit (median, noisy; QEMU's CPU time)",
         lambda f: wall(f["wall"])),
        ("boot: wall time without self-tests / floor (QEMU alone)",
         lambda f: " / ".join(wall(f["wall"][k]) for k in
                              ("no_self_tests", "floor") if k in f["wall"])),
        ("image: _text to _end, bytes", lambda f: n(f["sizes"]["image_bytes"])),
        ("free_initmem(): bytes freed (share of the image)",
         lambda f: f"{f['sizes']['init_bytes']:,} ({100 * f['sizes']['init_share']:.1f} %)"),
        ("per-CPU area: static bytes per CPU", lambda f: n(f["sizes"].get("percpu_bytes"))),
        ("__ex_table: entries × bytes",
         lambda f: f"{f['extable']['real']['entries']} × {f['extable']['real']['entry_bytes']}"),
        ("__ex_table lookup, real table: binary / linear (mean insns)", real_lookups),
        ("__ex_table lookup, 65,536 entries: binary / linear (mean insns)", big_lookups),
        ("recovered fault (nofault read of NULL), insns",
         lambda f: n(f["extable"]["fault"]["nofault_read_fault"])),
        ("alternatives (-cpu max): sites / patched", alternatives),
        ("alternatives: apply_alternatives() at boot, insns",
         lambda f: patch_cost(f["counter_name"],
                              f["alternatives"]["max"]["summary"]["patch_cycles"])),
        ("crc32c, insns per byte: generic → call site", per_byte("crc32c")),
        ("crc32_le, insns per byte: generic → call site", per_byte("crc32_le")),
        ("hweight64, insns per byte: generic → call site", per_byte("hweight64")),
        ("memcpy, insns per byte: generic → call site", per_byte("memcpy")),
        ("this_cpu_inc vs per_cpu(v, smp_processor_id())++, insns", percpu_ops),
        (f"bring-up: step {STEP['smp']} with 2 CPUs → 8 CPUs, insns",
         lambda f: f"{f['smp'][1]['smp_step_insns']:,} → {f['smp'][-1]['smp_step_insns']:,}"),
        ("initcalls: the most expensive", top_initcall),
        ("scheduler: switch to a thread / back / wake_up_process(), insns", sched_cell),
    ] + user_summary_figures()
    rows = []
    for label, getter in figures:
        cells = [label]
        for arch in arches:
            try:
                cells.append(getter(report["arches"][arch]))
            except (KeyError, TypeError, IndexError, StopIteration, ZeroDivisionError):
                cells.append("—")
        rows.append(cells)
    return arches, rows


def md_boots(arch, fig):
    rows = []
    for b in fig["boots"]:
        append = f"`{b['append']}`" if b["append"] is not None else ""
        wall = f"{b['wall_seconds']:.2f}" if b["wall_seconds"] is not None else ""
        cpu = f"{b['cpu_seconds']:.2f}" if b.get("cpu_seconds") is not None else ""
        status = b["exit"]
        if b.get("failure"):
            status = f"{status} ({b['failure']})"
        elif status == exits.TESTS_FAILED:
            status = f"{status} (no self-test, as asked)"
        rows.append([b["name"], b["cpu"], b["smp"], append, "yes" if b["icount"] else "no",
                     status, wall, cpu])
    commands = "\n".join(f"# {b['name']}\n{b['command']}" for b in fig["boots"])
    c = fig["counter"] or {}
    exact = "exact: one per instruction" if c.get("measured") == c.get("nops") else \
        "NOT one per instruction"
    text = (f"Counter: `{fig['counter_name']}`; {c.get('nops')} NOPs measured "
            f"{c.get('measured')} instructions ({exact}); reading it costs {c.get('overhead')}, "
            "subtracted from every figure.")
    if "deterministic" in fig:
        same = "identical" if fig["deterministic"] else "DIFFERENT"
        text += f" The two `-cpu max` boots printed {same} figures."
    if fig.get("banner"):
        text = f"Kernel: `{fig['banner']}`. " + text
    return ["### Boots\n",
            table(["boot", "CPU model", "CPUs", "kernel command line", "-icount", "exit", "wall s",
                   "QEMU CPU s"], rows),
            f"Exact commands:\n\n```\n{commands}\n```\n", text + "\n"]


def md_steps(arch, fig, plots):
    default = {s["step"]: s for s in fig["boot_steps"].get("default", [])}
    maxed = {s["step"]: s for s in fig["boot_steps"]["max"]}
    headers = ["step", "what", "to the end of the step", "the step itself"]
    if default:
        cpu = DEFAULT_CPU[arch]
        headers = ["step", "what", f"to the end ({cpu})", f"the step ({cpu})",
                   "to the end (max)", "the step (max)"]
    rows = []
    # Boot.step_problems() saw every step in every boot.
    for step, what in BOOT_STEPS.items():
        if step == STEP["report"]:
            continue
        cells = []
        for source in ([default] if default else []) + [maxed]:
            cells += [n(source[step]["insns"]), n(source[step]["delta"])]
        rows.append([step, what] + cells)
    md = ["### Boot: instructions from the kernel's first instruction\n", table(headers, rows),
          f"Landmarks: the initcalls end with step {STEP['initcalls']}; free_initmem() is step "
          f"{STEP['free_initmem']}; the self-tests end with step {STEP['selftests']}. Step "
          f"{STEP['report']} runs the benchmarks. "
          "Where the kernel waits for time to pass (the clock calibrations against the "
          "HPET and the TSC, a self-test's msleep()), the count is virtual time: instructions "
          "spun, or, when every CPU is idle, the clock jumping to the next timer event (-icount sleep=off).\n"]
    if f"boot-steps-{arch}" in plots:
        md.append(f"![boot steps]({plots[f'boot-steps-{arch}']})\n")
    return md


def md_sizes(fig):
    s = fig["sizes"]
    sections = [[f"`{x['name']}`", n(x["bytes"]), "not in the file (zeroed)" if x["nobits"] else ""]
                for x in s["sections"]]
    figures = [
        ["image in memory, `_text` to `_end`", n(s["image_bytes"])],
        ["bytes in the file that are loaded", n(s["loaded_bytes"])],
        ["init region (`__init_begin` to `__init_end`), freed by free_initmem()",
         f"{n(s['init_bytes'])} ({100 * s['init_share']:.1f} % of the image)"],
        ["kallsyms tables (inside `.rodata`)", n(s["kallsyms_bytes"])],
        ["per-CPU template (`.data..percpu`), per CPU", n(s.get("percpu_bytes"))],
    ]
    md = ["### Size (from the ELF file)\n", table(["section", "bytes", ""], sections),
          table(["figure", "bytes"], figures)]
    said = [f"`{line}`" for line in (s.get("free_initmem_log"), fig["percpu"].get("log")) if line]
    if said:
        md.append("The kernel says: " + "; ".join(said) + ".\n")
    return md


def md_extable(fig):
    ex = fig["extable"]
    real = ex["real"]
    real_rows = [[k, per(real[k]["total"], real[k]["lookups"]), real[k]["min"], real[k]["max"],
                  real[k]["miss"]] for k in ("bsearch", "linear") if k in real]
    synthetic = [[n(x["entries"]), per(x["bsearch"], x["lookups"]), n(x["bsearch_max"]),
                  n(x["bsearch_miss"]), per(x["linear"], x["lookups"]), n(x["linear_max"]),
                  n(x["linear_miss"])] for x in ex["synthetic"]]
    md = ["### Exception table\n",
          f"{real.get('entries')} entries of {real.get('entry_bytes')} bytes "
          f"({real.get('table_bytes')} bytes). Lookups of every entry, each measured alone:\n",
          table(["search", "mean", "min", "max", "a miss"], real_rows),
          "Synthetic tables (64 random keys each; a miss is an address between two entries):\n",
          table(["entries", "binary search: mean", "max", "miss", "linear scan: mean", "max",
                 "miss"], synthetic)]
    if ex.get("fault"):
        md.append(f"A nofault read of good memory: {ex['fault']['nofault_read_ok']} instructions; "
                  "of NULL (trap, table search, fixup, return): "
                  f"{ex['fault']['nofault_read_fault']}.\n")
    return md


def md_ksymtab(fig):
    ks = fig.get("ksymtab") or {}
    real = ks.get("real") or {}
    if "exports" not in real:
        return []
    real_rows = [[k, per(real[k]["total"], real[k]["lookups"]), n(real[k]["min"]),
                  n(real[k]["max"]), n(real[k]["miss"])] for k in ("bsearch", "linear") if k in real]
    synthetic = [[n(x["exports"]), per(x["bsearch"], x["lookups"]), n(x["bsearch_max"]),
                  n(x["bsearch_miss"]), per(x["linear"], x["lookups"]), n(x["linear_max"]),
                  n(x["linear_miss"])] for x in ks.get("synthetic", [])]
    return ["### Exported symbols\n",
            f"{real['exports']} exports and {real['gpl_exports']} GPL-only: "
            f"{real['table_bytes']} bytes of {real['entry_bytes']}-byte entries and "
            f"{real['string_bytes']} bytes of names, "
            f"{real['bytes_per_export_x100'] / 100:.2f} bytes per export. "
            "Lookups by name of every export of __ksymtab, each measured alone "
            "(a miss is a name that sorts among them):\n",
            table(["search", "mean", "min", "max", "a miss"], real_rows),
            "Synthetic tables (64 random names each; a miss sorts between two names):\n",
            table(["exports", "binary search: mean", "max", "miss", "linear scan: mean", "max",
                   "miss"], synthetic)]


def md_modules(fig):
    rows = [[m["name"], n(m["load"]), n(m["unload"]), m["relocs"], m["pages"], m["symbols"]]
            for m in fig.get("modules") or []]
    if not rows:
        return ["### Loadable modules\n", "No modules in this boot (no initramfs).\n"]
    return ["### Loadable modules\n",
            "Loading each sample from the initramfs (read, checks, layout, symbols, "
            "relocations, protections, its init, freeing .init) and removing it (its exit, "
            "every page back), in instructions:\n",
            table(["module", "load", "unload", "relocations", "pages", "symbols"], rows)]


def md_alternatives(arch, fig):
    md = ["### Alternatives\n"]
    lines = []
    for which in ("default", "max"):
        alt = fig["alternatives"].get(which)
        if not alt:
            continue
        cpu = DEFAULT_CPU[arch] if which == "default" else "max"
        sm = alt["summary"]
        feats = ", ".join(f"{k} {v['patched']}/{v['sites']}" for k, v in alt["features"].items())
        lines.append(f"- `-cpu {cpu}`: {sm.get('sites')} sites, {sm.get('patched')} patched; "
                     "apply_alternatives() took "
                     f"{patch_cost(fig['counter_name'], sm.get('patch_cycles'))} instructions; "
                     f"per feature: {feats or '—'}.")
    md.append("\n".join(lines) + "\n")
    rows = []
    for f in fig["alternatives"]["max"]["functions"]:
        rows.append([f["func"], f["bytes"], f["feature"] or "none on this arch",
                     "yes" if f["patched"] else "no",
                     f"{f['generic']:,} ({f['generic'] / f['bytes']:.2f})",
                     f"{f['site']:,} ({f['site'] / f['bytes']:.2f})",
                     f"{f['generic'] / f['site']:.1f}×" if f["site"] else "—"])
    md.append("Portable version against the call site, `-cpu max` "
              "(instructions; per byte in brackets):\n")
    md.append(table(["function", "bytes", "feature", "site patched", "generic", "call site",
                     "ratio"], rows))
    if arch == "x86_64":
        md.append("Under -icount every iteration of `rep movsb` counts as one instruction, so the "
                  "ERMS memcpy shows about one instruction per byte: a count, not a time.\n")
    return md


def md_percpu(fig):
    ops = fig["percpu"]["ops"]
    return ["### Per-CPU variables\n",
            table(["operation", "instructions (min)", "max"],
                  [[k, v["min"], v["max"]] for k, v in ops.items()]),
            "Each operation alone in a function, minus the call of an empty function.\n"]


def md_smp(arch, fig, plots):
    unit = "instructions" if fig["counter_name"] == "tsc" else "CNTVCT ticks of 16 instructions"
    rows = [[r["cpus"], n(r["smp_step_insns"]), n(r.get("added_by_last_cpu")),
             ", ".join(f"{c:,}" for c in r["online_cycles"])] for r in fig["smp"]]
    md = [f"### Secondary CPU bring-up (boot step {STEP['smp']})\n",
          "With several CPUs the counter follows QEMU's virtual clock, which advances with the "
          "instructions of every CPU, the boot CPU's waiting included. Under -icount QEMU runs "
          "the CPUs in turn on one host thread, switching when the running CPU's time slice "
          "ends, so the boot CPU spins (in delay_us() between the start IPIs on x86_64, and "
          "while it waits for the new CPU to report in) until the new CPU gets its turn: the "
          "steps are uneven, but the same in every run. Each CPU's own report "
          "counts from its first instruction to its \"online\" line, in get_cycles() units "
          f"({unit}).\n",
          table(["CPUs", f"step {STEP['smp']}, instructions", "added by the last CPU",
                 "each new CPU's own report"], rows)]
    if f"bringup-{arch}" in plots:
        md.append(f"![bring-up]({plots[f'bringup-{arch}']})\n")
    return md


def md_sched(fig):
    sched = fig["scheduler"]
    return ["### Scheduler\n",
            "Two threads on one CPU take turns (each wakes the other, then calls schedule()); "
            "a switch counts from just before one thread's schedule() to just after the other's "
            "returns.\n",
            table(["what", "rounds", "min", "max", "mean"],
                  [[k, v["count"], n(v["min"]), n(v["max"]), per(v["total"], v["count"])]
                   for k, v in sched.items()])]


def arch_section(arch, fig, plots, quick):
    md = [f"## {arch}\n"]
    md += md_boots(arch, fig)
    md += md_steps(arch, fig, plots)
    md += md_sizes(fig)
    md += md_extable(fig)
    md += md_ksymtab(fig)
    md += md_modules(fig)
    md += md_alternatives(arch, fig)
    md += md_percpu(fig)
    if not quick:
        md += md_smp(arch, fig, plots)
    md += md_initcalls(fig)
    md += md_suites(fig)
    md += md_sched(fig)
    md += md_user(arch, fig)
    return "\n".join(md)


def write_markdown(path, report, plots, quick):
    arches, rows = summary_rows(report)
    md = ["# Special K benchmarks\n",
          f"Written by `scripts/bench{' --quick' if quick else ''}`. QEMU: {report['qemu']}. "
          f"Host CPU: {report['host_cpu']}; load average (1 min) before and after the timed "
          f"boots: {' and '.join(str(x) for x in report.get('load_average', []))}.\n",
          "Every instruction count is exact: the boots run under "
          "`-icount shift=0,align=off,sleep=off`, where the guest's counter (x86_64: TSC, ARM: "
          "PMU cycle counter) advances by one per guest instruction, and counts are taken from "
          "the kernel's first instruction. Wall times are the only noisy figures.\n",
          "Kernels (every boot of this run booted a copy taken at its start): " +
          ", ".join(f"{arch} sha256 `{sha[:16]}`" for arch, sha in report["kernels"].items()) +
          ".\n"]
    same = all(f["deterministic"] for f in report["arches"].values())
    md.append("Repeatability: each arch's `-cpu max` boot was run twice; the figures were "
              f"{'identical' if same else 'NOT identical'}.\n")
    md.append("## Summary\n")
    if quick:
        md.append("A reduced run (`-cpu max` twice per arch, no self-tests): no CPU-count "
                  "sweep, no wall times.\n")
    else:
        md.append("Boot figures are for the default CPU model (x86_64 `qemu64`, ARM "
                  "`cortex-a15`); mechanism figures for `-cpu max`.\n")
    md.append(table(["figure"] + arches, rows))
    if "extable" in plots:
        md.append(f"![exception table lookups]({plots['extable']})\n")
    # Only what went wrong: a boot with ktest.filter=none ends with the same status.
    failed = [f"{b['name']}: {b['failure']}" for f in report["arches"].values()
              for b in f["boots"] if b.get("failure")]
    if failed:
        md.append("Warning: " + "; ".join(failed) + ". The figures are still exact, but see "
                  "`make check`.\n")
    for arch in arches:
        md.append(arch_section(arch, report["arches"][arch], plots, quick))
    with open(path, "w") as f:
        f.write("\n".join(md))
