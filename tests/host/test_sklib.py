#!/usr/bin/python3
"""Host tests for scripts/lib/sklib, what the Python scripts share.

Run: /usr/bin/python3 tests/host/test_sklib.py
It prints KTAP (one suite, "sklib") for scripts/ktest --extra. Exit status 0 iff every case
passed. The ELF reader is checked against binutils' readelf on objects compiled here for
both word sizes; process handling against real process groups. The bench modules have
their own tests (test_bench_lib.py).
"""

import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import elf, exits, ktap, ktap_writer, matrix, outcome, qemu  # noqa: E402

WORK = tempfile.mkdtemp(prefix="sklib-test.")
SOURCE = """
int counter = 3;
static const char greeting[] = "hello from sklib";
const char *where(void) { return greeting + counter; }
"""
COMPILERS = {"elf64": ["cc"], "elf32": ["arm-none-eabi-gcc", "-mcpu=cortex-a15"]}


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def equal(got, want, what):
    check(got == want, "%s: got %r, want %r" % (what, got, want))


def compiled(kind):
    path = os.path.join(WORK, kind + ".o")
    if not os.path.exists(path):
        src = os.path.join(WORK, "t.c")
        with open(src, "w") as f:
            f.write(SOURCE)
        subprocess.run(COMPILERS[kind] + ["-O1", "-c", src, "-o", path], check=True)
    return path


def readelf_sections(path):
    out = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True).stdout
    # Header 0 has no name: readelf's row [ 0] starts with its type, NULL.
    return [(m.group(1), int(m.group(2), 16), int(m.group(3), 16), int(m.group(4), 16))
            for m in re.finditer(r"^\s*\[\s*[1-9]\d*\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+"
                                 r"([0-9a-f]+)", out, re.M)]


