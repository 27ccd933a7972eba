"""tests/host/test_make.py's cases of what a second make does again, and what it must not:
modpost and the modules, the host tests' and the fuzzers' results. Each case fails if make
skips something it must do again, as well as if it does again what it need not."""

import os
import re
import shutil
import subprocess

from frontend import ROOT, check, make, make_env

MODULE_A = """#include <kernel/module.h>
int ext_a_value(void) { return 42; }
EXPORT_SYMBOL(ext_a_value);
MODULE_LICENSE("GPL");
"""
MODULE_B = """#include <kernel/module.h>
int ext_a_value(void);
int ext_b_value(void) { return %s; }
MODULE_LICENSE("GPL");
"""


def build_tree(out):
    """{path: mtime} of every file under out (a link's own: the archive trees hold links that
    point into the archive, such as dynroot's lib/ktest/user_dynamic, not into the build)."""
    return {os.path.join(d, f): os.stat(os.path.join(d, f), follow_symlinks=False).st_mtime_ns
            for d, _, files in os.walk(out) for f in files}


def copy_build(ref, arch, out, shared=None):
    """make check's build of arch in ref, copied to out as if made there (times kept), with
    the host tools and user programs of the build in shared (default: ref; make check's LLVM=1
    build uses its gcc build's, SHARED_O): the paths its commands (.cmd) and dependency lists
    (.d) name are renamed: absolute, or relative to the tree when the build is inside it (the
    Makefile names such a build so, however O= spells it)."""
    shared = shared or ref

    def renamed(text):
        for old in (ref, shared):
            text = text.replace(old + "/", out + "/")
            rel = os.path.relpath(old, ROOT)
            if not rel.startswith(".."):
                text = re.sub(r"(?:(?<![\w./-])|(?<=-I))" + re.escape(rel + "/"), out + "/",
                              text)
        return text

    # Not uboot/: make check's U-Boot boots write and delete files there meanwhile.
    for src, part in ((ref, arch), (shared, "tools"), (shared, os.path.join(arch, "user"))):
        if not os.path.exists(os.path.join(out, part)):
            shutil.copytree(os.path.join(src, part), os.path.join(out, part), symlinks=True,
                            ignore=shutil.ignore_patterns("uboot"))
    for path in build_tree(out):
        if path.endswith((".cmd", ".d")):
            st = os.stat(path)
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(renamed(text))
            os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def case_modpost_writes_what_changed(args):
    """A kernel linked again runs modpost again, which rewrites no NAME.mod.c whose text is the
    same, so no module is relinked; a module that stops using another's export gets a new
    NAME.mod.c (depends= empty) and is linked again. External modules (M=) on a copy of make
    check's x86_64 build."""
    out, mdir = os.path.join(args.tmp, "modpost"), os.path.join(args.tmp, "extmod")
    if not os.path.isfile(os.path.join(args.build, "x86_64", "kernel.elf")):
        return "no x86_64 build in %s" % args.build
    copy_build(args.build, "x86_64", out)
    os.mkdir(mdir)
    for name, text in (("a.c", MODULE_A), ("b.c", MODULE_B % "ext_a_value() + 1")):
        with open(os.path.join(mdir, name), "w") as f:
            f.write(text)
    built = os.path.join(mdir, "build-x86_64")

    def modules():
        r = make("ARCH=x86_64", "O=" + out, "M=" + mdir, "modules", timeout=300)
        check(r.returncode == 0, "make M= modules failed: %s" % r.stderr[-600:])
        return r.stdout

    def depends():
        r = subprocess.run(["modinfo", "-F", "depends", os.path.join(built, "b.ko")],
                           stdout=subprocess.PIPE, text=True, check=True)
        return r.stdout.strip()

    modules()
    check(depends() == "a", "b.ko depends on %r, not a" % depends())
    tree = build_tree(built)
    os.remove(os.path.join(out, "x86_64", "kernel.elf"))
    log = modules()
    check("MODPOST" in log and "LINK" in log, "the kernel was not linked again: %r" % log)
    changed = sorted(p for p, t in build_tree(built).items() if tree.get(p) != t)
    check(all(p.endswith(("/.modpost", "/.modpost.cmd")) for p in changed),
          "a kernel linked again remade %s" % changed)
    with open(os.path.join(mdir, "b.c"), "w") as f:
        f.write(MODULE_B % "1")
    log = modules()
    check("LD [M]  %s/b.ko" % built in log and "LD [M]  %s/a.ko" % built not in log,
          "b.ko alone should be linked again: %r" % log)
    check(depends() == "", "b.ko still depends on %r" % depends())


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def suite_make(tree, sub, *words):
    """make -C tree/tests/SUB (a copy of the real Makefile in a made-up tree)."""
    return subprocess.run(["make", "--no-print-directory", "-C", os.path.join(tree, "tests", sub),
                           "O=" + os.path.join(tree, "out")] + list(words),
                          env=make_env(), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=300)


