#!/usr/bin/python3
"""Host tests of make run and make debug as a new user meets them: a command line full of
quotes, $ and backticks must reach the kernel byte for byte (the kernel echoes it: "Kernel
command line: ..."); QEMU usage errors are named as such; `make run` runs on a
pseudo-terminal, as a user's would, so Ctrl-C and Ctrl-A x are the terminal's keys; make
debug refuses a port in use, picks a free one (two sessions at once too), prints a gdb line that works and writes a
gdbinit that another gdb can source; make stress boots copies of the kernels; make run words
QEMU's status as what the kernel said, and boots the ISO with BOOT=iso.

Run: /usr/bin/python3 tests/host/test_run.py [--build DIR]    (default: $O, else build/)
The x86_64 and arm kernels must be built in DIR. Prints KTAP (one suite, "run"); exit
status 0 iff every case passed.
"""

import argparse
import functools
import os
import pty
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from frontend import HOSTILE, ROOT, check, make, make_env, report, run_case


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


def case_run_usage_errors(args):
    """make run names a QEMU usage error as one, not as a triple fault (or, with 2M on
    x86_64, the silent hang of an initrd loaded over the kernel)."""
    for var, words in (("CPU=nosuchcpu", ("nosuchcpu", "refused to start")),
                       ("MEM=lots", ("--mem", "usage error")),
                       ("MEM=1M", ("needs at least 2M of RAM", "usage error")),
                       ("MEM=2M", ("too little for this kernel and initrd", "usage error")),
                       ("BOOT=uboot", ("exists only on arm", "usage error"))):
        r = make("run", "O=" + args.build, var, timeout=120)
        out = r.stdout + r.stderr
        check(r.returncode != 0, "make run %s succeeded" % var)
        check(all(w in out for w in words) and "triple fault" not in out,
              "make run %s said: %r" % (var, out[-400:]))