def readelf_symbols(path):
    out = subprocess.run(["readelf", "-sW", path], capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines():
        f = line.split()
        # readelf names a SECTION symbol after its section; in the table it has no name.
        if len(f) == 8 and f[0][:-1].isdigit() and f[3] != "SECTION":
            rows.append((f[7], int(f[1], 16), int(f[2], 0), f[3]))
    return rows


def elf_matches_readelf(kind):
    path = compiled(kind)
    f = elf.ElfFile(path)
    equal(f.is64, kind == "elf64", "word size")
    mine = [(s.name, s.addr, s.offset, s.size) for s in f.sections if s.name]
    equal(mine, readelf_sections(path), "sections")
    mine = [(s.name, s.value, s.size, s.kind) for s in f.symbols]
    equal(mine, readelf_symbols(path), "symbols")
    check("counter" in f.values() and "where" in f.values(), "values() misses symbols")
    data = f.section(".rodata") or f.section(".rodata.str1.1")
    check(data is not None, "no .rodata")
    check(b"hello from sklib" in f.data[data.offset:data.offset + data.size], "rodata bytes")


def test_elf64_matches_readelf():
    elf_matches_readelf("elf64")


def test_elf32_matches_readelf():
    elf_matches_readelf("elf32")


def test_elf_read_linked_bytes():
    # In a relocatable object every section is at address 0: give .rodata an address of its own.
    path = os.path.join(WORK, "linked")
    subprocess.run(["cc", "-nostdlib", "-static", "-Wl,-e,where", "-Wl,--build-id=none",
                    compiled("elf64"), "-o", path], check=True)
    f = elf.ElfFile(path)
    at = f.values()["greeting"]
    equal(f.read(at, 16), b"hello from sklib", "read(greeting)")
    equal(f.read(0x10, 4), None, "read() of an address no section holds")


def test_elf_refuses_other_files():
    for name, data in (("text", b"not an ELF file at all, not even close....................."),
                       ("big-endian", b"\x7fELF\x02\x02\x01" + bytes(64))):
        path = os.path.join(WORK, name)
        with open(path, "wb") as f:
            f.write(data)
        try:
            elf.ElfFile(path)
        except ValueError as e:
            check(path in str(e), "the message does not name the file: %s" % e)
        else:
            raise AssertionError("%s was read as ELF" % name)


def test_exits_from_the_header():
    # The rule panic.h states: odd and above 1, so that x86's isa-debug-exit ((v << 1) | 1)
    # can give them and QEMU's own 0 and 1 are never mistaken for them.
    values = [exits.PASS, exits.TESTS_FAILED, exits.PANIC]
    equal(len(set(values)), 3, "distinct statuses")
    check(all(v > 1 and v % 2 for v in values), "statuses %s are not odd and above 1" % values)
    check("passed" in exits.describe(exits.PASS), exits.describe(exits.PASS))
    check("triple fault" in exits.describe(0), exits.describe(0))


def test_exits_explained_by_the_console():
    # QEMU_EXIT_TESTS_FAILED has several causes; the console's lines tell them apart.
    ok, failed, panic = exits.PASS, exits.TESTS_FAILED, exits.PANIC
    for status, console, kinds, words in (
            (failed, "init exited with status 0\nktest: 2 test case(s) failed\n",
             [exits.TEST_FAILED], "2 self-test cases failed (QEMU exit %d)" % failed),
            (failed, "ktest: 1 test case(s) failed\ninit exited with status 3\n",
             [exits.TEST_FAILED, exits.INIT_ENDED_BADLY], "1 self-test case failed; init "
             "exited with status 3 (QEMU exit %d)" % failed),
            (failed, "Run /init as init process\r\ninit exited with status 3\r\nsk> ",
             [exits.INIT_ENDED_BADLY], "init exited with status 3, every self-test passed"),
            (failed, "sk> init killed by signal 11\n", [exits.INIT_ENDED_BADLY],
             "init killed by signal 11"),
            (failed, "ktest: no self-test ran (ktest.filter=nope)\n", [exits.NONE_RAN],
             "no self-test ran (ktest.filter=nope matched no suite)"),
            (failed, "", [exits.OTHER], "the console says neither"),
            (failed, None, [exits.OTHER], exits.describe(failed)),
            (panic, "x\nOops: page fault: 0002 [#1]\nKernel panic - not syncing: Fatal\n",
             [exits.CRASHED], "Oops: page fault: 0002 [#1] (QEMU exit %d)" % panic),
            (ok, "init exited with status 3\n", [exits.PASSED], exits.describe(ok)),
            (0, "", [exits.OTHER], "triple fault")):
        got = exits.explain(status, console)
        check(got[0] == kinds and words in got[1], "explain(%r, %r) = %r, want %r and %r" % (
            status, console, got, kinds, words))
    check("init exited" not in exits.explain(failed, "init exited with status 0\n")[1],
          "init's status 0 is no cause")


def test_exits_reader():
    header = os.path.join(WORK, "panic.h")
    with open(header, "w") as f:
        f.write("#define QEMU_EXIT_PASS\t\t3\t/* fine */\n#define QEMU_EXIT_TESTS_FAILED 5\n"
                "#define QEMU_EXIT_PANIC\t7\t/* dead */\n")
    equal(exits.read(header), {"PASS": (3, "fine"), "TESTS_FAILED": (5, ""),
                               "PANIC": (7, "dead")}, "read()")
    with open(header, "w") as f:
        f.write("#define QEMU_EXIT_PASS 3\n")
    try:
        exits.read(header)
    except SystemExit as e:
        check("QEMU_EXIT_TESTS_FAILED" in str(e), "message: %s" % e)
    else:
        raise AssertionError("a header without QEMU_EXIT_TESTS_FAILED was accepted")


def test_exits_command():
    tool = os.path.join(ROOT, "scripts", "lib", "sklib", "exits.py")
    run = subprocess.run([sys.executable, tool, str(exits.PASS)], capture_output=True, text=True)
    equal(run.returncode, 0, "exit status for PASS")
    run = subprocess.run([sys.executable, tool, str(exits.PANIC)], capture_output=True, text=True)
    equal(run.returncode, 1, "exit status for PANIC")
    run = subprocess.run([sys.executable, tool, "--list"], capture_output=True, text=True)
    check("QEMU_EXIT_PANIC=%d" % exits.PANIC in run.stdout, run.stdout)
    run = subprocess.run([sys.executable, tool, "x"], capture_output=True, text=True)
    equal(run.returncode, 2, "exit status on bad usage")


def test_qemu_command():
    cmd = qemu.command("arm", "/b", smp=2, append="a b", mem="64M", extra=["-d", "int"])
    equal(cmd, [qemu.QEMU, "--arch", "arm", "--smp", "2", "--build", "/b", "--mem", "64M",
                "--append", "a b", "--", "-d", "int"], "command")


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead too; it only waits for its parent.
    with open("/proc/%d/stat" % pid) as f:
        return f.read().split(")")[-1].split()[0] != "Z"


def test_qemu_run_timeout_stops_the_group():
    pidfile = os.path.join(WORK, "child.pid")
    script = "sleep 60 & echo $! > %s; echo started; wait" % pidfile
    start = time.monotonic()
    status, timed_out, why = qemu.run(["sh", "-c", script], os.path.join(WORK, "out"),
                                      os.path.join(WORK, "err"), 1.0)
    check(time.monotonic() - start < 10, "run() did not stop at its timeout")
    equal((status, timed_out, why), (None, True, None), "run() result")
    equal(qemu.read_text(os.path.join(WORK, "out")), "started\n", "collected output")
    with open(pidfile) as f:
        child = int(f.read())
    for _ in range(50):
        if not alive(child):
            break
        time.sleep(0.1)
    check(not alive(child), "the child of the timed-out process still runs")


def test_qemu_run_status_and_launch_error():
    out, err = os.path.join(WORK, "out"), os.path.join(WORK, "err")
    equal(qemu.run(["sh", "-c", "echo oops >&2; exit 35"], out, err, 10), (35, False, None),
          "exit status")
    equal(qemu.read_text(err), "oops\n", "stderr")
    status, timed_out, why = qemu.run([os.path.join(WORK, "no-such-program")], out, err, 10)
    check(status is None and not timed_out and why and "cannot run" in why, why)
    equal(qemu.read_text(os.path.join(WORK, "no-such-file")), "", "read_text of no file")


def test_ktap_writer_round_trip():
    good, bad, skipped = (ktap_writer.Case(n) for n in ("good", "bad", "skipped"))
    good.notes.append("a note\nover two lines")
    bad.expect(False, "went wrong")
    check(bad.match(r"^b$", "a\nb\n", "text"), "match() on the second line")
    skipped.skip = "nothing to do"
    with tempfile.TemporaryFile("w+") as out:
        ktap_writer.header(2, out)
        equal(ktap_writer.subtest(1, "first", [good, bad, skipped], out), False, "result")
        equal(ktap_writer.missing_kernel(2, "arm", "/x/kernel.elf", out), False, "missing")
        out.seek(0)
        text = out.read()
    report = ktap.parse_text(text)
    equal({c.path: c.status for c in report.cases()},
          {"first.good": "passed", "first.bad": "failed", "first.skipped": "skipped",
           "arm.kernel_built": "failed"}, "parsed cases")
    equal((report.errors, report.truncated), ([], False), "structural problems")
    check("    # over two lines" in text.splitlines(), "a line break starts a new diagnostic")
    check("make ARCH=arm" in text, "missing_kernel() says how to build it")


def test_ktap_writer_run_cases():
    def crash(c):
        raise OSError("no such tool")

    with tempfile.TemporaryFile("w+") as out:
        status = ktap_writer.run_cases("s", (("passes", lambda c: None),
                                             ("finds", lambda c: c.expect(False, "wrong")),
                                             ("crashes", crash)), out)
        out.seek(0)
        text = out.read()
    equal(status, 1, "exit status")
    equal({c.path: c.status for c in ktap.parse_text(text).cases()},
          {"s.passes": "passed", "s.finds": "failed", "s.crashes": "failed"}, "parsed cases")
    check("    # OSError: no such tool" in text.splitlines(), "a crash is its case's diagnostic")


def test_matrix_errors_name_the_line():
    path = os.path.join(WORK, "matrix")
    for text, want in (("a x86_64\nb arm smp=0\n", ":2: smp wants a positive number"),
                       ("a sparc\n", ":1: unknown arch 'sparc'"),
                       ("a arm colour=red\n", ":1: unknown key 'colour'"),
                       ("a arm\na arm\n", ":2:"),
                       ("a arm initrd=../x.cpio\n", ":1: initrd wants a file in build/"),
                       ("a arm kernel=/x.elf\n", ":1: kernel wants a file in build/"),
                       ("a x86_64 boot=iso initrd=none\n", ":1: initrd= and kernel= cannot"),
                       ("a x86_64 boot=uboot\n", ":1: boot=uboot exists only on arm")):
        with open(path, "w") as f:
            f.write(text)
        try:
            matrix.read_matrix(path)
        except matrix.MatrixError as e:
            check(want in str(e), "%r: %s" % (text, e))
        else:
            raise AssertionError("%r was accepted" % text)
    lines = matrix.read_matrix(os.path.join(ROOT, "tests", "matrix"))
    check(lines and all(l.arch in qemu.ARCHES for l in lines), "tests/matrix does not parse")


def test_matrix_initrd_and_kernel_are_build_files():
    path = os.path.join(WORK, "matrix")
    with open(path, "w") as f:
        f.write("a arm initrd=x.cpio kernel=kernel.elf\nb arm initrd=none\nc arm\n")
    a, b, c = (l.command("/b") for l in matrix.read_matrix(path))
    equal(a[a.index("--initrd") + 1], "/b/arm/x.cpio", "initrd=x.cpio")
    equal(a[a.index("--kernel") + 1], "/b/arm/kernel.elf", "kernel=kernel.elf")
    equal(b[b.index("--initrd") + 1], "none", "initrd=none")
    check("--initrd" not in c and "--kernel" not in c, "no initrd=, kernel=: the defaults")


def test_outcome_save_load():
    a, b = outcome.Outcome("a"), outcome.Outcome("b")
    a.add("lib.one", ktap.PASSED)
    a.add("boot", ktap.FAILED, "crashed: exit 37")
    a.ktap_names, a.durations, a.logs = {"lib.one"}, {"lib.one": 0.5}, {"boot": ["x", "y"]}
    a.elapsed, a.phases, a.log_path, a.details = 1.5, [("QEMU start", 0.2)], "k/a.log", ["d"]
    b.add("boot", ktap.SKIPPED, "why")
    b.shared_with = "a"
    path = os.path.join(WORK, "boots.json")
    outcome.save(path, [a, b], {"lines": 2, "boots": 1, "seconds": 3.0, "cpu": 2.0})
    got, run = outcome.load(path)
    equal([vars(o) for o in got], [vars(a), vars(b)], "outcomes read back")
    equal((run["boots"], got[0].counts(), got[0].passed), (1, (1, 1, 0), False), "figures")
    with open(path, "w") as f:
        f.write('{"run": null, "outcomes": [')    # cut short
    failed, run = outcome.load_or_failure(path)
    check(run is None and len(failed) == 1 and not failed[0].passed and
          path in failed[0].summary, "a cut file is one failure: %r" % vars(failed[0]))


def main():
    tests = [(name[len("test_"):], fn) for name, fn in globals().items()
             if name.startswith("test_") and callable(fn)]
    try:
        return ktap_writer.run_functions("sklib", tests)
    finally:
        subprocess.run(["rm", "-rf", WORK])


if __name__ == "__main__":
    sys.exit(main())
