"""The registry of special sections (include/kernel/section_registry.h), read by Python.

gdb's sk-sections lists the sections from it, and tests/host/test_section_registry.py checks
the linker scripts and the book's table (docs/book/index.md) against it: the header stays the one place a section is
described. Each row is X(name, start, stop, decl, entry, kind, filler, gatherer, user, life),
the columns the header explains; an arch's own rows are its ARCH_SPECIAL_SECTIONS in
arch/<arch>/include/asm/sections.h."""

import collections
import csv
import os
import re

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
GENERIC = "include/kernel/section_registry.h"
ARCH = "arch/%s/include/asm/sections.h"

Section = collections.namedtuple(
    "Section", "name start stop decl entry kind filler gatherer user life arch")


def _macro_body(text, macro):
    """The body of `#define macro(X)`, its continuation lines joined."""
    m = re.search(r"^#define %s\(X\)(.*?)(?<!\\)$" % macro, text, re.M | re.S)
    if not m:
        raise ValueError("no #define %s(X)" % macro)
    return re.sub(r"\s+", " ", m.group(1).replace("\\\n", " "))


def _calls(body):
    """The argument text of each X(...) in body; parentheses inside strings do not count."""
    calls, i = [], 0
    while True:
        i = body.find("X(", i)
        if i < 0:
            return calls
        depth, quoted, j = 1, False, i + 2
        while depth:
            c = body[j]
            if c == '"':
                quoted = not quoted
            elif not quoted and c in "()":
                depth += 1 if c == "(" else -1
            j += 1
        calls.append(body[i + 2:j - 1])
        i = j


def _rows(path, macro, arch):
    with open(os.path.join(ROOT, path)) as f:
        body = _macro_body(f.read(), macro)
    rows = []
    for args in _calls(body):
        fields = [a.strip() for a in next(csv.reader([args], skipinitialspace=True))]
        if len(fields) != 10:
            raise ValueError("%s: a row of %d columns, not 10: X(%s)" % (path, len(fields), args))
        rows.append(Section(*fields, arch=arch))
    return rows


def sections(arches=("x86_64", "arm")):
    """Every row: the generic ones (arch None), then each arch's own."""
    rows = _rows(GENERIC, "SPECIAL_SECTIONS", None)
    for arch in arches:
        rows += _rows(ARCH % arch, "ARCH_SPECIAL_SECTIONS", arch)
    return rows
