#!/usr/bin/python3
"""Host tests of the memory-map picture (scripts/memory-map, drawn by make sections): checked
against binutils' readelf, not against the ELF reader that drew it, on both arches.

For each kernel: every allocated section readelf lists is drawn once, inside the box of the
LOAD segment readelf maps it to, rows in address order going down the page; each row's
VirtAddr, PhysAddr (from readelf's program header), size and flags are readelf's, and shown in
its text; the segments carry readelf's permissions; the special sections of the book's table
(docs/book/index.md) are highlighted and labelled with a macro the table names for them; the init region's mark
covers exactly the sections between readelf's __init_begin and __init_end; the per-CPU copies
are as many as __per_cpu_offset has entries. The SVG must parse as XML, and rsvg-convert
(librsvg, Debian's librsvg2-bin) must render it. The pictures committed in docs/ must be what
it draws from this build, every number masked, and the sizes shown in KiB within a factor of
2 (docs_x86_64, docs_arm).

Run: /usr/bin/python3 tests/host/test_memory_map.py [--build DIR]    (default: $O, else build/)
Prints KTAP (one suite, "memory_map"); exit status 0 iff every case passed.
"""

import argparse
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import ktap_writer  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
WORK = tempfile.mkdtemp(prefix="memory-map-test.")


def readelf(*args):
    return subprocess.run(["readelf", "-W"] + list(args), stdout=subprocess.PIPE, text=True,
                          check=True).stdout


class Readelf:
    """What readelf says of one kernel."""

    def __init__(self, path):
        self.sections = {}
        for m in re.finditer(r"^\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+([0-9a-f]+)\s+[0-9a-f]+\s+"
                             r"([0-9a-f]+)\s+[0-9a-f]+\s+([A-Z]*)\s", readelf("-S", path), re.M):
            name, kind, addr, size, flg = m.groups()
            if "A" in flg and int(size, 16):
                self.sections[name] = (int(addr, 16), int(size, 16), kind,
                                       "".join(c for c in "WAX" if c in flg))
        text = readelf("-l", path)
        self.loads = [(int(v, 16), int(p, 16), flg.strip()) for v, p, flg in re.findall(
            r"^\s*LOAD\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+0x[0-9a-f]+\s+"
            r"0x[0-9a-f]+\s+([RWE ]+?)\s+0x", text, re.M)]
        mapping = text.split("Section to Segment mapping:")[1]
        segs = [line.split()[1:] for line in mapping.splitlines()[2:] if line.strip()]
        load_index = [i for i, line in enumerate(re.findall(r"^\s+([A-Z_]+)\s+0x", text, re.M))
                      if line == "LOAD"]
        self.mapping = [segs[i] for i in load_index]
        symbols = {}
        for m in re.finditer(r"^\s*\d+:\s+([0-9a-f]+)\s+(\d+)\s+\w+\s+\w+\s+\w+\s+\S+\s+(\S+)$",
                             readelf("-s", path), re.M):
            symbols.setdefault(m.group(3), (int(m.group(1), 16), int(m.group(2))))
        self.symbols = symbols


def table_macros():
    """{section: text of the "put there by" cell of the book's table (docs/book/index.md)}."""
    with open(os.path.join(ROOT, "docs", "book", "index.md")) as f:
        text = f.read()
    table = text.split("## Where each special section lives")[1].split("\n## ")[0]
    out = {}
    for line in table.splitlines():
        cells = line.split("|")
        if len(cells) > 3 and "`" in cells[1]:
            for name in re.findall(r"`([^`]+)`", cells[1]):
                out[name] = cells[2]
    return out


def rect_of(group):
    r = group.find(SVG + "rect")
    return float(r.get("y")), float(r.get("y")) + float(r.get("height"))


