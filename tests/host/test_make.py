#!/usr/bin/python3
"""Host tests of the build a new user meets: the Makefile's O= and iso, scripts/mkiso and
scripts/mkinitramfs, fed what users type by mistake; and of the build itself: `make`, then
`make LLVM=1` into one O= rebuilds every object, and an unchanged make touches nothing.
(make run and make debug are tests/host/test_run.py's.)

Run: /usr/bin/python3 tests/host/test_make.py [--build DIR]    (default: $O, else build/)
The x86_64 and arm kernels must be built in DIR, with gcc, and in DIR/llvm with LLVM=1 (make
check's build stages do that; without them the toolchain switch compiles everything). Prints
KTAP (one suite, "make"); exit status 0 iff every case passed.
"""

import argparse
import functools
import os
import re
import subprocess
import sys
import tempfile
import time

from frontend import ROOT, check, make, make_env, report, run_case
from make_incremental import (build_tree, case_fuzz_results, case_host_results,
                              case_modpost_writes_what_changed, copy_build)


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


def case_default_goal_is_all(args):
    """`make` with no target does what `make all` does (a fragment included early must not
    take the default goal): the two dry runs print the same commands."""
    out = os.path.join(args.tmp, "default-goal")
    for arch in ("x86_64", "arm"):
        plain = make("-n", "ARCH=" + arch, "O=" + out)
        everything = make("-n", "ARCH=" + arch, "O=" + out, "all")
        check(plain.returncode == 0 and plain.stdout == everything.stdout,
              "%s: make and make all differ: %r" % (arch, plain.stdout[:300]))


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


def newc_devices(data):
    """{name: (mode, rdevmajor, rdevminor)} of the character devices in every archive of data
    (archives back to back, NULs between them)."""
    devices, pos = {}, 0
    while pos < len(data):
        if data[pos] == 0:
            pos += 1
            continue
        check(data[pos:pos + 6] == b"070701", "no newc magic at offset %d" % pos)
        field = [int(data[pos + 6 + 8 * i:pos + 14 + 8 * i], 16) for i in range(13)]
        name = data[pos + 110:pos + 110 + field[11] - 1].decode()
        if field[1] & 0o170000 == 0o020000:
            devices[name] = (field[1], field[9], field[10])
        pos = (pos + 110 + field[11] + 3) & ~3
        pos = (pos + field[6] + 3) & ~3
    return devices


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
                # Group-writable, as another umask leaves them; executables stay executable
                # (git keeps that bit, and it is what the archive's 0755 or 0644 says).
                executable = os.path.isdir(path) or os.stat(path).st_mode & 0o100
                os.chmod(path, 0o775 if executable else 0o664)
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
    devices = newc_devices(outputs[0])
    check(devices == {"dev/console": (0o20600, 5, 1), "dev/null": (0o20666, 1, 3),
                      "dev/tty": (0o20666, 5, 0), "dev/ttyAMA0": (0o20660, 204, 64),
                      "dev/ttyS0": (0o20660, 4, 64), "dev/zero": (0o20666, 1, 5)},
          "device nodes: %s" % devices)


