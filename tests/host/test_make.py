#!/usr/bin/env python3
"""Host tests of the front ends a new user meets: the Makefile's O=, iso, run and debug, and
scripts/mkiso, scripts/qemu and scripts/debug behind them, fed what users type by mistake;
and of the build itself: `make`, then `make LLVM=1` into one O= rebuilds every object, and an
unchanged make touches nothing.

Run: python3 tests/host/test_make.py [--build DIR]    (default: $O, else build/)
The x86_64 and arm kernels must be built in DIR (make check's build stages do that). Prints
KTAP (one suite, "make"); exit status 0 iff every case passed. Each boot goes through `make` itself, with a command line full of quotes, $ and backticks, and
checks the line the kernel echoes ("Kernel command line: ..."): what the user typed must reach
the kernel byte for byte. `make run` runs on a pseudo-terminal, as a user's would, so Ctrl-C
and Ctrl-A x are the terminal's keys.
"""

import argparse
import functools
import os
import pty
import re
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import ktap_writer  # noqa: E402

# A kernel command line with everything a shell or make would read: quotes (one unbalanced),
# $VAR, $(...), backticks, a backslash, ';', '#' and '%'. The README's own example comes first.
HOSTILE = 'name="a b" x=$HOME y=`id -u` z=$(shell echo hi) w=\'1;2\' p=a\\b#c%d foo="abc'


def make_env():
    """The environment of a user's shell: no make of ours around it (make check's MAKEFLAGS,
    O=, and the variables its Makefile exports would otherwise leak in)."""
    env = dict(os.environ)
    for name in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "O", "ARCH", "CPU",
                 "SMP", "MEM", "APPEND", "GDBPORT", "V", "LLVM", "CROSS_COMPILE"):
        env.pop(name, None)
    return env


def make(*args, timeout=300, **kw):
    return subprocess.run(["make", "--no-print-directory"] + list(args), cwd=ROOT,
                          env=kw.pop("env", make_env()), stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=timeout, **kw)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


