#!/usr/bin/python3
"""The BusyBox compatibility check: Debian's busybox-static, unmodified, runs the scripts of
tests/busybox (the shell, text tools, the file tree, jobs and signals, the working
directory, ids, /proc) on the Linux host and, as init, on Special K on each arch; each
script's output (standard output and error, and its exit status) must be the host's, byte
for byte. The host runs the amd64 busybox (the armhf one cannot run here); both arches'
runs are held to that output. The kernel logs each system call it does not have ("system
call N (name) is not implemented") once per program: the check lists, per arch, the calls a
run met, so that what busybox still asks for stays in sight.

Run: /usr/bin/python3 tests/host/test_busybox.py [--build DIR]    (default: $O, else build/)
`make dynamic` must have been made for both arches in DIR (initramfs-dyn.cpio holds
/bin/busybox and the scripts in /busybox). Prints KTAP (one suite, "busybox": a case per
script and arch); exit status 0 iff every case passed.
"""

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

from frontend import ROOT, check, report, run_case

SCRIPTS = os.path.join(ROOT, "tests", "busybox")
ARCHES = ("x86_64", "arm")
ENOSYS = re.compile(r"^\S+\[\d+\]: system call (\d+) \((\w+)\) is not implemented")


def split_runs(text):
    """{script: its output, "=== exit N" included} from the runner's output."""
    runs, name = {}, None
    for line in text.splitlines(keepends=True):
        start = re.match(r"^=== (\S+\.sh)$", line.rstrip("\n"))
        if start:
            name = start.group(1)
            runs[name] = ""
        elif name:
            runs[name] += line
            if line.startswith("=== exit "):
                name = None
    return runs


def host_runs(build):
    """Each script's output on the Linux host, by the amd64 busybox."""
    busybox = os.path.join(build, "x86_64", "user", "dynroot", "bin", "busybox")
    with tempfile.TemporaryDirectory() as scratch:
        out = subprocess.run([busybox, "sh", os.path.join(SCRIPTS, "run"), busybox, SCRIPTS,
                              scratch], capture_output=True, text=True, timeout=120)
    return split_runs(out.stdout)


def guest_run(build, arch):
    """Each script's output on Special K, and the calls it answered ENOSYS, by number."""
    cmd = [os.path.join(ROOT, "scripts", "qemu"), "--arch", arch, "--build", build,
           "--initrd", os.path.join(build, arch, "initramfs-dyn.cpio"), "--append",
           "ktest.filter=none rdinit=/bin/busybox -- sh /busybox/run /bin/busybox /busybox /tmp"]
    out = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=300)
    text = out.stdout.decode(errors="replace").replace("\r\n", "\n")
    calls, kept = {}, []
    for line in text.splitlines(keepends=True):
        found = ENOSYS.match(line)
        if found:
            calls[int(found.group(1))] = found.group(2)
        else:
            kept.append(line)
    check("init exited with status 0" in text, f"{arch}: the runner did not end well:\n"
          + "".join(kept[-20:]))
    return split_runs("".join(kept)), calls


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.environ.get("O") or os.path.join(ROOT, "build"))
    build = os.path.abspath(parser.parse_args().build)
    names = sorted(os.path.basename(p) for p in glob.glob(os.path.join(SCRIPTS, "*.sh")))
    results, notes = [], []
    host = {}
    results.append(run_case("host_runs_every_script", lambda: host.update(host_runs(build)) or
                            check(sorted(host) == names, f"host ran {sorted(host)}")))
    for arch in ARCHES:
        guest = {}

        def boot(arch=arch, guest=guest):
            runs, calls = guest_run(build, arch)
            guest.update(runs)
            notes.append(f"# {arch}: calls answered ENOSYS: " +
                         (", ".join(f"{name} ({nr})" for nr, name in sorted(calls.items()))
                          or "none"))
        results.append(run_case(f"{arch}_boots", boot))
        for name in names:
            def same(name=name, guest=guest, arch=arch):
                check(name in guest, f"{arch} did not run {name}")
                check(guest[name] == host.get(name), f"{arch}, {name}: Special K printed\n"
                      + guest[name] + "where the Linux host printed\n" + host.get(name, ""))
            results.append(run_case(f"{arch}_{name[:-3]}", same))
    ok = report("busybox", results)
    print("\n".join(notes))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
