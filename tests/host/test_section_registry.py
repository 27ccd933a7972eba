#!/usr/bin/python3
"""Host tests of the registry of special sections (include/kernel/section_registry.h).

The registry is the one description of each section; the kernel's C code is made from it
(the start/stop declarations, special_sections[]) and gdb's sk-sections reads it. What is
not made from it is checked against it here, so that a section added to the registry and
forgotten elsewhere, or laid out in a linker script and never described, fails:
- each row's gatherer is a macro of the linker scripts (linker/), and its start and stop
  symbols are defined there;
- every symbol the linker scripts define is a registry row's, an initcall level's start
  (include/kernel/initcall_levels.h), or one of the image's layout symbols listed below;
- the book's table "Where each special section lives" (docs/book/index.md) names every
  section;
- nothing gathered that nothing produces, nothing produced that nothing gathers: in each
  build's kernel.o (the `ld -r` of every object), each allocated section is matched by an
  input pattern of that arch's preprocessed script (kernel.lds), and each named input
  pattern matches a section; a family (NAME.*, COMMON), what /DISCARD/ drops and the
  sections GNU ld makes itself (ARM's interworking stubs) may match none;
- in each linked kernel of --build (gcc's, and clang's in --build/llvm when made), nm finds
  every start and stop symbol of the generic rows and of that arch's own.

Run: /usr/bin/python3 tests/host/test_section_registry.py [--build DIR]
(DIR: default $O, else build/)
Prints KTAP (one suite, "section-registry"); exit status 0 iff every case passed.
"""

import argparse
import fnmatch
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOOK_INDEX = "docs/book/index.md"
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import ktap_writer, section_registry  # noqa: E402

ARCHES = ("x86_64", "arm")
NM = {"x86_64": "nm", "arm": "arm-none-eabi-nm"}
# The image's layout, not special sections: include/kernel/sections.h declares them by hand.
# __start_notes and __stop_notes bound the ELF notes, which the boot loaders find through
# the program headers, not through these symbols.
LAYOUT = {"_text", "_stext", "_etext", "__start_rodata", "__end_rodata", "__init_data_begin",
          "_sdata", "_edata", "__bss_start", "__bss_stop", "_end", "__per_cpu_load",
          "__start_notes", "__stop_notes"}


def linker_text():
    """The linker scripts, comments removed, as one text."""
    texts = []
    for name in sorted(os.listdir(os.path.join(ROOT, "linker"))):
        if name.endswith((".lds.h", ".lds.S")):
            with open(os.path.join(ROOT, "linker", name)) as f:
                texts.append(re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S))
    return "\n".join(texts)


def defined_symbols(text):
    """The symbols the linker scripts set: `sym = .;` and BOUNDED_SECTION(sec, start, stop)."""
    names = set(re.findall(r"(?<![#\w])([A-Za-z_]\w*)\s*=\s*\.\s*;", text))
    for m in re.finditer(r"\bBOUNDED_SECTION\(", text):
        depth, i = 1, m.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        args = re.sub(r"\\\n", " ", text[m.end():i - 1])
        names.update(a.strip() for a in args.rsplit(",", 2)[1:])
    return names - {"start", "stop"}


def level_starts():
    with open(os.path.join(ROOT, "include/kernel/initcall_levels.h")) as f:
        return {"__initcall%s_start" % m for m in re.findall(r"X\((\w+),", f.read())}


def check_gatherers(rows, text, case):
    defined = defined_symbols(text)
    for s in rows:
        case.expect(re.search(r"^#define %s\b" % re.escape(s.gatherer), text, re.M),
                    "%s: gatherer %s is no macro of linker/" % (s.name, s.gatherer))
        for sym in (s.start, s.stop):
            case.expect(sym in defined, "%s: %s is not defined by linker/" % (s.name, sym))
        case.expect(s.kind in ("TABLE", "BYTES"), "%s: kind %s" % (s.name, s.kind))
        case.expect(s.life in ("INIT", "KEPT"), "%s: life %s" % (s.name, s.life))
        case.expect(s.kind == "TABLE" or s.entry == "char",
                    "%s: a BYTES range has entry char, not %s" % (s.name, s.entry))


