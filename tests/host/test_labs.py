#!/usr/bin/python3
"""Host tests of the labs' machinery (scripts/labs, scripts/lib/sklib/labs.py), without a boot.

make check's labs stage proves each lab on the kernels (its stub tree builds and fails grading,
the full tree scores full marks); this proves the parts that decide, on made-up inputs: every
lab's definition loads and its markers are sound; the book's lab pages are what the definitions
make; a broken marker, a marker of no lab, a stub
without TODO or identical to the region's code are reported; a stub replaces exactly the lines
between the markers; a student tree is a copy (no .git, the build's timestamps kept, the
original untouched) where only the stubbed file is new; a boot's verdict (passed, a failed
case, a panic, a timeout, a suite that did not run, a case with no result) gives the points
it should; make lab refuses a DEST that exists or lies among the sources.

Run: /usr/bin/python3 tests/host/test_labs.py
Prints KTAP (one suite, "labs"); exit 0 iff all passed.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import exits, ktap_writer, labs, labs_pages  # noqa: E402

CODE = ("#include <x.h>\n"
        "int f(int a)\n{\n"
        "\t/* LAB demo: begin */\n"
        "\treturn a + 1;\n"
        "\t/* LAB demo: end */\n"
        "}\n")
STUB = "\t/* TODO 1: return a + 1. */\n\treturn 0;\n"
TOML = ('title = "Demo"\nchapter = "none"\nstatement = "add one"\n'
        '[[region]]\nfile = "kernel/demo.c"\nstub = "demo.stub"\n'
        '[[test]]\nsuite = "demo"\ncases = ["adds"]\npoints = 3\n')


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def demo_tree(tmp, code=CODE, stub=STUB):
    tree, labs_dir = os.path.join(tmp, "tree"), os.path.join(tmp, "tree", "tests", "labs")
    write(os.path.join(tree, "kernel", "demo.c"), code)
    write(os.path.join(labs_dir, "demo", "lab.toml"), TOML)
    write(os.path.join(labs_dir, "demo", "demo.stub"), stub)
    return tree, labs_dir


def definitions_sound(case):
    all_labs = labs.load_all()
    case.expect(len(all_labs) >= 9, "%d labs, fewer than 9" % len(all_labs))
    for lab in all_labs:
        case.expect(lab.points() > 0, "%s: no points" % lab.name)
    for problem in labs.marker_problems(ROOT, all_labs):
        case.problems.append(problem)


def pages_up_to_date(case):
    for f in labs_pages.stale(labs.load_all()):
        case.problems.append("docs/book/labs/%s differs from what tests/labs/ makes (run "
                             "scripts/labs pages)" % f)


def problems_found(case):
    with tempfile.TemporaryDirectory() as tmp:
        tree, labs_dir = demo_tree(tmp)
        demo = [labs.Lab("demo", labs_dir)]
        case.expect(labs.marker_problems(tree, demo) == [], "a sound demo lab: %s"
                    % labs.marker_problems(tree, demo))
        broken = {
            "no TODO": (CODE, "\treturn 0;\n", "has no TODO"),
            "stub is the code": (CODE, "\treturn a + 1; /* TODO */\n", None),
            "two begins": (CODE.replace("\treturn a", "\t/* LAB demo: begin */\n\treturn a"),
                           STUB, "wants one"),
            "no end": (CODE.replace("\t/* LAB demo: end */\n", ""), STUB, "wants one"),
            "unknown lab": (CODE + "/* LAB other: begin */\n", STUB, "does not define"),
            "misspelt": (CODE + "/* LAB demo begin */\n", STUB, "no marker"),
        }
        for what, (code, stub, needle) in broken.items():
            with tempfile.TemporaryDirectory() as tmp2:
                tree2, labs_dir2 = demo_tree(tmp2, code, stub)
                if what == "stub is the code":
                    write(os.path.join(tree2, "kernel", "demo.c"),
                          CODE.replace("\treturn a + 1;\n", "\treturn a + 1; /* TODO */\n"))
                    needle = "the region's own code"
                found = labs.marker_problems(tree2, [labs.Lab("demo", labs_dir2)])
                case.expect(any(needle in p for p in found), "%s: not reported (%s)"
                            % (what, found))


def stub_replaces_region(case):
    with tempfile.TemporaryDirectory() as tmp:
        tree, labs_dir = demo_tree(tmp)
        text = labs.stubbed(tree, labs.Lab("demo", labs_dir))["kernel/demo.c"]
        want = CODE.replace("\treturn a + 1;\n", STUB)
        case.expect(text == want, "stubbed:\n%s\nwanted:\n%s" % (text, want))


def student_tree(case):
    with tempfile.TemporaryDirectory() as tmp:
        tree, labs_dir = demo_tree(tmp)
        write(os.path.join(tree, ".git", "HEAD"), "ref\n")
        build = os.path.join(tree, "build")
        for rel in ("x86_64/kernel/demo.o", "tools/kallsyms", "x86_64/mini/kernel.elf",
                    "ktest/x.log"):
            write(os.path.join(build, rel), "obj\n")
        old = 1_000_000_000
        for d, _, files in os.walk(tree):
            for f in files:
                os.utime(os.path.join(d, f), (old, old))
        dest = os.path.join(build, "labs", "demo")
        labs.write_tree(tree, labs.Lab("demo", labs_dir), dest, build, skip=[build])
        with open(os.path.join(tree, "kernel", "demo.c")) as f:
            case.expect(f.read() == CODE, "the original tree changed")
        case.expect(not os.path.exists(os.path.join(dest, ".git")), ".git copied")
        for rel, there in (("build/x86_64/kernel/demo.o", True), ("build/tools/kallsyms", True),
                           ("build/x86_64/mini", False), ("build/ktest", False),
                           ("build/labs", False), ("tests/labs/demo/lab.toml", True)):
            case.expect(os.path.exists(os.path.join(dest, rel)) == there, "%s %s" % (
                rel, "missing" if there else "copied"))
        for rel in ("build/x86_64/kernel/demo.o", "tests/labs/demo/demo.stub"):
            case.expect(os.path.getmtime(os.path.join(dest, rel)) == old,
                        "%s: timestamp not kept" % rel)
        case.expect(os.path.getmtime(os.path.join(dest, "kernel", "demo.c")) > old,
                    "the stubbed file is not newer than its object")


KTAP = ("KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: demo\n    1..2\n"
        "    ok 1 adds\n    %s 2 other\nok 1 demo\n")


def judge_verdicts(case):
    test = labs.Lab("demo", demo_tree_dir).tests[0]
    runs = {
        "passed": (KTAP % "ok", (exits.PASS, False, None), 3),
        "another case failed": (KTAP % "not ok", (exits.TESTS_FAILED, False, None), 3),
        "its case failed": ((KTAP % "ok").replace("ok 1 adds", "not ok 1 adds"),
                            (exits.TESTS_FAILED, False, None), 0),
        "panic": (KTAP % "ok" + "Kernel panic - not syncing: x\n", (exits.PANIC, False, None),
                  0),
        "oops, then an exit 33": ("Oops: page fault\n" + KTAP % "ok",
                                  (exits.PASS, False, None), 0),
        "timeout": (KTAP % "ok", (None, True, None), 0),
        "triple fault": (KTAP % "ok", (0, False, None), 0),
        "suite did not run": ("KTAP version 1\n1..0\n", (exits.TESTS_FAILED, False, None), 0),
        "no result for its case": (KTAP.replace("ok 1 adds", "ok 1 subtracts") % "ok",
                                   (exits.PASS, False, None), 0),
    }
    with tempfile.TemporaryDirectory() as tmp:
        for what, (serial, result, points) in runs.items():
            log = os.path.join(tmp, "boot.log")
            write(log, serial)
            got, why = labs.judge(test, log, result)
            case.expect(got == points and bool(why) == (points == 0),
                        "%s: %d points (%s), wanted %d" % (what, got, why, points))


def make_lab_refuses(case):
    with tempfile.TemporaryDirectory() as tmp:
        name = labs.names()[0]
        for dest, why in ((tmp, "exists"), (os.path.join(ROOT, "docs", "lab-here"),
                                            "inside the tree")):
            r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "labs"),
                                "--build", os.path.join(tmp, "build"), "make", name,
                                "--dest", dest], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
            case.expect(r.returncode == 2 and why in r.stdout, "DEST %s: %d %r" % (
                dest, r.returncode, r.stdout))
        case.expect(not os.path.exists(os.path.join(ROOT, "docs", "lab-here")),
                    "a tree was written in docs/")


demo_tree_dir = None


def main():
    global demo_tree_dir
    with tempfile.TemporaryDirectory() as tmp:
        demo_tree_dir = demo_tree(tmp)[1]
        return ktap_writer.run_cases("labs", [
            ("definitions_sound", definitions_sound),
            ("pages_up_to_date", pages_up_to_date),
            ("problems_found", problems_found),
            ("stub_replaces_region", stub_replaces_region),
            ("student_tree", student_tree),
            ("judge_verdicts", judge_verdicts),
            ("make_lab_refuses", make_lab_refuses),
        ])


if __name__ == "__main__":
    sys.exit(main())