def ran(log, word):
    """The names make said it ran (lines "  WORD    NAME")."""
    return sorted(line.split()[1] for line in log.splitlines()
                  if line.startswith("  " + word + " "))


ONE_C = "int one(void) { return %d; }\n"
HOST_TEST_C = """#include <stdio.h>
int one(void);
int main(void)
{
	FILE *f = fopen("%s", "r");
	int ok = %s;

	printf("    # Subtest: %s\\n    1..1\\n    %%sok 1 it\\n", ok ? "" : "not ");
	return !ok;
}
"""


def copy_from_tree(tree, *paths):
    """Copy the files paths (relative to the top) of this tree into the made-up tree."""
    for path in paths:
        os.makedirs(os.path.dirname(os.path.join(tree, path)), exist_ok=True)
        shutil.copy(os.path.join(ROOT, path), os.path.join(tree, path))


def case_host_results(args):
    """tests/host/Makefile in a made-up tree of two tests: a second run runs neither; a change
    to kernel/lib runs again both (each is linked with it), a change to the file one reads (its
    RUNTIME_DEPS_) runs that one again, a change elsewhere none; a failed result is never
    kept."""
    tree = os.path.join(args.tmp, "host-tree")
    host = os.path.join(tree, "tests", "host")
    data = os.path.join(tree, "data.txt")
    copy_from_tree(tree, "tests/host/Makefile", "scripts/Makefile.include")
    write(os.path.join(tree, "kernel", "lib", "one.c"), ONE_C % 1)
    write(os.path.join(host, "rename.h"), "")
    write(data, "y")
    write(os.path.join(host, "lib_test.c"),
          HOST_TEST_C % ("/dev/null", "f && one() == 1", "lib_test"))
    write(os.path.join(host, "data_test.c"),
          HOST_TEST_C % (data, "f && fgetc(f) == 'y'", "data_test"))
    write(os.path.join(host, "data.mk"), "RUNTIME_DEPS_data_test := %s\n" % data)
    steps = (("first run", None, ["data_test", "lib_test"], 0),
             ("second run", None, [], 0),
             ("data changed", ("data.txt", "n"), ["data_test"], 2),
             ("after a failure", None, ["data_test"], 2),
             ("data mended", ("data.txt", "y"), ["data_test"], 0),
             ("unrelated file", ("kernel/unrelated.c", ""), [], 0),
             ("kernel/lib changed", ("kernel/lib/one.c", ONE_C % 2), ["data_test", "lib_test"], 2))
    for what, change, expected, status in steps:
        if change:
            write(os.path.join(tree, change[0]), change[1])
        r = suite_make(tree, "host")
        check(ran(r.stdout, "TEST") == expected and r.returncode == status,
              "%s: ran %s (expected %s), status %d: %s"
              % (what, ran(r.stdout, "TEST"), expected, r.returncode, r.stdout[-400:]))
        check(("not ok" in r.stdout) == (status != 0), "%s: KTAP: %s" % (what, r.stdout[-400:]))


FUZZ_C = """#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return size > 100000 && data[0] == 0;
}
"""


def case_fuzz_results(args):
    """tests/fuzz/Makefile in a made-up tree of one harness: a second short run does not run
    it again; a seed changed, added or removed, or another FUZZ_RUNS, does."""
    tree = os.path.join(args.tmp, "fuzz-tree")
    os.makedirs(os.path.join(tree, "tests", "fuzz", "corpus", "x_fuzz"))
    copy_from_tree(tree, "tests/fuzz/Makefile", "scripts/Makefile.include")
    write(os.path.join(tree, "tests", "fuzz", "harnesses.mk"), "")
    write(os.path.join(tree, "tests", "host", "rename.h"), "")
    write(os.path.join(tree, "kernel", "lib", "one.c"), ONE_C % 1)
    write(os.path.join(tree, "tests", "fuzz", "x_fuzz.c"), FUZZ_C)
    corpus = os.path.join(tree, "tests", "fuzz", "corpus", "x_fuzz")
    steps = (("first run", lambda: write(os.path.join(corpus, "a"), "a"), "100", True),
             ("second run", None, "100", False),
             ("seed changed", lambda: write(os.path.join(corpus, "a"), "b"), "100", True),
             ("seed added", lambda: write(os.path.join(corpus, "c"), "c"), "100", True),
             ("seed removed", lambda: os.remove(os.path.join(corpus, "c")), "100", True),
             ("same again", None, "100", False),
             ("other FUZZ_RUNS", None, "200", True))
    for what, change, runs, expected in steps:
        if change:
            change()
        r = suite_make(tree, "fuzz", "FUZZ_RUNS=" + runs)
        check(r.returncode == 0 and ran(r.stdout, "FUZZ") == (["x_fuzz"] if expected else []),
              "%s: ran %s, status %d: %s" % (what, ran(r.stdout, "FUZZ"), r.returncode,
                                             r.stdout[-400:]))
        check("ok 1 x_fuzz" in r.stdout and "executed_units: %s" % runs in r.stdout,
              "%s: no result: %s" % (what, r.stdout[-400:]))
