"""The labs' pages of the book (docs/book/labs/), written from the labs' definitions.

Each page says what to do (the lab's statement and hints), shows the stub a student tree holds
with its numbered TODO steps, and how grading goes (the suites, cases and points); the index
lists every lab with its chapter. They are made from tests/labs/NAME/ (scripts/labs pages), so
a page cannot say other than what `make lab` writes and `make grade` scores: make check
compares them (tests/host/test_labs.py).
"""

import os
import re
import textwrap

from sklib import labs

PAGES = os.path.join(labs.ROOT, "docs", "book", "labs")


def para(text):
    """text filled to 96 columns, never breaking a `code span`."""
    kept = re.sub(r"`[^`]*`", lambda m: m.group(0).replace(" ", "\0"), text)
    return textwrap.fill(kept, width=96, break_long_words=False,
                         break_on_hyphens=False).replace("\0", " ")


def code_span(text):
    return "`%s`" % text


def where(lab):
    return ", ".join(code_span(f) for f, _ in lab.regions)


def tests_table(lab):
    rows = ["| suite (`ktest.filter=`) | cases that must pass | arches | points per arch |",
            "|---|---|---|---|"]
    for t in lab.tests:
        cases = ", ".join(code_span(c) for c in t.cases) if t.cases else "every case"
        extra = []
        if t.cpu:
            extra += ["%s on `-cpu %s`" % (a, m) for a, m in sorted(t.cpu.items())]
        if t.smp:
            extra.append("%d CPUs" % t.smp)
        rows.append("| %s | %s | %s%s | %d |" % (code_span(t.suite), cases, ", ".join(t.arches),
                                                 " (%s)" % "; ".join(extra) if extra else "",
                                                 t.points))
    return "\n".join(rows)


def page(lab):
    out = ["# Lab %s: %s" % (lab.name, lab.title), "",
           para("Chapter: %s. Code: %s. Points: %d." % (lab.chapter, where(lab), lab.points())),
           "",
           lab.statement, ""]
    if lab.hints:
        out += [lab.hints, ""]
    out += ["## Get the lab", "", "From the top folder of the tree, after `make` (or `make "
            "check`) has built it:", "", "```text",
            "make lab LAB=%s     # a copy of the tree in build/labs/%s" % (lab.name, lab.name),
            "cd build/labs/%s" % lab.name, "```", "",
            para("Your own tree is not changed; `DEST=dir` puts the copy elsewhere. In the "
                 "copy, the code between the lines `/* LAB %s: begin */` and `/* LAB %s: end "
                 "*/` is gone and a stub stands in its place: it compiles, and the kernel built "
                 "from it fails the lab's self-tests (a test fails, or the kernel panics and "
                 "the boot ends)." % (lab.name, lab.name)), ""]
    for rel, stub in lab.regions:
        with open(stub) as f:
            text = f.read().rstrip("\n")
        out += ["In %s:" % code_span(rel), "",
                "<!-- book: from=%s -->" % os.path.relpath(stub, labs.ROOT), "```c", text,
                "```", ""]
    out += [para("Follow the TODO steps, in order. The code around the stub is the kernel's "
                 "own: read it, and the chapter, for the names the steps use."), "",
            "## Grade it", "", "```text", "make grade LAB=%s" % lab.name, "```", "",
            para("This builds the tree you are in (both arches), boots each arch with each "
                 "suite below (`ktest.filter=SUITE`), gives the points of a suite when the boot "
                 "ended without a panic and every case named passed, and prints the score, as "
                 "`Score: N/%d`. It exits with a failure below full marks. A boot's serial log "
                 "is in `build/grade/`; a boot that does not end is stopped after %d seconds."
                 % (lab.points(), max(t.timeout for t in lab.tests))), "",
            tests_table(lab), "",
            para("`make grade` alone grades every lab; in this copy, only this one was taken "
                 "out. In the full tree every lab scores full marks: `make check` proves it, "
                 "and that each stub fails."), ""]
    return "\n".join(out)


def index(all_labs):
    out = ["# Labs", "",
           para("Each lab is a piece of this kernel's real source, marked with two comment "
                "lines (`/* LAB NAME: begin */` and `/* LAB NAME: end */`), that you write "
                "yourself. `make labs` lists them, `make lab LAB=NAME` writes a copy of the "
                "tree where that piece is a stub with numbered TODO steps, and `make grade "
                "LAB=NAME`, run in the copy, builds it, boots both arches with the lab's "
                "self-tests and prints your score. Each chapter of the book from \"binary "
                "code\" on ends with its lab."), "",
           "| lab | chapter | code | points |", "|---|---|---|---|"]
    for lab in all_labs:
        out.append("| [%s](%s.md): %s | %s | %s | %d |" % (lab.name, lab.name, lab.title,
                                                           lab.chapter, where(lab), lab.points()))
    out += ["", para("The labs are defined in `tests/labs/`: for each, `lab.toml` (its "
                     "statement, the marked files and the self-tests that grade it, with their "
                     "points) and the stub of each region. `scripts/labs` does the rest."), ""]
    return "\n".join(out)


def pages(all_labs):
    """{file name: text} of every page."""
    out = {"index.md": index(all_labs)}
    for lab in all_labs:
        out[lab.name + ".md"] = page(lab)
    return out


def stale(all_labs, pages_dir=PAGES):
    """The pages that differ from what the definitions make, or are missing or extra."""
    want = pages(all_labs)
    have = sorted(f for f in os.listdir(pages_dir) if f.endswith(".md")) \
        if os.path.isdir(pages_dir) else []
    bad = [f for f in sorted(set(want) | set(have)) if f not in have or f not in want]
    for f in sorted(set(want) & set(have)):
        with open(os.path.join(pages_dir, f)) as fh:
            if fh.read() != want[f]:
                bad.append(f)
    return bad


def write(all_labs, pages_dir=PAGES):
    os.makedirs(pages_dir, exist_ok=True)
    for f, text in pages(all_labs).items():
        with open(os.path.join(pages_dir, f), "w") as fh:
            fh.write(text)