class Terminal:
    """A program on a pseudo-terminal of its own (its controlling terminal, as a shell's
    foreground job has), read without blocking."""

    def __init__(self, argv, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(ROOT)
            os.execvpe(argv[0], argv, env)
        self.text = ""
        self.status = None

    def expect(self, pattern, timeout, start=0):
        """Wait until self.text[start:] matches pattern; the match, or None."""
        end = time.time() + timeout
        while True:
            found = re.search(pattern, self.text[start:], re.M)
            if found or time.time() > end or not self.read(0.2):
                return found or re.search(pattern, self.text[start:], re.M)

    def read(self, wait):
        ready, _, _ = select.select([self.fd], [], [], wait)
        if ready:
            try:
                data = os.read(self.fd, 4096)
            except OSError:
                data = b""
            if not data:
                return False
            self.text += data.decode("utf-8", "replace").replace("\r", "")
        return True

    def alive(self):
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status is None

    def wait(self, timeout):
        end = time.time() + timeout
        while self.alive() and time.time() < end:
            self.read(0.2)
        return self.status

    def close(self):
        if self.alive():
            os.killpg(self.pid, signal.SIGKILL)
            self.wait(5)
        os.close(self.fd)


def case_o_refused(args):
    """O= that is the tree, above it, / or a source folder: make refuses it, runs nothing."""
    link = os.path.join(args.tmp, "tree")
    os.symlink(ROOT, link)
    for o in ("kernel", "kernel/lib", "./tests/", "arch", ".", ROOT, "..", "/", "//", link,
              "", "build ..", "include/kernel"):
        r = make("-n", "clean", "O=" + o)
        check(r.returncode != 0 and "rm " not in r.stdout,
              "make -n clean O=%r ran: %r" % (o, r.stdout.strip()))
        check("name a build directory" in r.stderr, "O=%r: no advice: %r" % (o, r.stderr))
    r = make("-n", "clean", "O=" + os.path.join(args.tmp, "out"))
    check(r.returncode == 0 and "rm -rf %s/out" % args.tmp in r.stdout,
          "a build directory of its own was refused: %r" % r.stderr)


def case_src_dirs_listed(args):
    """The Makefile's SRC_DIRS names every top-level folder git tracks (and may name one
    still to come)."""
    r = subprocess.run(["git", "-C", ROOT, "ls-files"], stdout=subprocess.PIPE, text=True)
    if r.returncode != 0:
        return "not a git checkout"
    tracked = {path.split("/")[0] for path in r.stdout.split() if "/" in path}
    listed = set(re.search(r"^SRC_DIRS\s*:=(.*)$", open(os.path.join(ROOT, "Makefile")).read(),
                           re.M).group(1).split())
    check(tracked <= listed, "SRC_DIRS %s, git tracks %s" % (sorted(listed), sorted(tracked)))


def case_iso_arm_refused(args):
    """make iso ARCH=arm refuses, before building anything, and says what to do."""
    out = os.path.join(args.tmp, "isoarm")
    r = make("iso", "ARCH=arm", "O=" + out)
    check(r.returncode != 0, "make iso ARCH=arm succeeded")
    check("x86_64" in r.stderr and "make run ARCH=arm" in r.stderr, "message: %r" % r.stderr)
    check(not os.path.exists(os.path.join(out, "arm")), "it built in %s/arm" % out)


def case_mkiso_refuses_other_arch(args):
    """scripts/mkiso refuses an ELF that is not x86_64 (here ARM's machine number, 0x28)."""
    fake = os.path.join(args.tmp, "arm.elf")
    with open(fake, "wb") as f:
        f.write(b"\x7fELF\x01\x01\x01" + bytes(9) + b"\x02\x00\x28\x00" + bytes(32))
    iso = os.path.join(args.tmp, "arm.iso")
    r = subprocess.run([os.path.join(ROOT, "scripts", "mkiso"), fake,
                        os.path.join(args.build, "x86_64", "initramfs.cpio"), iso],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    check(r.returncode != 0 and not os.path.exists(iso), "made %s" % iso)
    check("x86_64" in r.stderr, "message: %r" % r.stderr)


def case_mkiso_packs_only_the_tree(args):
    """The ISO holds /boot and GRUB's boot catalog, nothing else (no stray log); /boot holds
    the kernel and the initramfs GRUB loads as a module."""
    iso = os.path.join(args.tmp, "x.iso")
    subprocess.run([os.path.join(ROOT, "scripts", "mkiso"),
                    os.path.join(args.build, "x86_64", "kernel.elf"),
                    os.path.join(args.build, "x86_64", "initramfs.cpio"), iso],
                   check=True, timeout=120)
    r = subprocess.run(["xorriso", "-indev", iso, "-find", "/", "-maxdepth", "1"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=True)
    top = sorted(line.strip("'") for line in r.stdout.split())
    check(top == ["/", "/boot", "/boot.catalog"], "the ISO's top level: %s" % top)
    r = subprocess.run(["xorriso", "-indev", iso, "-find", "/boot", "-maxdepth", "1"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=True)
    boot = [line.strip("'") for line in r.stdout.split()]
    check("/boot/kernel.elf" in boot and "/boot/initramfs.cpio" in boot, "/boot: %s" % boot)


def newc_entries(data):
    """(name, mode, uid, gid, mtime) of each member of a newc archive, up to its trailer."""
    entries, pos = [], 0
    while True:
        check(data[pos:pos + 6] == b"070701", "no newc magic at offset %d" % pos)
        field = [int(data[pos + 6 + 8 * i:pos + 14 + 8 * i], 16) for i in range(13)]
        name = data[pos + 110:pos + 110 + field[11] - 1].decode()
        if name == "TRAILER!!!":
            return entries
        entries.append((name, field[1], field[2], field[3], field[5]))
        pos = (pos + 110 + field[11] + 3) & ~3
        pos = (pos + field[6] + 3) & ~3


def case_initramfs_reproducible(args):
    """scripts/mkinitramfs gives the same bytes from a copy with other times and modes (as
    another checkout, umask or clock would leave): names sorted, owner 0:0, mtime 0, modes
    from the kind of file alone."""
    tool = os.path.join(ROOT, "scripts", "mkinitramfs")
    src = os.path.join(ROOT, "tests", "initramfs")
    copy = os.path.join(args.tmp, "initramfs")
    subprocess.run(["cp", "-R", src, copy], check=True)
    for dirpath, dirnames, filenames in os.walk(copy):
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            if not os.path.islink(path):
                os.chmod(path, 0o775 if os.path.isdir(path) else 0o664)
                os.utime(path, (1e9, 1e9))
    outputs = []
    for tree, out in ((src, "a.cpio"), (copy, "b.cpio")):
        out = os.path.join(args.tmp, out)
        subprocess.run([tool, tree, out], check=True, timeout=60)
        with open(out, "rb") as f:
            outputs.append(f.read())
    check(outputs[0] == outputs[1], "two builds of the initramfs differ")
    entries = newc_entries(outputs[0])
    names = [e[0] for e in entries]
    check(names == sorted(names) and "etc/sk/deep.txt" in names and "hello-link" in names,
          "members: %s" % names)
    check(all(e[2:] == (0, 0, 0) for e in entries), "owner or mtime not 0: %s" % entries)
    modes = {e[0]: e[1] for e in entries}
    check((modes["etc"], modes["hello.txt"], modes["hello-link"]) == (0o40755, 0o100644, 0o120777),
          "modes: %s" % {n: oct(m) for n, m in modes.items()})


def case_run_usage_errors(args):
    """make run names a QEMU usage error as one, not as a triple fault."""
    for var, words in (("CPU=nosuchcpu", ("nosuchcpu", "refused to start")),
                       ("MEM=lots", ("--mem", "usage error")),
                       ("MEM=1M", ("needs at least 2M of RAM", "usage error"))):
        r = make("run", "O=" + args.build, var, timeout=120)
        out = r.stdout + r.stderr
        check(r.returncode != 0, "make run %s succeeded" % var)
        check(all(w in out for w in words) and "triple fault" not in out,
              "make run %s said: %r" % (var, out[-400:]))


def comments(path):
    """The compilers named in an object's .comment section ("GCC: ...", "clang version ...")."""
    r = subprocess.run(["readelf", "-p", ".comment", path], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True)
    return {"clang" if "clang" in line else "gcc" for line in r.stdout.splitlines()
            if "]" in line and ("clang" in line or "GCC:" in line)}


def build_tree(out):
    """{path: mtime} of every file under out."""
    return {os.path.join(d, f): os.stat(os.path.join(d, f)).st_mtime_ns
            for d, _, files in os.walk(out) for f in files}


def case_toolchain_switch(args, arch, first, second):
    """make, then make with the other compiler, into one O=: every object and the kernel are
    rebuilt by the second; a make after that remakes nothing."""
    out = os.path.join(args.tmp, "switch-" + arch)
    llvm = {"gcc": "LLVM=", "clang": "LLVM=1"}
    for compiler in (first, second):
        before = time.time_ns()
        r = make("ARCH=" + arch, llvm[compiler], "O=" + out, "all", timeout=900)
        check(r.returncode == 0, "make %s failed: %s" % (llvm[compiler], r.stderr[-600:]))
    objects = [p for p in build_tree(os.path.join(out, arch))
               if p.endswith(".o") and os.path.basename(p) != "kernel.o"
               and not os.path.basename(p).startswith(".tmp_")]
    named = [p for p in objects if comments(p) == {second}]
    check(len(named) > 20, "only %d objects say %s made them" % (len(named), second))
    # Assembler-only objects have no .comment: that they were remade shows it for them.
    stale = [os.path.relpath(p, out) for p in objects
             if comments(p) - {second} or os.stat(p).st_mtime_ns < before]
    check(not stale, "%d objects not remade by %s: %s"
          % (len(stale), second, " ".join(sorted(stale)[:5])))
    elf = os.path.join(out, arch, "kernel.elf")
    check(os.stat(elf).st_mtime_ns >= before, "%s was not linked again" % elf)
    tree = build_tree(out)
    r = make("ARCH=" + arch, llvm[second], "O=" + out, "all", timeout=300)
    check(r.returncode == 0 and not any(l.startswith("  ") for l in r.stdout.splitlines()),
          "the unchanged make did something: %r" % r.stdout[:300])
    changed = sorted(p for p, t in build_tree(out).items() if tree.get(p) != t)
    check(not changed, "the unchanged make touched %s" % changed[:5])


def run_boot(args, results):
    """One `make run` on a terminal: the command line, Ctrl-C, Ctrl-A x."""
    term = Terminal(["make", "--no-print-directory", "run", "O=" + args.build,
                     "APPEND=" + HOSTILE], make_env())
    try:
        def append_run():
            found = term.expect(r"^Kernel command line: (.*)\n", 120)  # a whole line
            check(found, "no command line echoed; output ends %r" % term.text[-400:])
            check(found.group(1) == "monitor " + HOSTILE, "the kernel got %r" % found.group(1))

        def ctrl_c_drops_line():
            check(term.expect(r"^sk> ", 120), "no monitor prompt: %r" % term.text[-400:])
            start = len(term.text)
            os.write(term.fd, b"peek 0\x03")
            check(term.expect(r"\^C\nsk> ", 20, start), "no fresh prompt after Ctrl-C: %r"
                  % term.text[start:])
            os.write(term.fd, b"help\r")
            check(term.expect(r"poweroff +leave QEMU", 20, start) and term.alive(),
                  "the monitor did not go on after Ctrl-C: %r" % term.text[start:])

        def ctrl_a_x_leaves():
            start = len(term.text)
            os.write(term.fd, b"\x01x")
            status = term.wait(30)
            check(status is not None, "QEMU still runs after Ctrl-A x")
            check("Ctrl-A x" in term.text[start:], "make run said %r" % term.text[start:])

        for name, fn in (("append_run", append_run), ("ctrl_c_drops_line", ctrl_c_drops_line),
                         ("ctrl_a_x_leaves", ctrl_a_x_leaves)):
            results.append(run_case(name, fn))
    finally:
        term.close()


def listener(port=0):
    """A socket listening on 127.0.0.1:port (0: any free port), or None if taken."""
    sock = socket.socket()
    try:
        sock.bind(("127.0.0.1", port))
    except OSError:
        sock.close()
        return None
    sock.listen(1)
    return sock


def case_debug_port_in_use_refused(args):
    """GDBPORT= naming a port in use: make debug fails at once and says so."""
    sock = listener()
    try:
        env = make_env()
        env["GDBPORT"] = str(sock.getsockname()[1])
        r = make("debug", "ARCH=arm", "O=" + args.build, env=env, timeout=60)
    finally:
        sock.close()
    check(r.returncode != 0, "make debug with a port in use exited 0")
    check("in use" in r.stderr and "GDBPORT" in r.stderr, "message: %r" % r.stderr)


def debug_boot(args, results):
    """make debug with its default port taken: another port, the printed gdb line works from
    a second gdb, and APPEND reaches the kernel."""
    base = os.getuid() % 5000 + 25000
    log = os.path.join(args.build, "arm", "debug-serial.log")
    if os.path.exists(log):
        os.unlink(log)
    sock = listener(base)
    proc = subprocess.Popen(["make", "--no-print-directory", "debug", "ARCH=arm",
                             "O=" + args.build, "APPEND=" + HOSTILE], cwd=ROOT, env=make_env(),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    lines = []
    try:
        def picks_free_port():
            deadline = time.time() + 120
            while time.time() < deadline:
                line = proc.stdout.readline()
                if not line:
                    break
                lines.append(line)
                if "Breakpoint 1, start_kernel" in line:
                    break
            text = "".join(lines)
            found = re.search(r"QEMU is waiting on 127\.0\.0\.1:(\d+)", text)
            check(found and int(found.group(1)) != base, "port: %r" % text[-600:])
            check("Breakpoint 1, start_kernel" in text, "gdb did not stop: %r" % text[-600:])

        def gdb_line_works():
            found = re.search(r"^ +(gdb-multiarch .*)$", "".join(lines), re.M)
            check(found, "no gdb-multiarch line printed")
            proc.stdin.write("disconnect\n")
            proc.stdin.flush()
            time.sleep(1)
            r = subprocess.run(["bash", "-c", found.group(1) + " -batch -ex 'info symbol $pc'"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, timeout=60)
            check("start_kernel in section" in r.stdout, "second gdb: %r" % r.stdout[-400:])

        def append_debug():
            want = "Kernel command line: " + HOSTILE
            deadline = time.time() + 60
            while time.time() < deadline:
                text = open(log, errors="replace").read()
                got = [l for l in text[:text.rfind("\n") + 1].splitlines()  # whole lines
                       if l.startswith("Kernel command line:")]
                if got:
                    check(got[0] == want, "the kernel got %r" % got[0])
                    return
                time.sleep(0.5)
            raise AssertionError("no command line in %s" % log)

        for name, fn in (("debug_picks_free_port", picks_free_port),
                         ("debug_gdb_line_works", gdb_line_works),
                         ("append_debug", append_debug)):
            results.append(run_case(name, fn))
            if sock:
                sock.close()
                sock = None
    finally:
        if sock:
            sock.close()
        try:
            proc.stdin.write("quit\n")
            proc.stdin.close()
            proc.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def run_case(name, fn):
    try:
        skip = fn()
    except Exception as e:  # noqa: BLE001 - any failure of a case is that case's result
        detail = str(e) if isinstance(e, AssertionError) else traceback.format_exc()
        return (False, name, detail)
    return (True, name, skip)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.environ.get("O") or os.path.join(ROOT, "build"))
    args = parser.parse_args()
    args.build = os.path.abspath(args.build)
    results = []
    with tempfile.TemporaryDirectory(prefix="sk-test-make.") as args.tmp:
        for name, fn in (("o_refused", case_o_refused),
                         ("src_dirs_listed", case_src_dirs_listed),
                         ("iso_arm_refused", case_iso_arm_refused),
                         ("mkiso_refuses_other_arch", case_mkiso_refuses_other_arch),
                         ("mkiso_packs_only_the_tree", case_mkiso_packs_only_the_tree),
                         ("initramfs_reproducible", case_initramfs_reproducible),
                         ("run_usage_errors", case_run_usage_errors),
                         ("debug_port_in_use_refused", case_debug_port_in_use_refused)):
            results.append(run_case(name, functools.partial(fn, args)))
        # Each arch, each way: ARM's objects gcc then clang, x86_64's clang then gcc.
        results.append(run_case("toolchain_switch_arm", functools.partial(
            case_toolchain_switch, args, "arm", "gcc", "clang")))
        results.append(run_case("toolchain_switch_x86_64", functools.partial(
            case_toolchain_switch, args, "x86_64", "clang", "gcc")))
        run_boot(args, results)
        debug_boot(args, results)

    cases = []
    for ok, name, detail in results:
        case = ktap_writer.Case(name)
        if not ok:
            case.problems += detail.rstrip().splitlines()
        elif detail:
            case.skip = detail
        cases.append(case)
    ktap_writer.header(1)
    return 0 if ktap_writer.subtest(1, "make", cases) else 1


if __name__ == "__main__":
    sys.exit(main())
