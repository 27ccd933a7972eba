"""report.md's tables of what each entry of two of the kernel's tables cost: every initcall
(the core's record, by level) and every self-test suite (ktest's record), under -icount."""


def md_initcalls(fig):
    from sklib.bench.report import n, table   # report.py imports this module
    ic = fig["initcalls"]
    return ["### Initcalls (`-cpu max`)\n",
            table(["level", "calls", "instructions"],
                  [[lv["level"], lv["calls"], n(lv["insns"])] for lv in ic["levels"]]),
            "The five most expensive:\n",
            table(["initcall", "level", "instructions"],
                  [[f"`{c['fn']}`", c["level"], n(c["insns"])] for c in ic["top5"]])]


def md_suites(fig):
    from sklib.bench.report import n, table   # report.py imports this module
    suites = sorted(fig["suites"], key=lambda s: -s["insns"])
    total = sum(s["insns"] for s in suites)
    return ["### Self-test suites (`-cpu max`)\n",
            f"Each suite's instructions, from its start to its top-level KTAP line; "
            f"{len(suites)} suites, {n(total)} in all, the most expensive first:\n",
            table(["suite", "instructions", "share"],
                  [[f"`{s['suite']}`", n(s["insns"]), f"{100 * s['insns'] / total:.1f} %"]
                   for s in suites] if total else [])]
