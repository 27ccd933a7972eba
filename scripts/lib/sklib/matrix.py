"""Reading tests/matrix, the QEMU configurations scripts/ktest boots (the format is described
at the top of that file). A bad line is a MatrixError naming the file and line, never a
silently skipped configuration.
"""

import os
import re
import shlex

from sklib import qemu

EXPECTED_EXITS = {"pass": "passed", "tests-fail": "failed", "panic": "crashed"}


class MatrixError(Exception):
    pass


class MatrixLine:
    """One configuration: how to boot it and what must come out."""

    def __init__(self, name, arch, lineno):
        self.name = name
        self.arch = arch
        self.lineno = lineno
        self.cpu = None
        self.smp = 1
        self.mem = None
        self.boot = "direct"
        self.append = None
        self.initrd = None
        self.kernel = None
        self.timeout = None
        self.exit = "pass"
        self.expect = []
        self.reject = []
        self.qemu = []

    def command(self, build_dir):
        initrd, kernel = self.initrd, self.kernel
        if initrd not in (None, "none"):
            initrd = os.path.join(build_dir, self.arch, initrd)
        if kernel is not None:
            kernel = os.path.join(build_dir, self.arch, kernel)
        return qemu.command(self.arch, build_dir, boot=self.boot, smp=self.smp, cpu=self.cpu,
                            mem=self.mem, append=self.append, initrd=initrd, kernel=kernel,
                            extra=self.qemu)


def _logical_lines(text):
    """Join lines ending in a backslash with the next one; keep the first line's number."""
    pending, start = "", None
    for number, line in enumerate(text.splitlines(), 1):
        if start is None:
            start = number
        if line.endswith("\\") and not line.endswith("\\\\"):
            pending += line[:-1] + " "
            continue
        yield start, pending + line
        pending, start = "", None
    if pending:
        yield start, pending


def read_matrix(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise MatrixError("cannot read %s: %s" % (path, e.strerror))
    lines, names = [], set()
    for lineno, text_line in _logical_lines(text):
        where = "%s:%d" % (path, lineno)
        try:
            words = shlex.split(text_line, comments=True)
        except ValueError as e:
            raise MatrixError("%s: %s" % (where, e))
        if not words:
            continue
        if len(words) < 2:
            raise MatrixError("%s: want 'name arch key=value ...'" % where)
        name, arch = words[0], words[1]
        if not re.match(r"^[A-Za-z0-9_.+-]+$", name):
            raise MatrixError("%s: bad name '%s' (letters, digits, _ . + - only)" % (where, name))
        if name in names:
            raise MatrixError("%s: duplicate name '%s'" % (where, name))
        if arch not in qemu.ARCHES:
            raise MatrixError("%s: unknown arch '%s'; valid: %s" % (
                where, arch, ", ".join(qemu.ARCHES)))
        names.add(name)
        line = MatrixLine(name, arch, lineno)
        for word in words[2:]:
            key, eq, value = word.partition("=")
            if not eq:
                raise MatrixError("%s: '%s' is not key=value" % (where, word))
            _set_key(line, key, value, where)
        if line.boot == "iso" and line.arch != "x86_64":
            raise MatrixError("%s: boot=iso exists only on x86_64" % where)
        if line.boot == "uboot" and line.arch != "arm":
            raise MatrixError("%s: boot=uboot exists only on arm" % where)
        if line.boot == "iso" and line.append is not None:
            raise MatrixError("%s: append= cannot be used with boot=iso (grub.cfg is fixed)" % where)
        if line.boot == "iso" and (line.initrd, line.kernel) != (None, None):
            raise MatrixError("%s: initrd= and kernel= cannot be used with boot=iso (the ISO "
                              "carries its own)" % where)
        lines.append(line)
    return lines


def _set_key(line, key, value, where):
    if key == "cpu":
        line.cpu = value
    elif key == "smp":
        if not re.match(r"^[1-9][0-9]*$", value):
            raise MatrixError("%s: smp wants a positive number, not '%s'" % (where, value))
        line.smp = int(value)
    elif key == "mem":
        if not re.match(r"^[0-9]+[KMGT]?$", value):
            raise MatrixError("%s: mem wants a size like 128M, not '%s'" % (where, value))
        line.mem = value
    elif key == "boot":
        if value not in ("direct", "iso", "uboot"):
            raise MatrixError("%s: boot wants direct, iso or uboot, not '%s'" % (where, value))
        line.boot = value
    elif key == "append":
        line.append = value
    elif key in ("initrd", "kernel"):
        if not value or value.startswith("/") or ".." in value.split("/"):
            raise MatrixError("%s: %s wants a file in build/<arch>/, not '%s'"
                              % (where, key, value))
        setattr(line, key, value)
    elif key == "timeout":
        try:
            line.timeout = float(value)
        except ValueError:
            line.timeout = -1
        if line.timeout <= 0:
            raise MatrixError("%s: timeout wants seconds, not '%s'" % (where, value))
    elif key == "exit":
        if value not in EXPECTED_EXITS:
            raise MatrixError("%s: exit wants one of %s, not '%s'"
                              % (where, ", ".join(EXPECTED_EXITS), value))
        line.exit = value
    elif key in ("expect", "reject"):
        try:
            re.compile(value)
        except re.error as e:
            raise MatrixError("%s: bad %s regex '%s': %s" % (where, key, value, e))
        getattr(line, key).append(value)
    elif key == "qemu":
        line.qemu += shlex.split(value)
    else:
        raise MatrixError("%s: unknown key '%s'; valid: cpu smp mem boot append kernel initrd "
                          "timeout exit expect reject qemu" % (where, key))