def comments(paths):
    """{path: the compilers named in the object's .comment section ("GCC: ...", "clang
    version ...")}, from one readelf for all of them (it heads each file's dump "File: path"
    when there are several)."""
    found = {p: set() for p in paths}
    r = subprocess.run(["readelf", "-p", ".comment", "--"] + list(paths),
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    path = paths[0] if len(paths) == 1 else None
    for line in r.stdout.splitlines():
        if line.startswith("File: "):
            path = line[len("File: "):]
        elif "]" in line and ("clang" in line or "GCC:" in line):
            found[path].add("clang" if "clang" in line else "gcc")
    return found


def reuse_env(args, out, compiler):
    """make's environment with tests/host/cc-reuse in the compilers' place: a compile that
    make check's build with that compiler (args.build, args.llvm_build) has already done is
    copied from it (cc-reuse says why that still shows what this test is after)."""
    shims = os.path.join(args.tmp, "cc-reuse")
    if not os.path.isdir(shims):
        os.mkdir(shims)
        for name in ("cc", "gcc", "arm-none-eabi-gcc", "clang"):
            os.symlink(os.path.join(ROOT, "tests", "host", "cc-reuse"), os.path.join(shims, name))
    env = make_env()
    env.update(PATH=shims + os.pathsep + env["PATH"], CC_REUSE_PATH=env["PATH"],
               CC_REUSE_FROM=out, CC_REUSE_LOG=os.path.join(args.tmp, "cc-reuse.log"),
               CC_REUSE_TO={"gcc": args.build, "clang": args.llvm_build}[compiler])
    return env


def case_toolchain_switch(args, arch, first, second):
    """make (all and mini), then the same with the other compiler, into one O=: every object
    and the kernel are rebuilt by the second; a make after that remakes nothing. The compiles are
    tests/host/cc-reuse's (make check's builds, reused where they hold the same file)."""
    out = os.path.join(args.tmp, "switch-" + arch)
    llvm = {"gcc": "LLVM=", "clang": "LLVM=1"}
    # The first make starts from a copy of make check's build with that compiler, when there
    # is one: it then has nothing left to do.
    ref = {"gcc": args.build, "clang": args.llvm_build}[first]
    if os.path.isfile(os.path.join(ref, arch, "kernel.elf")):
        copy_build(ref, arch, out, shared=args.build)
    for compiler in (first, second):
        before = time.time_ns()
        r = make("ARCH=" + arch, llvm[compiler], "O=" + out, "all", "mini", timeout=900,
                 env=reuse_env(args, out, compiler))
        check(r.returncode == 0, "make %s failed: %s" % (llvm[compiler], r.stderr[-600:]))
    objects = [p for p in build_tree(os.path.join(out, arch))
               if p.endswith(".o") and os.path.basename(p) != "kernel.o"
               and not os.path.basename(p).startswith(".tmp_")]
    # An object no link command names is a leftover of an older Makefile in the copied build
    # (make, like kbuild, leaves those): neither compiler makes it any more.
    links = " ".join(open(p).read() for p in build_tree(os.path.join(out, arch))
                     if p.endswith(".cmd") and not p.endswith(".o.cmd"))
    objects = [p for p in objects if p in links or os.path.relpath(p, ROOT) in links]
    said = comments(objects)
    named = [p for p in objects if said[p] == {second}]
    check(len(named) > 20, "only %d objects say %s made them" % (len(named), second))
    # Assembler-only objects have no .comment: that they were remade shows it for them.
    stale = [os.path.relpath(p, out) for p in objects
             if said[p] - {second} or os.stat(p).st_mtime_ns < before]
    check(not stale, "%d objects not remade by %s: %s"
          % (len(stale), second, " ".join(sorted(stale)[:5])))
    elf = os.path.join(out, arch, "kernel.elf")
    check(os.stat(elf).st_mtime_ns >= before, "%s was not linked again" % elf)
    tree = build_tree(out)
    r = make("ARCH=" + arch, llvm[second], "O=" + out, "all", "mini", timeout=300,
             env=reuse_env(args, out, second))
    check(r.returncode == 0 and not any(l.startswith("  ") for l in r.stdout.splitlines()),
          "the unchanged make did something: %r" % r.stdout[:300])
    changed = sorted(p for p, t in build_tree(out).items() if tree.get(p) != t)
    check(not changed, "the unchanged make touched %s" % changed[:5])


def case_external_modules_alone(args):
    """make M=dir (the default goal, modules) builds dir's modules and nothing of the kernel's:
    with the initramfs out of date (make -W: as if the user programs had changed) it is not
    remade (it was, without /lib/modules); M= with a target of the kernel's, a folder that is
    missing or holds no NAME.c, or a space: make says so and fails."""
    mdir = os.path.join(args.tmp, "extmods")
    os.makedirs(mdir)
    with open(os.path.join(mdir, "ext.c"), "w") as f:
        f.write("int ext;\n")
    stamp = os.path.join(args.build, "x86_64", "user", "root.stamp")
    r = make("-n", "-W", stamp, "ARCH=x86_64", "O=" + args.build, "M=" + mdir)
    check(r.returncode == 0 and "ext.ko" in r.stdout, "make -n M=dir: %r"
          % (r.stdout + r.stderr)[-600:])
    cpio = [l[:200] for l in r.stdout.splitlines() if "mkinitramfs" in l]
    check(not cpio, "make M=dir would make the initramfs: %s" % cpio)
    for m, goal, said in ((mdir, "run", "builds external modules"),
                          (os.path.join(args.tmp, "missing"), "modules", "no such directory"),
                          (args.tmp + "/sk test", "modules", "has a space"),
                          (args.tmp, "modules", "no NAME.c")):
        r = make("-n", "ARCH=x86_64", "O=" + args.build, "M=" + m, goal)
        check(r.returncode != 0 and said in r.stderr, "make M=%s %s: %r" % (m, goal, r.stderr))


def case_o_spelling_shares_build(args):
    """A build inside the tree is the same build however O= names it: make check names it
    absolute, make run relative, and neither finds the other's commands changed (every object
    was compiled again, 30 s instead of 2 s after a one-line edit). make -n prints the same."""
    rel = os.path.relpath(args.build, ROOT)
    if rel.startswith(".."):
        return "the build %s is outside the tree" % args.build
    said = {}
    for o in (args.build, rel, "./" + rel + "/"):
        r = make("-n", "ARCH=x86_64", "O=" + o)
        check(r.returncode == 0, "make -n O=%s: %r" % (o, r.stderr[-300:]))
        said[o] = sorted(set(re.findall(r"echo '  ([A-Z]+ .*?)'", r.stdout)))
    for o in said:
        extra = sorted(set(said[o]) - set(said[rel]))
        check(not extra, "make O=%s would do what make O=%s would not: %s" % (o, rel, extra[:5]))


def case_help_lists_targets(args):
    """make help prints docs/usage.md's listing of the targets (it had no help), and each target
    it names is one the Makefile has: one make -n -k of them all, which names every target it
    has no rule for."""
    r = make("help")
    check(r.returncode == 0 and r.stdout.startswith("make [ARCH="), "make help: %r"
          % (r.stdout + r.stderr)[-300:])
    targets = re.findall(r"^  ([a-z][\w-]*) ", r.stdout, re.M)
    check({"all", "run", "check", "debug", "clean", "help"} <= set(targets),
          "make help lists %s" % targets)
    out = os.path.join(args.tmp, "help")
    r = make("-n", "-k", "O=" + out, *targets)
    missing = [t for t in targets if "No rule to make target '%s'" % t in r.stderr]
    check(not missing and "No rule to make target" not in r.stderr,
          "make help lists %s, which make has no rule for: %r" % (missing, r.stderr[-300:]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.environ.get("O") or os.path.join(ROOT, "build"))
    parser.add_argument("--llvm-build", help="the LLVM=1 build (default: DIR/llvm)")
    args = parser.parse_args()
    args.build = os.path.abspath(args.build)
    args.llvm_build = os.path.abspath(args.llvm_build or os.path.join(args.build, "llvm"))
    results = []
    with tempfile.TemporaryDirectory(prefix="sk-test-make.") as args.tmp:
        for name, fn in (("o_refused", case_o_refused),
                         ("src_dirs_listed", case_src_dirs_listed),
                         ("default_goal_is_all", case_default_goal_is_all),
                         ("iso_arm_refused", case_iso_arm_refused),
                         ("mkiso_refuses_other_arch", case_mkiso_refuses_other_arch),
                         ("mkiso_packs_only_the_tree", case_mkiso_packs_only_the_tree),
                         ("initramfs_reproducible", case_initramfs_reproducible),
                         ("modpost_writes_what_changed", case_modpost_writes_what_changed),
                         ("external_modules_alone", case_external_modules_alone),
                         ("o_spelling_shares_build", case_o_spelling_shares_build),
                         ("help_lists_targets", case_help_lists_targets),
                         ("host_results", case_host_results),
                         ("fuzz_results", case_fuzz_results)):
            results.append(run_case(name, functools.partial(fn, args)))
        # Each arch, each way: ARM's objects gcc then clang, x86_64's clang then gcc.
        results.append(run_case("toolchain_switch_arm", functools.partial(
            case_toolchain_switch, args, "arm", "gcc", "clang")))
        results.append(run_case("toolchain_switch_x86_64", functools.partial(
            case_toolchain_switch, args, "x86_64", "clang", "gcc")))
    return 0 if report("make", results) else 1


if __name__ == "__main__":
    sys.exit(main())
