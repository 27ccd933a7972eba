#!/usr/bin/python3
"""The book checker's own rules (scripts/lib/sklib/book.py), on small pages of its own: the
masking rule, "..." lines, a changed message, a moved or renamed anchor, a quotation that is
no longer in its file, a command hidden in a text block and a gdb or monitor block booted
with a command line the reader is not shown must each fail, naming page and line; what is
right must pass. scripts/book-check runs the real book.

Run: /usr/bin/python3 tests/host/test_book.py
Prints KTAP (one suite, "book_rules"); exit status 0 iff every case passed.
"""

import os
import sys
import tempfile

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import book, ktap_writer  # noqa: E402

SOURCE = "/* a file */\nint main(void)\n{\n\treturn free_initmem();\n}\n"


def page(tmp, text):
    path = os.path.join(tmp, "docs", "book", "p.md")
    with open(path, "w") as f:
        f.write(text)
    return book.read_page(path, "docs/book/p.md")


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def main():
    tmp = tempfile.mkdtemp()
    os.makedirs(os.path.join(tmp, "docs", "book"))
    os.makedirs(os.path.join(tmp, "kernel"))
    with open(os.path.join(tmp, "kernel", "a.c"), "w") as f:
        f.write(SOURCE)

    def masking():
        expect(book.compare(["at 0xffffffff80100000, 12 entries  of  4"],
                            ["at 0xffffffff80123456, 13 entries of 4"]) is None, "numbers")
        expect(book.compare(["[ 9] .text"], ["[10] .text"]) is None, "columns")
        expect(book.compare(["x86_64 initcall0"], ["x86_64 initcall1"]) is not None,
               "a digit inside a name is not a number")
        expect(book.compare(["cpu s412 r3648"], ["cpu s404 r3000"]) is None, "one letter before")
        expect(book.compare(["percpu"], ["perc12"]) is not None, "two letters before")
        expect(book.compare(["first byte 0xbc"], ["first byte 0xc0"]) is None,
               "a 0x word without a decimal digit")
        expect(book.compare(["a cafe"], ["a c0fe"]) is not None, "a word of hex letters")

    def ellipsis():
        expect(book.compare(["a", "...", "z"], ["a", "b", "c", "z"]) is None, "... skips")
        expect(book.compare(["a", "...", "z"], ["a", "z"]) is None, "... skips nothing")
        expect(book.compare(["a", "...", "z"], ["a", "b"]) is not None, "missing last line")

    def changed_message():
        diff = book.compare(["Freeing unused kernel memory: 56K"],
                            ["Freeing init memory: 56K"])
        expect(diff and "line 1 of" in diff and "Freeing init memory" in diff, diff)
        diff = book.compare(["a"], ["a", "b"])
        expect(diff and "goes on" in diff, diff)

    def anchors():
        blocks, prose, problems = page(tmp, "`free_initmem()` is at `kernel/a.c:4`.\n")
        expect(not problems and not book.anchor_problems("p", prose, tmp), "a right anchor")
        _, prose, _ = page(tmp, "`free_initmem()` is at\n`kernel/a.c:3`.\n")
        got = book.anchor_problems("p", prose, tmp)
        expect(len(got) == 1 and got[0].startswith("p:2:") and "line 4" in got[0], got)
        _, prose, _ = page(tmp, "`free_pages()` is at `kernel/a.c:4`.\n")
        got = book.anchor_problems("p", prose, tmp)
        expect(len(got) == 1 and "no longer has `free_pages`" in got[0], got)
        _, prose, _ = page(tmp, "It is at `kernel/a.c:4`.\n")
        got = book.anchor_problems("p", prose, tmp)
        expect(len(got) == 1 and "follows no `symbol`" in got[0], got)
        _, prose, _ = page(tmp, "See `kernel/gone.c`, not `kernel/NAME.c`.\n")
        got = book.anchor_problems("p", prose, tmp)
        expect(len(got) == 1 and "`kernel/gone.c` names no file" in got[0], got)

    def quotations():
        blocks, _, _ = page(tmp, "<!-- book: from=kernel/a.c -->\n```c\nint main(void)\n...\n"
                                 "}\n```\n")
        expect(book.quotation_problems(blocks[0], tmp) == [], "a right quotation")
        blocks, _, _ = page(tmp, "intro\n<!-- book: from=kernel/a.c -->\n```c\n"
                                 "int main(int argc)\n```\n")
        got = book.quotation_problems(blocks[0], tmp)
        expect(len(got) == 1 and got[0].startswith("docs/book/p.md:3:"), got)

    def blocks():
        got, _, _ = page(tmp, "```text\n$ make\n```\n\n```sh\nls\n```\n\n"
                              "<!-- book: arch=arm append=\"a b\" -->\n```console\n$ ls\nx\n```\n")
        expect(book.text_block_problems(got[0]), "a command in a text block")
        expect(book.text_block_problems(got[1]), "a block in another language")
        expect(got[2].settings == {"arch": "arm", "append": "a b"}, got[2].settings)
        expect(got[2].steps() == [("ls", ["x"])], got[2].steps())

    def boot_lines():
        settings = "<!-- book: append=\"sched_debug -- 0 family\" cpu=max -->\n```gdb\n(gdb) x\n```\n"
        _, _, got = page(tmp, "Booted with `make debug CPU=max APPEND='sched_debug -- 0 family'`:"
                              "\n\n" + settings)
        expect(got == [], got)
        _, _, got = page(tmp, "Booted with `make debug APPEND=sched_debug`:\n\n" + settings)
        expect(len(got) == 1 and got[0].startswith("docs/book/p.md:4:") and
               "`make debug CPU=max APPEND='sched_debug -- 0 family'`" in got[0], got)
        _, _, got = page(tmp, "At the prompt:\n<!-- book: append=sched_debug -->\n```monitor\n"
                              "sk> ps\n```\n")
        expect(len(got) == 1 and "`make run APPEND=sched_debug`" in got[0], got)
        _, _, got = page(tmp, "A plain boot:\n<!-- book: arch=x86_64 -->\n```gdb\n(gdb) x\n```\n")
        expect(got == [], got)
        _, _, got = page(tmp, "On ARM:\n<!-- book: arch=arm -->\n```gdb\n(gdb) x\n```\n")
        expect(len(got) == 1 and "`make debug ARCH=arm`" in got[0], got)

    return ktap_writer.run_functions("book_rules", [
        ("masking_rule", masking), ("ellipsis_lines", ellipsis),
        ("changed_message_fails", changed_message), ("anchors", anchors),
        ("quotations", quotations), ("blocks_and_settings", blocks),
        ("boot_lines_shown", boot_lines)])


if __name__ == "__main__":
    sys.exit(main())