def check_arch(build, arch):
    def case(c):
        kernel = os.path.join(build, arch, "kernel.elf")
        svg = os.path.join(WORK, arch + ".svg")
        r = subprocess.run([os.path.join(ROOT, "scripts", "memory-map"), kernel, svg],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if not c.expect(r.returncode == 0, "scripts/memory-map: %s" % r.stdout):
            return
        want = Readelf(kernel)
        root = ET.parse(svg).getroot()
        segments = root.findall(".//%sg[@class='segment']" % SVG)
        ptr = "%016x" if want.loads and max(v for v, _, _ in want.loads) > 0xffffffff else "%08x"
        hexa = lambda n: "0x" + ptr % n  # noqa: E731
        # readelf's LOAD segments in load-address order, with their sections.
        order = sorted(range(len(want.loads)), key=lambda i: want.loads[i][1])
        c.expect(len(segments) == len(order), "%d segments drawn, readelf has %d LOAD" % (
            len(segments), len(order)))
        drawn, last_y = [], -1
        for g, i in zip(segments, order):
            vaddr, paddr, perms = want.loads[i]
            c.expect((g.get("data-vaddr"), g.get("data-paddr"), g.get("data-perms")) ==
                     (hexa(vaddr), hexa(paddr), perms), "segment %r, readelf %r" % (
                         g.attrib, (hexa(vaddr), hexa(paddr), perms)))
            top, bottom = rect_of(g)
            rows = g.findall("%sg" % SVG)
            names = [row.get("data-name") for row in rows]
            expected = sorted([n for n in want.mapping[i] if n in want.sections],
                              key=lambda n: want.sections[n][0])
            c.expect(names == expected, "LOAD at %s: drawn %s, readelf maps %s" % (
                hexa(paddr), names, expected))
            for row in rows:
                name = row.get("data-name")
                if name not in want.sections:
                    continue
                addr, size, kind, flg = want.sections[name]
                y0, y1 = rect_of(row)
                # (%g in the SVG keeps 6 digits)
                c.expect(top - 0.01 <= y0 and y1 <= bottom + 0.01 and y0 >= last_y - 0.01,
                         "%s's row %g..%g is outside its segment %g..%g or above the row "
                         "before" % (name, y0, y1, top, bottom))
                last_y = y1
                phys = addr - vaddr + paddr
                c.expect((row.get("data-vaddr"), row.get("data-paddr"), row.get("data-size"),
                          row.get("data-flags")) == (hexa(addr), hexa(phys), "0x%x" % size, flg),
                         "%s: drawn %r, readelf %r" % (name, row.attrib,
                                                       (hexa(addr), hexa(phys), size, flg)))
                shown = " ".join(t.text or "" for t in row.iter(SVG + "text"))
                for needed in (name, "VirtAddr " + hexa(addr), "0x%x" % size) + (
                        ("PhysAddr " + hexa(phys),) if phys != addr else ()):
                    c.expect(needed in shown, "%s's row does not show %r: %r" % (
                        name, needed, shown))
            drawn += names
        c.expect(sorted(drawn) == sorted(want.sections), "drawn %s, readelf's allocated "
                 "sections %s" % (sorted(drawn), sorted(want.sections)))
        if arch == "x86_64":
            c.expect(any(row.get("data-vaddr") != row.get("data-paddr")
                         for row in root.iter(SVG + "g") if row.get("data-name")),
                     "x86_64's picture must show VirtAddr and PhysAddr apart")
        check_special(c, root, want)
        check_init_and_percpu(c, root, want)
        render(c, svg)
    return case


def check_special(c, root, want):
    table = table_macros()
    for row in root.iter(SVG + "g"):
        name = row.get("data-name")
        # The table writes .initcall*.init for the levels' sections.
        name = next((pattern for pattern in table if fnmatch.fnmatchcase(name or "", pattern)),
                    name)
        if name in table:
            special = "special" in row.get("class", "").split()
            macros = [m for m in re.split(r", | \.\. ", row.get("data-macro") or "") if m]
            c.expect(special and macros and all(m.rstrip("()") in table[name] for m in macros),
                     "%s must be highlighted and labelled with the table's macros (%s), "
                     "got %r" % (name, table[name].strip(), row.attrib))
        elif name:
            c.expect("special" not in row.get("class", ""),
                     "%s is highlighted but not in the book's table" % name)


def check_init_and_percpu(c, root, want):
    begin, end = want.symbols["__init_begin"][0], want.symbols["__init_end"][0]
    inside = [row for row in root.iter(SVG + "g") if row.get("data-name") and
              begin <= int(row.get("data-vaddr"), 16) < end]
    mark = root.find(".//%sg[@class='init-region']" % SVG)
    if c.expect(inside and mark is not None, "no init-region mark, or no section in it"):
        top, bottom = rect_of(mark)
        rows = [rect_of(row) for row in inside]
        outside = [row.get("data-name") for row in root.iter(SVG + "g")
                   if row.get("data-name") and row not in inside and
                   top < rect_of(row)[1] - 1 and rect_of(row)[0] + 1 < bottom]
        c.expect(top <= min(r[0] for r in rows) and max(r[1] for r in rows) <= bottom and
                 not outside, "the init mark %g..%g must cover %s and nothing else (it "
                 "overlaps %s)" % (top, bottom, [r.get("data-name") for r in inside], outside))
        c.expect(any("freed" in (t.text or "") for t in mark.iter(SVG + "text")),
                 "the init region is not marked as freed")
    copies = root.find(".//%sg[@class='percpu-copies']" % SVG)
    ptr = 8 if max(v for v, _, _ in want.loads) > 0xffffffff else 4
    cpus = want.symbols["__per_cpu_offset"][1] // ptr
    c.expect(copies is not None and int(copies.get("data-cpus")) == cpus and
             len(copies.findall(SVG + "rect")) == cpus,
             "want %d per-CPU copies drawn (__per_cpu_offset's entries)" % cpus)


def render(c, svg):
    if not shutil.which("rsvg-convert"):
        c.notes.append("rsvg-convert (librsvg2-bin) not installed: not rendered")
        return
    png = svg[:-4] + ".png"
    r = subprocess.run(["rsvg-convert", svg, "-o", png], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=60)
    c.expect(r.returncode == 0 and not r.stdout.strip() and os.path.getsize(png) > 10000,
             "rsvg-convert: exit %d %s" % (r.returncode, r.stdout))


# What moves with every change of the code: addresses, sizes and the geometry made from them.
# (Not the digits of a name: x86_64, ELF64; a path's d="" is geometry whole.)
NUMBER = re.compile(r"(?<![\w.])(0x[0-9a-f]+|\d+(\.\d+)?(e-?\d+)?( (bytes|KiB))?)")
PATH_DATA = re.compile(r' d="[^"]*"')


def masked(svg):
    """The picture's lines, one element or text a line, every number masked."""
    return [NUMBER.sub("N", PATH_DATA.sub(' d="N"', part))
            for part in svg.replace(">", ">\n").splitlines()]


def check_docs(build, arch):
    """docs/memory-map-ARCH.svg is what scripts/memory-map draws from this build, but for
    the numbers: the same segments, sections, flags, labels and marks; the sections of 10 KiB
    and more within a factor of 2 of their size."""
    def case(c):
        docs = os.path.join(ROOT, "docs", "memory-map-%s.svg" % arch)
        fresh = os.path.join(WORK, arch + "-docs.svg")
        r = subprocess.run([os.path.join(ROOT, "scripts", "memory-map"),
                            os.path.join(build, arch, "kernel.elf"), fresh],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if not c.expect(r.returncode == 0, "scripts/memory-map: %s" % r.stdout):
            return
        with open(docs) as f:
            old_svg = f.read()
        with open(fresh) as f:
            new_svg = f.read()
        # The big sections' sizes too, within a factor of 2: the ones shown in KiB, which
        # grow by a change of some size, not by an entry (.text grew from 88 to 188 KiB).
        sizes = [dict((m.group(1), int(m.group(2), 16)) for m in re.finditer(
            r'data-name="([^"]+)" [^>]*data-size="(0x[0-9a-f]+)"', svg))
            for svg in (old_svg, new_svg)]
        for name, size in sorted(sizes[1].items()):
            was = sizes[0].get(name, 0)
            if max(was, size) >= 10240:
                c.expect(was and size < 2 * was and was < 2 * size, "docs/memory-map-%s.svg "
                         "is stale: it shows %s at %d bytes, this build has %d; draw it again: "
                         "make sections ARCH=%s && cp build/%s/memory-map.svg "
                         "docs/memory-map-%s.svg" % (arch, name, was, size, arch, arch, arch))
        old, new = masked(old_svg), masked(new_svg)
        first = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b),
                     None if len(old) == len(new) else min(len(old), len(new)))
        c.expect(first is None, "docs/memory-map-%s.svg is stale: its line %s is %r, a fresh "
                 "make sections draws %r (numbers masked); draw it again: make sections "
                 "ARCH=%s && cp build/%s/memory-map.svg docs/memory-map-%s.svg" % (
                     arch, first, old[first] if first is not None and first < len(old) else
                     "(none)", new[first] if first is not None and first < len(new) else
                     "(none)", arch, arch, arch))
    return case


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.environ.get("O") or os.path.join(ROOT, "build"))
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    status = ktap_writer.run_cases("memory_map", [
        (arch, lambda c, a=arch: check_arch(build, a)(c)) for arch in ("x86_64", "arm")] + [
        ("docs_" + arch, lambda c, a=arch: check_docs(build, a)(c)) for arch in ("x86_64", "arm")])
    shutil.rmtree(WORK, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
