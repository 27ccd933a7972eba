#!/usr/bin/python3
"""Host tests of the kernel's layers (kernel/layers.mk): the core does not know the layers.

For each arch, from the build's objects (gcc's in --build, clang's in --build/llvm when made):
no core object refers to a symbol that only a layer's objects define (nm: the core's undefined
symbols against what the core and each layer define), so `make mini` links the core alone and a
layer joins only through special sections and the calls the core declares. The same check is
also run once with a layer's file counted as core (kernel/init_process.c, which runs /init with
call_usermodehelper_init()), where it must find that reference: the check can fail. And every
source is in one layer: no file is in two layers of an arch, and every kernel, arch and
self-test source is in a layer of some arch (make layers prints the lists); docs/core.md, the
core in reading order, names every core source outside the C library (*/lib/).

Run: /usr/bin/python3 tests/host/test_layers.py [--build DIR]    (default: $O, else build/)
Prints KTAP (one suite, "layers"); exit status 0 iff every case passed.
"""

import argparse
import glob
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import ktap_writer  # noqa: E402

ARCHES = ("x86_64", "arm")
NM = {"x86_64": "nm", "arm": "arm-none-eabi-nm"}
# Defined at link time, not by an object: the linker script's symbols (section bounds, which
# all start with an underscore), kallsyms' table and the system-call table, which
# scripts/syscalltbl makes from the objects of the kernel being linked.
LINK_TIME = ("nr_syscalls", "sys_call_table", "syscall_names")


def layers(arch):
    """{source: layer} from make layers; the self-tests count in their layer."""
    out = subprocess.run(["make", "-s", "--no-print-directory", "ARCH=" + arch, "layers"],
                         cwd=ROOT, stdout=subprocess.PIPE, text=True, check=True).stdout
    pairs = [line.split() for line in out.splitlines() if line.strip()]
    return [(layer.replace("_TESTS", ""), src) for layer, src in pairs]


def symbols(arch, objects):
    """(defined, undefined): {symbol: object} of the global symbols of objects."""
    defined, undefined = {}, {}
    out = subprocess.run([NM[arch], "-A", "-g"] + objects, stdout=subprocess.PIPE, text=True,
                         check=True).stdout
    for line in out.splitlines():
        where, _, rest = line.partition(": ") if ": " in line else line.partition(":")
        fields = rest.split()
        if len(fields) == 2 and fields[0] == "U":
            undefined.setdefault(fields[1], os.path.basename(where))
        elif len(fields) == 3:
            defined.setdefault(fields[2], os.path.basename(where))
    return defined, undefined


def obj(build, arch, src):
    return os.path.join(build, arch, os.path.splitext(src)[0] + ".o")


def core_references(build, arch, pairs):
    """[(core object, symbol, layer object)]: the core's references to what only a layer defines."""
    core = [obj(build, arch, s) for layer, s in pairs if layer == "CORE"]
    rest = [obj(build, arch, s) for layer, s in pairs if layer != "CORE"]
    core_defined, core_undefined = symbols(arch, core)
    layer_defined, _ = symbols(arch, rest)
    return sorted((where, sym, layer_defined[sym]) for sym, where in core_undefined.items()
                  if sym in layer_defined and sym not in core_defined and sym not in LINK_TIME
                  and not sym.startswith("_"))


def check_core(build, arch, pairs, case):
    missing = [s for _, s in pairs if not os.path.exists(obj(build, arch, s))]
    if missing:
        case.skip = "no objects in %s (make ARCH=%s first): %s" % (build, arch, missing[0])
        return
    for where, sym, defined_in in core_references(build, arch, pairs):
        case.problems.append("%s (core) refers to %s, defined only by a layer's %s" %
                             (where, sym, defined_in))
    case.notes.append("%d core objects, %d of the layers" % (
        sum(layer == "CORE" for layer, _ in pairs), sum(layer != "CORE" for layer, _ in pairs)))


def check_can_fail(build, arch, pairs, case):
    if not os.path.exists(obj(build, arch, "kernel/init_process.c")):
        case.skip = "no objects in %s" % build
        return
    moved = [("CORE" if s == "kernel/init_process.c" else layer, s) for layer, s in pairs]
    found = [(w, s) for w, s, _ in core_references(build, arch, moved)]
    case.expect(("init_process.o", "call_usermodehelper_init") in found,
                "with kernel/init_process.c counted as core the check found %s, not its call "
                "to call_usermodehelper_init()" % found)


def check_sources(all_pairs, case):
    listed = set()
    for arch, pairs in all_pairs.items():
        seen = {}
        for layer, src in pairs:
            case.expect(src not in seen or seen[src] == layer,
                        "%s: %s is in %s and in %s" % (arch, src, seen.get(src), layer))
            case.expect(os.path.exists(os.path.join(ROOT, src)),
                        "%s: %s (layer %s) does not exist" % (arch, src, layer))
            seen[src] = layer
        listed |= {(arch, s) for s in seen}
    for arch in ARCHES:
        for pattern in ("arch/%s/*/*.[cS]" % arch, "tests/kernel/%s/*.[cS]" % arch):
            for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
                src = os.path.relpath(path, ROOT)
                case.expect((arch, src) in listed, "%s is in no layer of %s" % (src, arch))
    for pattern in ("kernel/*.c", "kernel/*/*.c", "tests/kernel/*.c"):
        for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
            src = os.path.relpath(path, ROOT)
            case.expect(any((a, src) in listed for a in ARCHES), "%s is in no layer" % src)


def check_reading_order(all_pairs, case):
    with open(os.path.join(ROOT, "docs", "core.md")) as f:
        text = f.read()
    for arch, pairs in all_pairs.items():
        for layer, src in pairs:
            if layer == "CORE" and "/lib/" not in src and "tests/" not in src:
                case.expect("`%s`" % src in text, "%s: %s is core, but docs/core.md does not "
                            "name it" % (arch, src))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.environ.get("O") or os.path.join(ROOT, "build"))
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    all_pairs = {arch: layers(arch) for arch in ARCHES}
    checks = [("every_source_in_one_layer", lambda c: check_sources(all_pairs, c)),
              ("core_in_reading_order", lambda c: check_reading_order(all_pairs, c))]
    for arch in ARCHES:
        for name, where in (("gcc", build), ("llvm", os.path.join(build, "llvm"))):
            if name == "llvm" and not os.path.isdir(os.path.join(where, arch)):
                continue
            checks.append(("%s_%s_core_refers_to_no_layer" % (arch, name),
                           lambda c, a=arch, w=where: check_core(w, a, all_pairs[a], c)))
        checks.append(("%s_check_finds_a_reference" % arch,
                       lambda c, a=arch: check_can_fail(build, a, all_pairs[a], c)))
    return ktap_writer.run_cases("layers", checks)


if __name__ == "__main__":
    sys.exit(main())