def case_run_words_status(args):
    """make run words QEMU's status as what the kernel said: docs/usage.md's APPEND='-- 3' is
    init's status 3, not a failed self-test; an oops is named (it said "some self-test
    failed" for every 35)."""
    r = make("run", "O=" + args.build, "APPEND=ktest.filter=none -- 3", timeout=120)
    said = [l for l in r.stdout.splitlines() if l.startswith("run: ")]
    check(r.returncode != 0 and said == ["run: no self-test ran (ktest.filter=none matched no "
                                         "suite); init exited with status 3 (QEMU exit 35)"],
          "make run APPEND='ktest.filter=none -- 3' said %r" % (said or r.stdout[-400:]))
    r = subprocess.run(["make", "--no-print-directory", "run", "ARCH=arm", "O=" + args.build,
                        "APPEND=ktest.filter=none"], cwd=ROOT, env=make_env(), input="bug\n",
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
    said = [l for l in r.stdout.splitlines() if l.startswith("run: ")]
    check(len(said) == 1 and said[0].startswith("run: Oops: ") and "(QEMU exit 37)" in said[0],
          "make run ARCH=arm, monitor 'bug': %r" % (said or r.stdout[-400:]))


def case_run_iso(args):
    """make run BOOT=iso boots the ISO through GRUB (it passed --initrd, which scripts/qemu
    refuses for an ISO); APPEND= beside it is refused with a sentence."""
    r = make("run", "O=" + args.build, "BOOT=iso", timeout=180)
    said = [l for l in r.stdout.splitlines() if l.startswith("run: ")]
    check(r.returncode == 0 and "Special K: boot complete" in r.stdout and
          said == ["run: boot finished, every self-test passed (QEMU exit 33)"],
          "make run BOOT=iso: exit %d %r %r" % (r.returncode, said, (r.stdout + r.stderr)[-400:]))
    r = make("run", "O=" + args.build, "BOOT=iso", "APPEND=quiet", timeout=60)
    check(r.returncode == 2 and "takes no APPEND=" in r.stderr and "Kernel" not in r.stdout,
          "make run BOOT=iso APPEND=quiet: exit %d %r" % (r.returncode, r.stderr[-300:]))


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
            r = subprocess.run(["bash", "-c", found.group(1) + " -batch -ex 'info symbol $pc'"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, timeout=60)
            check("start_kernel in section" in r.stdout, "second gdb: %r" % r.stdout[-400:])

        def gdbinit_sources():
            # A gdb started on its own, told only to source the file make debug names; it
            # disconnects rather than detach, which would let the kernel run on.
            found = re.search(r"\(gdb\) source (/\S+)$", "".join(lines), re.M)
            check(found, "no gdbinit named: %r" % "".join(lines)[-600:])
            proc.stdin.write("disconnect\n")
            proc.stdin.flush()
            time.sleep(1)
            r = subprocess.run(["gdb-multiarch", "-nx", "-batch", "-ex", "source " +
                                found.group(1), "-ex", "info symbol $pc", "-ex", "sk",
                                "-ex", "disconnect"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, timeout=60)
            check("start_kernel in section" in r.stdout and "sk-initcalls" in r.stdout,
                  "gdb sourcing %s: %r" % (found.group(1), r.stdout[-600:]))

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

        def debug_boots_initramfs():
            # What make run boots: on ARM the Image with the initramfs (kernel.elf had none).
            deadline = time.time() + 60
            text = ""
            while time.time() < deadline and "Run /init as init process" not in text:
                text = open(log, errors="replace").read()
                time.sleep(0.5)
            check("Freeing initrd memory" in text and "Run /init as init process" in text,
                  "make debug ARCH=arm booted no initramfs: %r" % text[-600:])

        for name, fn in (("debug_picks_free_port", picks_free_port),
                         ("debug_gdbinit_sources", gdbinit_sources),
                         ("debug_gdb_line_works", gdb_line_works),
                         ("append_debug", append_debug),
                         ("debug_boots_initramfs", debug_boots_initramfs)):
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


def case_debug_two_at_once(args):
    """Two make debug sessions started at once (each with its own build, as two worktrees)
    both come up, on two ports: the port is what QEMU could bind, not what looked free a
    moment before (both took the same one, and one failed 'QEMU did not start')."""
    with tempfile.TemporaryDirectory(prefix="sk-test-debug.") as tmp:
        procs = []
        for i in (1, 2):
            build = os.path.join(tmp, str(i))
            os.makedirs(build)
            for name in ("kernel.elf", "Image", "initramfs.cpio"):
                shutil.copyfile(os.path.join(args.build, "arm", name), os.path.join(build, name))
            env = make_env()
            env.update(ARCH="arm", KERNEL=os.path.join(build, "kernel.elf"),
                       IMAGE=os.path.join(build, "Image"))
            procs.append(subprocess.Popen([os.path.join(ROOT, "scripts", "debug")], cwd=ROOT,
                                          env=env, stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                          text=True, start_new_session=True))
        outs = []
        for proc in procs:
            try:
                outs.append(proc.communicate("quit\n", timeout=120)[0])
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                outs.append(proc.communicate()[0])
    ports = [re.search(r"QEMU is waiting on 127\.0\.0\.1:(\d+)", out) for out in outs]
    check(all(ports) and ports[0].group(1) != ports[1].group(1) and
          all("Breakpoint 1, start_kernel" in out for out in outs),
          "two sessions at once: %r" % [out[-500:] for out in outs])


def case_run_own_initrd(args):
    """make run INITRD=FILE boots that initramfs (tests/initramfs alone, a few KiB, not the
    build's 2 MiB), INITRD=none none; the end of input ends the monitor's session."""
    base = os.path.join(args.build, "arm", "initramfs-base.cpio")
    for initrd in (base, "none"):
        r = make("run", "ARCH=arm", "O=" + args.build, "INITRD=" + initrd,
                 "APPEND=ktest.filter=string", timeout=120)
        freed = re.search(r"^Freeing initrd memory: (\d+)K", r.stdout, re.M)
        check("sk> " in r.stdout, "make run INITRD=%s: no monitor: %r" % (initrd, r.stdout[-400:]))
        if initrd == "none":
            check(not freed, "make run INITRD=none booted an initrd: %s"
                  % (freed and freed.group(0)))
        else:
            check(freed and int(freed.group(1)) <= 64, "make run INITRD=%s: %s"
                  % (initrd, freed.group(0) if freed else "no initrd: " + r.stdout[-400:]))


def case_arm_initrd_too_big(args):
    """An ARM initrd past the end of RAM: scripts/qemu says so, in numbers, before QEMU's bare
    "could not load initrd"; one that fits boots on."""
    with tempfile.TemporaryDirectory(prefix="sk-test-initrd.") as tmp:
        big = os.path.join(tmp, "big.cpio")
        with open(big, "wb") as f:
            f.truncate(3 << 20)
        r = subprocess.run([os.path.join(ROOT, "scripts", "qemu"), "--arch", "arm", "--mem",
                            "4M", "--initrd", big, "--kernel",
                            os.path.join(args.build, "arm", "Image")], stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
        check(r.returncode == 2 and "does not fit in --mem 4M" in r.stderr and
              "could not load" not in r.stderr, "a 3 MiB initrd in 4M: %d %r"
              % (r.returncode, r.stderr[-300:]))


def case_stress_boots_copies(args):
    """make stress boots copies of the kernels: the build's kernel and initramfs removed once
    round 1 has begun (a rebuild in another terminal), round 2 still boots and passes (it
    failed with "no kernel at .../kernel.elf")."""
    with tempfile.TemporaryDirectory(prefix="sk-test-stress.") as tmp:
        build = os.path.join(tmp, "build", "x86_64")
        os.makedirs(build)
        for name in ("kernel.elf", "initramfs.cpio"):
            shutil.copyfile(os.path.join(args.build, "x86_64", name), os.path.join(build, name))
        out = os.path.join(tmp, "out")
        proc = subprocess.Popen([os.path.join(ROOT, "scripts", "stress"), "--build",
                                 os.path.dirname(build), "--out", out, "--boots", "2", "-j", "1",
                                 "--arch", "x86_64", "--only", "x86-crash-gp"],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 60
        while not os.path.isdir(os.path.join(out, "round-1")) and time.monotonic() < deadline \
                and proc.poll() is None:
            time.sleep(0.005)
        for name in ("kernel.elf", "initramfs.cpio"):
            os.remove(os.path.join(build, name))
        text = proc.communicate(timeout=120)[0]
        check(proc.returncode == 0 and "stress: 2 boots in 2 rounds, 0 did not pass" in text,
              "stress with the build removed under it: exit %d, %r" % (proc.returncode,
                                                                       text[-500:]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.environ.get("O") or os.path.join(ROOT, "build"))
    args = parser.parse_args()
    args.build = os.path.abspath(args.build)
    results = []
    for name, fn in (("run_usage_errors", case_run_usage_errors),
                     ("debug_port_in_use_refused", case_debug_port_in_use_refused),
                     ("debug_two_at_once", case_debug_two_at_once),
                     ("stress_boots_copies", case_stress_boots_copies),
                     ("run_own_initrd", case_run_own_initrd),
                     ("arm_initrd_too_big", case_arm_initrd_too_big),
                     ("run_words_status", case_run_words_status),
                     ("run_iso", case_run_iso)):
        results.append(run_case(name, functools.partial(fn, args)))
    run_boot(args, results)
    debug_boot(args, results)
    return 0 if report("run", results) else 1


if __name__ == "__main__":
    sys.exit(main())
