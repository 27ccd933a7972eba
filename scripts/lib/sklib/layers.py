"""Lines of source per layer (kernel/layers.mk), counted from what the compiler read.

Each object's .d file (gcc -MMD) lists the source and every header it was compiled from; a
layer's lines are those of the files its objects read that no layer before it read (core
first, then user space, modules, tools: a header the core includes is the core's), headers
included, each file counted once. The self-tests are counted apart, the same way: what their
objects read that no kernel layer did. Generated files (the build's) and the compiler's own
headers are not the tree's source and are left out. The mini kernel is the core; the full
kernel is every layer. scripts/layer-lines prints the table, scripts/bench bounds the core.
"""

import os
import subprocess

from sklib.qemu import ROOT

LAYERS = (("CORE", "core"), ("USER", "user space"), ("MODULES", "modules"), ("TOOLS", "tools"))
MINI_BOUND = 10_000


def layer_lists(arch):
    """{LAYER: [source]} and {LAYER: [self-test source]}, from make layers."""
    out = subprocess.run(["make", "-s", "--no-print-directory", "ARCH=" + arch, "layers"],
                         cwd=ROOT, stdout=subprocess.PIPE, text=True, check=True).stdout
    srcs, tests = {k: [] for k, _ in LAYERS}, {k: [] for k, _ in LAYERS}
    for line in out.splitlines():
        layer, src = line.split()
        if layer.endswith("_TESTS"):
            tests[layer[:-len("_TESTS")]].append(src)
        else:
            srcs[layer].append(src)
    return srcs, tests


def read_files(build, arch, src):
    """The tree's files the object of src was compiled from (paths relative to the tree)."""
    dep = os.path.join(build, arch, os.path.splitext(src)[0] + ".d")
    with open(dep) as f:
        text = f.read().replace("\\\n", " ")
    target, _, deps = text.split("\n", 1)[0].partition(": ")
    files = []
    for path in deps.split():
        full = os.path.normpath(os.path.join(ROOT, path))
        if full.startswith(ROOT + os.sep) and not full.startswith(os.path.abspath(build)):
            files.append(os.path.relpath(full, ROOT))
    return files


def count_lines(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return sum(1 for _ in f)


def count(build, arch):
    """[(name, files, lines, test files, test lines)] per layer, in order; None when the
    arch's objects are not built."""
    srcs, tests = layer_lists(arch)
    if not all(os.path.exists(os.path.join(build, arch, os.path.splitext(s)[0] + ".d"))
               for layer in srcs.values() for s in layer):
        return None
    seen, rows = set(), []
    for key, name in LAYERS:
        mine = {f for s in srcs[key] for f in read_files(build, arch, s)} - seen
        seen |= mine
        rows.append([name, mine])
    for row, (key, _) in zip(rows, LAYERS):
        mine = {f for s in tests[key] for f in read_files(build, arch, s)} - seen
        seen |= mine
        row.append(mine)
    return [(name, len(k), sum(map(count_lines, k)), len(t), sum(map(count_lines, t)))
            for name, k, t in rows]


def table(build, arches):
    """The report as text lines."""
    out = ["lines of source per layer, from the .d files (headers included, each file once, "
           "in the first layer that reads it; self-tests apart)",
           f"{'arch':7} {'layer':11} {'files':>5} {'lines':>7}   {'self-tests':>10} "
           f"{'lines':>7}"]
    for arch in arches:
        rows = count(build, arch)
        if rows is None:
            out.append(f"{arch:7} (not built: make ARCH={arch})")
            continue
        for name, files, lines, tfiles, tlines in rows:
            out.append(f"{arch:7} {name:11} {files:5} {lines:7,}   {tfiles:10} {tlines:7,}")
        out.append(f"{arch:7} {'mini kernel':11} {rows[0][1]:5} {rows[0][2]:7,}   "
                   f"{rows[0][3]:10} {rows[0][4]:7,}   (make mini: the core; "
                   f"bound {MINI_BOUND:,})")
        out.append(f"{arch:7} {'full kernel':11} {sum(r[1] for r in rows):5} "
                   f"{sum(r[2] for r in rows):7,}   {sum(r[3] for r in rows):10} "
                   f"{sum(r[4] for r in rows):7,}")
    return out
