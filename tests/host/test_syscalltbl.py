#!/usr/bin/python3
"""Host tests for scripts/syscalltbl, the system-call table generator.

Run: /usr/bin/python3 tests/host/test_syscalltbl.py
It prints KTAP (one suite, "syscalltbl") for scripts/ktest --extra. Exit status 0 iff every
case passed. The numbers are checked against Debian's headers for both arches (the ones the
build uses), the table against objects compiled here.
"""

import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import ktap_writer  # noqa: E402

TOOL = os.path.join(ROOT, "scripts", "syscalltbl")
X86 = "/usr/include/x86_64-linux-gnu/asm/unistd_64.h"
ARM = "/usr/arm-linux-gnueabihf/include/asm/unistd-eabi.h"
ARM_PRIVATE = "/usr/arm-linux-gnueabihf/include/asm/unistd.h"
WORK = tempfile.mkdtemp(prefix="syscalltbl-test.")


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def run(*args):
    return subprocess.run([TOOL, *args], capture_output=True, text=True)


def numbers(header):
    out = os.path.join(WORK, "unistd.h")
    r = run("unistd", header, out)
    check(r.returncode == 0, r.stderr)
    with open(out) as f:
        return dict((m.group(1), int(m.group(2)))
                    for m in re.finditer(r"^#define __NR_(\w+) (\d+)$", f.read(), re.M))


def test_x86_64_numbers_are_linux_s():
    n = numbers(X86)
    for name, nr in (("read", 0), ("write", 1), ("getpid", 39), ("exit", 60),
                     ("arch_prctl", 158), ("exit_group", 231), ("newfstatat", 262)):
        check(n.get(name) == nr, f"{name}: {n.get(name)}, Linux says {nr}")


def test_arm_eabi_numbers_are_linux_s():
    n = numbers(ARM)
    for name, nr in (("exit", 1), ("write", 4), ("getpid", 20), ("exit_group", 248),
                     ("set_tid_address", 256)):
        check(n.get(name) == nr, f"{name}: {n.get(name)}, Linux says {nr}")
    check("arch_prctl" not in n, "ARM has no arch_prctl")


def test_arm_private_numbers_are_linux_s():
    out = os.path.join(WORK, "unistd-arm.h")
    r = run("unistd", ARM, out, ARM_PRIVATE)
    check(r.returncode == 0, r.stderr)
    with open(out) as f:
        text = f.read()
    for line in ("#define __NR_write 4", "#define __ARM_NR_BASE 0xf0000",
                 "#define __ARM_NR_set_tls 0xf0005", "#define __ARM_NR_get_tls 0xf0006"):
        check(re.search("^" + line + "$", text, re.M), f"no '{line}' in:\n{text[-300:]}")
    r = run("unistd", ARM, out, ARM)
    check(r.returncode == 2 and "no __ARM_NR_ numbers" in r.stderr, r.stderr)


def compile_object(source, name):
    src = os.path.join(WORK, name + ".c")
    obj = os.path.join(WORK, name + ".o")
    with open(src, "w") as f:
        f.write(source)
    subprocess.run(["cc", "-c", src, "-o", obj], check=True)
    return obj


def test_table_holds_the_compiled_calls_only():
    # getpid compiled; write only in a comment and an #if 0; a call ARM lacks, on ARM.
    obj = compile_object("long __se_sys_getpid(const unsigned long *a) { return 7; }\n"
                         "long __se_sys_arch_prctl(const unsigned long *a) { return 0; }\n"
                         "/* __se_sys_write */\n#if 0\nlong __se_sys_write;\n#endif\n", "calls")
    out = os.path.join(WORK, "table.c")
    r = run("table", ARM, out, "nm", obj)
    check(r.returncode == 0, r.stderr)
    with open(out) as f:
        text = f.read()
    check("[20] = __se_sys_getpid," in text, text[:400])
    check("__se_sys_write" not in text, "write is not compiled, yet in the table")
    check("left out: arch_prctl." in text, "the foreign call is not named")
    check("const unsigned int nr_syscalls = " in text and '[4] = "write",' in text, text[:400])


def test_only_changed_objects_are_read_again():
    # The table remembers each object's calls: an object rewritten is read again (its new
    # calls in, its old ones out), one left alone is not (nm is handed it no more).
    kept = compile_object("long __se_sys_getpid(const unsigned long *a) { return 7; }\n",
                          "kept")
    changing = compile_object("long __se_sys_getppid(const unsigned long *a) { return 1; }\n",
                              "changing")
    out = os.path.join(WORK, "cached.c")
    r = run("table", X86, out, "nm", kept, changing)
    check(r.returncode == 0, r.stderr)
    compile_object("long __se_sys_gettid(const unsigned long *a) { return 2; }\n", "changing")
    st = os.stat(changing)
    os.utime(changing, ns=(st.st_atime_ns, st.st_mtime_ns + 1))
    logged = os.path.join(WORK, "nm-log")
    fake_nm = os.path.join(WORK, "logging-nm")
    with open(fake_nm, "w") as f:
        f.write('#!/bin/sh\nprintf "%%s\\n" "$@" >> %s\nexec nm "$@"\n' % logged)
    os.chmod(fake_nm, 0o755)
    r = run("table", X86, out, fake_nm, kept, changing)
    check(r.returncode == 0, r.stderr)
    with open(out) as f:
        text = f.read()
    check("__se_sys_gettid," in text and "__se_sys_getpid," in text, text[:600])
    check("__se_sys_getppid" not in text, "the call the object no longer has is still there")
    with open(logged) as f:
        args = f.read().split()
    check(changing in args and kept not in args, "nm was handed: %s" % " ".join(args))


def test_unchanged_output_keeps_its_time():
    out = os.path.join(WORK, "same.h")
    check(run("unistd", X86, out).returncode == 0, "first run")
    os.utime(out, (1, 1))
    check(run("unistd", X86, out).returncode == 0, "second run")
    check(os.stat(out).st_mtime == 1, "rewritten though unchanged")


def test_bad_input_is_refused_clearly():
    r = run("unistd", os.path.join(WORK, "missing.h"), os.path.join(WORK, "x.h"))
    check(r.returncode == 2 and "cannot read" in r.stderr and "install-deps" in r.stderr,
          r.stderr)
    empty = os.path.join(WORK, "empty.h")
    open(empty, "w").close()
    r = run("unistd", empty, os.path.join(WORK, "x.h"))
    check(r.returncode == 2 and "no __NR_ numbers" in r.stderr, r.stderr)
    r = run("frobnicate")
    check(r.returncode == 2 and "usage" in r.stderr, r.stderr)


def main():
    tests = [(name[len("test_"):], fn) for name, fn in globals().items()
             if name.startswith("test_") and callable(fn)]
    try:
        return ktap_writer.run_functions("syscalltbl", tests)
    finally:
        subprocess.run(["rm", "-rf", WORK])


if __name__ == "__main__":
    sys.exit(main())