def check_nothing_undescribed(rows, text, case):
    known = {sym for s in rows for sym in (s.start, s.stop)} | level_starts() | LAYOUT
    for sym in sorted(defined_symbols(text) - known):
        case.expect(False, "linker/ defines %s, which no registry row names" % sym)


def check_book_table(rows, case):
    with open(os.path.join(ROOT, BOOK_INDEX)) as f:
        text = f.read()
    m = re.search(r"^## Where each special section lives\n(.*?)^## ", text, re.M | re.S)
    if not case.expect(m, "%s has no section 'Where each special section lives'" % BOOK_INDEX):
        return
    table = m.group(1)
    for s in rows:
        if s.name == "init region":
            continue
        case.expect("`%s`" % s.name in table, "%s's table does not name %s" % (BOOK_INDEX, s.name))


# Input sections the linker makes itself (ARM/Thumb interworking and erratum veneers).
LINKER_MADE = {".glue_7", ".glue_7t", ".vfp11_veneer", ".v4_bx"}


def input_patterns(lds):
    """The input section patterns of a preprocessed linker script: (kept, dropped)."""
    lds = re.sub(r"/\*.*?\*/", "", lds, flags=re.S)
    discards = []
    for m in re.finditer(r"/DISCARD/\s*:\s*\{", lds):
        discards.append((m.end(), lds.index("}", m.end())))
    kept, dropped = [], []
    for m in re.finditer(r"\*\(", lds):
        depth, i = 1, m.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(lds[i], 0)
            i += 1
        words = re.sub(r"SORT\w*\(([^)]*)\)", r"\1", lds[m.end():i - 1]).split()
        inside = any(a <= m.start() < b for a, b in discards)
        (dropped if inside else kept).extend(words)
    return kept, dropped


def allocated_sections(obj):
    out = subprocess.run(["readelf", "-SW", obj], stdout=subprocess.PIPE, text=True,
                         check=True).stdout
    found = set()
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+(\S*)", line)
        if m and "A" in m.group(2):
            found.add(m.group(1))
    return found


def check_gathered(build, arch, case):
    with open(os.path.join(build, arch, "kernel.lds")) as f:
        kept, dropped = input_patterns(f.read())
    made = allocated_sections(os.path.join(build, arch, "kernel.o"))
    for sec in sorted(made):
        case.expect(any(fnmatch.fnmatchcase(sec, p) for p in kept + dropped),
                    "%s: %s is produced but no pattern of kernel.lds gathers it" % (arch, sec))
    for pat in kept:
        if pat.endswith(".*") or pat == "COMMON" or pat in LINKER_MADE:
            continue
        case.expect(any(fnmatch.fnmatchcase(sec, pat) for sec in made),
                    "%s: kernel.lds gathers %s, which no object produces" % (arch, pat))


def check_linked(build, arch, rows, case):
    elf = os.path.join(build, arch, "kernel.elf")
    out = subprocess.run([NM[arch], elf], stdout=subprocess.PIPE, text=True,
                         check=True).stdout
    defined = {line.split()[-1] for line in out.splitlines() if len(line.split()) == 3}
    for s in rows:
        if s.arch in (None, arch):
            for sym in (s.start, s.stop):
                case.expect(sym in defined, "%s: %s not in %s" % (s.name, sym, elf))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.environ.get("O") or os.path.join(ROOT, "build"))
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    rows = section_registry.sections(ARCHES)
    text = linker_text()
    checks = [("gatherers_and_symbols_in_linker_scripts",
               lambda c: check_gatherers(rows, text, c)),
              ("linker_scripts_define_nothing_undescribed",
               lambda c: check_nothing_undescribed(rows, text, c)),
              ("book_table_names_every_section", lambda c: check_book_table(rows, c))]
    for arch in ARCHES:
        for name, where in (("gcc", build), ("llvm", os.path.join(build, "llvm"))):
            if os.path.isfile(os.path.join(where, arch, "kernel.elf")):
                checks.append(("%s_%s_kernel_defines_every_bound" % (arch, name),
                               lambda c, a=arch, w=where: check_linked(w, a, rows, c)))
                checks.append(("%s_%s_gathered_what_is_produced" % (arch, name),
                               lambda c, a=arch, w=where: check_gathered(w, a, c)))
    return ktap_writer.run_cases("section-registry", checks)


if __name__ == "__main__":
    sys.exit(main())
