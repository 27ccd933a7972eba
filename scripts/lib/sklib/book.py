"""The book's pages read as tests (scripts/book-check): their blocks, anchors and the rule that
compares a block's output with what the command prints today.

A page is Markdown (docs/book/*.md). What is checked:
- a fenced block whose language is `console` (lines "$ command", then its output), `gdb`
  ("(gdb) command", then its output) or `monitor` ("sk> command", then its answer) is run and
  its output compared; an HTML comment on the line before the fence gives the block's
  settings: <!-- book: arch=x86_64 append="sched_debug" cpu=max -->; a gdb or monitor block
  booted otherwise than by a plain `make debug` or `make run` (arch=arm, append=, cpu=) says
  so to the reader too: the last line of text before that comment holds the command that boots
  it, `make debug ARCH=arm CPU=max APPEND=sched_debug` (a gdb block) or `make run APPEND=...`
  (a monitor block), the values quoted as a shell needs; retry=N on a monitor block lets
  scripts/book-check type a command that changes nothing again while its answer differs;
- a `c` block is a quotation: <!-- book: from=PATH --> names the file, whose lines it must
  contain in order (a line "..." skips any number of the file's lines);
- a `text` block is a drawing or a listing, never a command: a line of it that starts with a
  prompt ("$ ", "(gdb) ", "sk> ") is an error, as is a block in any other language;
- an inline code span `PATH:LINE` (or `PATH#LLINE`) is an anchor: the nearest code span before
  it on the same line names a symbol, and line LINE of PATH must contain that symbol; a code
  span that names a path of the tree (arch/ include/ kernel/ linker/ scripts/ tests/ docs/)
  must name a file or folder that exists.

The rule (also the book's first page, docs/book/index.md): before comparing, in both texts
every number (a word of digits and the letters a-f with at least one digit, with or without
0x, and with or without one letter before it; and any 0x word, such as a byte 0xbc: addresses, sizes, counts, line numbers, build
ids, fields such as "s412 r3648" of Linux's percpu line) becomes "#", spaces and tabs are
ignored (columns widen and shift with their numbers), and gdb's thread notices ("[Switching to Thread ...]",
"[New Thread ...]") are dropped; then a line "..." of the book matches any number of lines of
the output, every other line must equal its line.
"""

import os
import re
import shlex

TREE_DIRS = ("arch/", "include/", "kernel/", "linker/", "scripts/", "tests/", "docs/")
KINDS = {"console": "$ ", "gdb": "(gdb) ", "monitor": "sk> "}
PROMPTS = tuple(KINDS.values())

NUMBER = re.compile(r"(?<![A-Za-z0-9_])(?:0x[0-9a-fA-F]+|[A-Za-z]?(?:0x)?[0-9a-fA-F]*[0-9][0-9a-fA-F]*)"
                    r"(?![0-9a-fA-F])")
THREAD_NOTICE = re.compile(r"^\[(Switching to|New) Thread ")
FENCE = re.compile(r"^(`{3,})\s*([\w{}-]*)\s*$")
SETTINGS = re.compile(r"^<!--\s*book:(.*?)-->\s*$")
SPAN = re.compile(r"`([^`\n]+)`")
ANCHOR = re.compile(r"^([\w./+-]+?)(?::|#L)(\d+)$")
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Block:
    """A fenced block: its page, the line of its fence (1-based), language, settings, lines."""

    def __init__(self, page, line, lang, settings, lines):
        self.page, self.line, self.lang, self.settings, self.lines = (
            page, line, lang, settings, lines)

    @property
    def where(self):
        return "%s:%d" % (self.page, self.line)

    def steps(self):
        """[(command, [expected output lines])] of a console, gdb or monitor block."""
        prompt, steps = KINDS[self.lang], []
        for text in self.lines:
            if text.startswith(prompt) or text == prompt.rstrip():
                steps.append((text[len(prompt):], []))
            elif steps:
                steps[-1][1].append(text)
        return steps


def parse_settings(text):
    """'arch=arm append="a b"' -> {"arch": "arm", "append": "a b"}."""
    settings = {}
    for word in shlex.split(text):
        key, _, value = word.partition("=")
        settings[key] = value
    return settings


def boot_command(lang, settings):
    """The command that boots the kernel as a block's settings say: what the reader types."""
    words = ["make", "debug" if lang == "gdb" else "run"]
    if settings.get("arch") == "arm":
        words.append("ARCH=arm")
    if "cpu" in settings:
        words.append("CPU=" + shlex.quote(settings["cpu"]))
    if "append" in settings:
        words.append("APPEND=" + shlex.quote(settings["append"]))
    return " ".join(words)


def needs_boot_line(settings):
    """A block booted otherwise than by a plain `make debug` / `make run` (x86_64)."""
    return "append" in settings or "cpu" in settings or settings.get("arch") == "arm"


def boot_line_problems(name, lines, comment, lang, settings):
    """The reader sees how a block was booted: the last text line before its settings comment
    (line index comment) holds boot_command() as a code span."""
    want = "`%s`" % boot_command(lang, settings)
    j = comment - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    if j < 0 or want not in lines[j]:
        return ["%s:%d: the block is booted with %s: say so on the line before it, as %s"
                % (name, comment + 2, lines[comment].strip(), want)]
    return []


def read_page(path, name):
    """(blocks, prose lines [(line number, text)], problems) of one page."""
    blocks, prose, problems = [], [], []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            prose.append((i + 1, lines[i]))
            i += 1
            continue
        fence, lang, start = m.group(1), m.group(2), i
        settings = {}
        s = SETTINGS.match(lines[i - 1]) if i else None
        if s:
            try:
                settings = parse_settings(s.group(1))
            except ValueError as e:
                problems.append("%s:%d: bad settings comment: %s" % (name, i, e))
        if lang in ("gdb", "monitor") and needs_boot_line(settings):
            problems += boot_line_problems(name, lines, i - 1, lang, settings)
        i += 1
        body = []
        while i < len(lines) and lines[i].rstrip() != fence:
            body.append(lines[i])
            i += 1
        if i == len(lines):
            problems.append("%s:%d: the block is never closed" % (name, start + 1))
        i += 1
        blocks.append(Block(name, start + 1, lang, settings, body))
    return blocks, prose, problems


def mask(line):
    """The rule above, for one line."""
    return re.sub(r"[ \t]+", "", NUMBER.sub("#", line))


def normalize(lines):
    """[(masked, original)] of lines, thread notices dropped, trailing blank lines too."""
    kept = [(mask(x), x) for x in lines if not THREAD_NOTICE.match(x)]
    while kept and not kept[-1][0]:
        kept.pop()
    return kept


def compare(expected, actual):
    """None when actual (lines) matches expected (the book's lines) under the rule, else a
    message naming the first book line that does not match and what came instead."""
    want, got = normalize(expected), normalize(actual)
    memo = {}
    best = [(0, 0)]

    def match(w, g):
        """Whether want[w:] matches got[g:]; records the furthest book line that failed."""
        key = (w, g)
        if key in memo:
            return memo[key]
        if w == len(want):
            ok = g == len(got)
            if not ok:
                best[0] = max(best[0], (w, g))
        elif want[w][0] == "...":
            ok = any(match(w + 1, k) for k in range(g, len(got) + 1))
        else:
            ok = g < len(got) and want[w][0] == got[g][0] and match(w + 1, g + 1)
            if not ok:
                best[0] = max(best[0], (w, g))
        memo[key] = ok
        return ok

    if match(0, 0):
        return None
    w, g = best[0]
    if w < len(want):
        near = got[g][1] if g < len(got) else "(the output ended)"
        return "line %d of the block's output: %r\n  the output has: %r" % (
            w + 1, want[w][1].strip(), near.strip())
    return "the output goes on after the book's last line: %r" % (
        [x[1] for x in got[g:g + 3]],)


def quotation_problems(block, root):
    """A `c` block's lines must be in its file, in order (from any line where its first
    line is)."""
    path = block.settings.get("from")
    if not path:
        return ["%s: a c block names its file: <!-- book: from=PATH -->" % block.where]
    try:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            have = [mask(x) for x in f.read().split("\n")]
    except OSError as e:
        return ["%s: %s: %s" % (block.where, path, e.strerror)]
    want = [mask(x) for x in block.lines]

    def fits(at):
        """How many lines of want match from have[at] on (all of them: len(want))."""
        n = 0
        while n < len(want):
            if want[n] == "...":
                n += 1
                while at < len(have) and n < len(want) and have[at] != want[n]:
                    at += 1
            if at >= len(have) or have[at] != want[n]:
                return n
            at += 1
            n += 1
        return n

    best = max([fits(at) for at, x in enumerate(have) if x == want[0]] or [0])
    if best == len(want):
        return []
    return ["%s: line %d of the quotation, %r, is not in %s (in this order)"
            % (block.where, best + 1, block.lines[best].strip(), path)]


def text_block_problems(block):
    if block.lang == "{toctree}":
        return []
    if block.lang == "text":
        for n, text in enumerate(block.lines, 1):
            if text.startswith(PROMPTS):
                return ["%s: line %d of a text block is a command (%r): write the block as "
                        "console, gdb or monitor, which are run" % (block.where, n, text)]
        return []
    return ["%s: a block in %r is neither run nor checked: use console, gdb, monitor, c or text"
            % (block.where, block.lang)]


def paragraphs(prose):
    """[(line number, text)] of the prose, in paragraphs (runs of non-blank lines)."""
    para = []
    for number, text in prose:
        if text.strip():
            para.append((number, text))
        elif para:
            yield para
            para = []
    if para:
        yield para


def anchor_problems(name, prose, root):
    """The anchors and paths of a page's prose (lines outside blocks)."""
    problems = []
    for para in paragraphs(prose):
        spans = [(number, m.group(1)) for number, text in para for m in SPAN.finditer(text)]
        for k, (number, word) in enumerate(spans):
            word = word.strip()
            m = ANCHOR.match(word)
            path = m.group(1) if m else word
            if not path.startswith(TREE_DIRS) or " " in path:
                continue
            where = "%s:%d" % (name, number)
            full = os.path.join(root, path)
            if not os.path.exists(full):
                if re.search(r"[<>*{}]|\b[A-Z]{2,}\b", path):
                    continue                                  # a pattern, not a file
                problems.append("%s: `%s` names no file of the tree" % (where, path))
                continue
            if not m:
                continue
            line = int(m.group(2))
            symbols = IDENT.findall(spans[k - 1][1]) if k else []
            if not symbols:
                problems.append("%s: the anchor `%s` follows no `symbol` in its paragraph, so "
                                "what it points at cannot be checked" % (where, word))
                continue
            symbol = max(symbols, key=len)
            with open(full, encoding="utf-8", errors="replace") as f:
                source = f.read().split("\n")
            pattern = r"(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])" % re.escape(symbol)
            if line <= len(source) and re.search(pattern, source[line - 1]):
                continue
            found = [str(i) for i, x in enumerate(source, 1) if re.search(pattern, x)]
            problems.append("%s: `%s` should show `%s`, but that line is %r; %s" % (
                where, word, symbol,
                source[line - 1].strip() if line <= len(source) else "(past the end)",
                "`%s` is on line %s of %s" % (symbol, ", ".join(found[:5]), path)
                if found else "%s no longer has `%s`" % (path, symbol)))
    return problems
