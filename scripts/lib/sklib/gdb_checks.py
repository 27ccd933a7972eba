"""What scripts/gdb-test checks the gdb helpers' output against: the kernel's own figures.

Figures reads kernel.elf (sklib.elf, not the helpers' code paths); the check_* functions
take the output of one gdb session, cut into (phase, command) parts by split_output, and add
a problem to a ktap_writer.Case for each disagreement with the ELF file, the raw bytes of
__ex_table, or the lines the kernel printed while booting.
"""

import re
import struct

from sklib import elf


class Figures:
    """What kernel.elf says, read without the helpers."""

    def __init__(self, path):
        f = elf.ElfFile(path)
        self.sections = {s.name: (s.addr, s.offset, s.size) for s in f.sections}
        self.symbols = [(s.name, s.value, s.size, s.kind) for s in f.symbols]
        self.value = f.values()
        self.data = f.data
        self.ptr = f.ptr_size

    def objects(self, prefix, start, end):
        return sorted((v, n) for n, v, _, t in self.symbols
                      if t == "OBJECT" and n.startswith(prefix) and start <= v < end)

    def functions(self):
        return sorted((v, s, n) for n, v, s, t in self.symbols if t == "FUNC")

    def extable(self):
        addr, off, size = self.sections["__ex_table"]
        entries = []
        for i in range(size // 12):
            insn, fixup, data = struct.unpack_from("<iii", self.data, off + 12 * i)
            at = addr + 12 * i
            mask = (1 << (8 * self.ptr)) - 1
            entries.append(((at + insn) & mask, (at + 4 + fixup) & mask, data))
        return entries


def boot_figure(serial, pattern):
    m = re.search(pattern, serial, re.M)
    return m.groups() if m else None


def split_output(out):
    """{(phase, command): output} from the @@PHASE / @@CMD markers."""
    parts, phase, cmd = {}, None, None
    for line in out.splitlines():
        if line.startswith("@@PHASE "):
            phase, cmd = line[8:], None
        elif line.startswith("@@CMD "):
            cmd = line[6:]
            parts[(phase, cmd)] = []
        elif cmd is not None:
            parts[(phase, cmd)].append(line)
    return {k: "\n".join(v) for k, v in parts.items()}


def section_rows(text):
    rows = {}
    for m in re.finditer(r"^(\S+(?: region)?)\s+0x([0-9a-f]+) 0x([0-9a-f]+)\s+(\d+)\s+"
                         r"(\S+)\s+(.*)$", text, re.M):
        rows[m.group(1)] = (int(m.group(2), 16), int(m.group(3), 16), int(m.group(4)),
                            m.group(5), m.group(6))
    return rows


def check_sections(case, rows, fig):
    for needed in ("__ex_table", ".ktest_suites", ".data..percpu", "init region", ".init.text",
                   ".init.setup", ".initcall.init", "__bug_table", ".sched.text"):
        case.expect(needed in rows, "sk-sections has no row %s" % needed)
    # Ranges with symbols of their own but no ELF section of the same name.
    by_symbols = {"init region": ("__init_begin", "__init_end"),
                  ".sched.text": ("__sched_text_start", "__sched_text_end"),
                  ".init.ktest_suites": ("__ktest_init_suites_start", "__ktest_init_suites_end")}
    for name, (start, end, size, _, _) in rows.items():
        case.expect(end - start == size, "%s: size %d is not end - start" % (name, size))
        if name in by_symbols:
            want = tuple(fig.value.get(s) for s in by_symbols[name])
            case.expect((start, end) == want, "%s: %#x-%#x, but the symbols say %s" % (
                name, start, end, want))
        elif name in fig.sections:
            addr, _, length = fig.sections[name]
            case.expect((start, size) == (addr, length), "%s: %#x+%d, the ELF file: %#x+%d" % (
                name, start, size, addr, length))
        else:
            case.expect(size == 0, "%s: %d bytes, but the ELF file has no such section" % (
                name, size))
    note = "%d sections agree with the ELF file" % len(rows)
    if note not in case.notes:
        case.notes.append(note)


def check_counts(case, rows, fig, serial):
    def count(name):
        row = rows.get(name)
        return int(row[3]) if row and row[3] != "-" else None

    start, end = fig.value["__initcall_start"], fig.value["__initcall_end"]
    case.expect(count(".initcall.init") == len(fig.objects("__initcall_", start, end)),
                ".initcall.init: %s entries, the ELF file: %d __initcall_* objects" % (
                    count(".initcall.init"), len(fig.objects("__initcall_", start, end))))
    s, e = fig.value["__setup_start"], fig.value["__setup_end"]
    setups = [x for x in fig.objects("__setup_", s, e) if not x[1].startswith("__setup_str_")]
    case.expect(count(".init.setup") == len(setups), ".init.setup: %s entries, %d __setup_* "
                "objects" % (count(".init.setup"), len(setups)))
    for name, lo, hi in ((".ktest_suites", "__ktest_suites_start", "__ktest_suites_end"),
                         (".init.ktest_suites", "__ktest_init_suites_start",
                          "__ktest_init_suites_end")):
        ptrs = fig.objects("__ktest_ptr_", fig.value[lo], fig.value[hi])
        case.expect(count(name) == len(ptrs), "%s: %s entries, %d __ktest_ptr_* objects" % (
            name, count(name), len(ptrs)))
    said = boot_figure(serial, r"^extable: (\d+) entries of (\d+) bytes")
    if case.expect(said is not None, "the kernel did not print 'extable: N entries'"):
        case.expect(count("__ex_table") == int(said[0]), "__ex_table: %s entries, the kernel "
                    "says %s" % (count("__ex_table"), said[0]))
    said = boot_figure(serial, r"^alternatives: patched (\d+) of (\d+) sites")
    if said is not None and ".altinstructions" in rows:
        case.expect(count(".altinstructions") == int(said[1]), ".altinstructions: %s entries, "
                    "the kernel says %s sites" % (count(".altinstructions"), said[1]))
    case.expect(count("__bug_table") is not None, "__bug_table: no entry count")


def initcall_rows(text):
    rows, level = [], None
    for line in text.splitlines():
        m = re.match(r"^level (\S+) \((\w+)_initcall\): (\d+)$", line)
        if m:
            level = m.group(1)
            continue
        m = re.match(r"^  0x([0-9a-f]+)  (\S+)\s+(.*)$", line)
        if m:
            rows.append((level, int(m.group(1), 16), m.group(2), m.group(3).strip()))
    return rows


def check_initcalls(case, parts, fig, have_record):
    start, end = fig.value["__initcall_start"], fig.value["__initcall_end"]
    want = fig.objects("__initcall_", start, end)
    for phase in ("START", "AFTER_FREE"):
        rows = initcall_rows(parts.get((phase, "sk-initcalls"), ""))
        if not case.expect(len(rows) == len(want), "%s: sk-initcalls lists %d entries, "
                           "the ELF file has %d" % (phase, len(rows), len(want))):
            continue
        for (level, addr, fn, state), (value, symbol) in zip(rows, want):
            case.expect(addr == value and symbol == "__initcall_%s%s" % (fn, level),
                        "%s: entry %#x %s (level %s), but the ELF file: %#x %s" % (
                            phase, addr, fn, level, value, symbol))
            if phase == "START":
                case.expect(state == ("not yet" if have_record else "?"),
                            "at start_kernel %s is '%s'" % (fn, state))
            else:
                case.expect(state.startswith("ran"), "after boot %s is '%s'" % (fn, state))
    text = parts.get(("AFTER_FREE", "sk-initcalls"), "")
    case.expect("the table is read from" in text, "after free_initmem() the table should come "
                "from kernel.elf")
    level4 = initcall_rows(parts.get(("START", "sk-initcalls 4"), ""))
    case.expect(level4 and all(r[0] == "4" for r in level4), "sk-initcalls 4 shows other levels")
    case.expect("unknown level 'bogus'" in parts.get(("START", "sk-initcalls bogus"), ""),
                "sk-initcalls bogus does not complain")
    case.notes.append("%d initcalls in link order%s" % (
        len(want), ", with initcall_results[]" if have_record else ", no initcall_results[] yet"))


def symbolized(text, fig):
    """Resolve 'name+0xoff' with the ELF file's FUNC symbols."""
    m = re.match(r"^(\S+)\+0x([0-9a-f]+)$", text)
    if not m:
        return None
    for value, _, name in fig.functions():
        if name == m.group(1):
            return value + int(m.group(2), 16)
    return None


def check_extable(case, parts, fig, lookup_index):
    table = fig.extable()
    text = parts.get(("START", "sk-extable"), "")
    case.expect(re.search(r"^__ex_table: %d entries, sorted" % len(table), text, re.M),
                "sk-extable header does not say %d entries, sorted" % len(table))
    lines = re.findall(r"^\s*(\d+)\s+0x([0-9a-f]+) (\S+)\s+-> 0x([0-9a-f]+) (\S+)\s+(\S+)",
                       text, re.M)
    case.expect(len(lines) == len(table), "sk-extable lists %d entries, __ex_table holds %d" % (
        len(lines), len(table)))
    types = {0: "DEFAULT", 1: "EFAULT_REG", 2: "EFAULT_ZERO_REG", 3: "UACCESS",
             4: "UACCESS_EFAULT_REG", 5: "UACCESS_EFAULT_ZERO_REG"}
    for (i, insn, insn_sym, fixup, fixup_sym, kind), (want_insn, want_fixup, data) in \
            zip(lines, table):
        case.expect((int(insn, 16), int(fixup, 16)) == (want_insn, want_fixup),
                    "entry %s: %s -> %s, the raw table says %#x -> %#x" % (
                        i, insn, fixup, want_insn, want_fixup))
        case.expect(kind == types.get(data & 0xff), "entry %s: type %s, data %#x" % (
            i, kind, data))
        case.expect(symbolized(insn_sym, fig) == want_insn and
                    symbolized(fixup_sym, fig) == want_fixup,
                    "entry %s: %s / %s do not name %#x / %#x" % (
                        i, insn_sym, fixup_sym, want_insn, want_fixup))
    insn, fixup, _ = table[lookup_index]
    hit = parts.get(("START", "sk-extable %#x" % insn), "")
    case.expect(re.search(r"^entry %d: a fault at %#x .* resumes at %#x" % (
        lookup_index, insn, fixup), hit, re.M), "sk-extable %#x: %r" % (insn, hit))
    miss = parts.get(("START", "sk-extable %#x" % (insn + 1)), "")
    case.expect("no entry for" in miss, "sk-extable %#x: %r" % (insn + 1, miss))
    bad = parts.get(("START", "sk-extable no_such_symbol_xyz"), "")
    case.expect("is not an address" in bad, "sk-extable no_such_symbol_xyz: %r" % bad)
    after = parts.get(("AFTER_FREE", "sk-extable"), "")
    case.expect(after.count("\n") == text.count("\n"), "sk-extable changed after free_initmem()")
    case.notes.append("%d entries match the raw __ex_table" % len(table))


def percpu_variable(fig):
    """A per-CPU variable to print: cpu_number (smp_processor_id()) if there is one."""
    lo, hi = fig.value["__per_cpu_start"], fig.value["__per_cpu_end"]
    variables = [n for n, v, _, t in fig.symbols if t == "OBJECT" and lo <= v < hi]
    if "cpu_number" in variables:
        return "cpu_number"
    return variables[0] if variables else None


def check_percpu(case, parts, fig):
    text = parts.get(("START", "sk-percpu linux_banner"), "")
    case.expect("is not a per-CPU variable" in text, "sk-percpu linux_banner: %r" % text)
    text = parts.get(("START", "sk-percpu no_such_symbol_xyz"), "")
    case.expect("no symbol 'no_such_symbol_xyz'" in text, "sk-percpu no_such_symbol_xyz: %r" % text)
    text = parts.get(("START", 'print $sk_per_cpu("linux_banner", 0)'), "")
    case.expect("is not a per-CPU variable" in text, "$sk_per_cpu on linux_banner: %r" % text)
    var = percpu_variable(fig)
    if var is None:
        case.skip = "no per-CPU variable to print"
        return
    before = parts.get(("START", "sk-percpu " + var), "")
    if "__per_cpu_offset" not in fig.value:
        case.expect("no per-CPU areas yet" in before, "sk-percpu %s: %r" % (var, before))
        case.notes.append("the kernel has no per-CPU areas yet")
        return
    case.expect(re.search(r"^cpu 0, the template \(areas not set up yet\): %s at " % var,
                          before, re.M), "at start_kernel, sk-percpu %s: %r" % (var, before))
    after = parts.get(("AFTER_FREE", "sk-percpu %s all" % var), "")
    want = r"^cpu 0: %s at 0x[0-9a-f]+ = %s$" % (var, "0" if var == "cpu_number" else ".*")
    case.expect(re.search(want, after, re.M), "after boot, sk-percpu %s all: %r" % (var, after))
    case.notes.append("%s through __per_cpu_offset[]" % var)


def alternative_rows(text):
    return re.findall(r"^\s*\d+\s+0x[0-9a-f]+ \S+\s+(!?)(\S+)\s+cpu has it: (\S+)\s+(\w+)",
                      text, re.M)


def check_alternatives(case, parts, serial, fig):
    if "apply_alternatives" not in fig.value:
        case.skip = "the kernel has no apply_alternatives() yet"
        return
    said = boot_figure(serial, r"^alternatives: patched (\d+) of (\d+) sites")
    if not case.expect(said is not None, "the kernel did not print 'alternatives: patched P of "
                       "T sites'"):
        return
    patched, total = int(said[0]), int(said[1])
    start = alternative_rows(parts.get(("START", "sk-alternatives"), ""))
    case.expect(len(start) == total and all(r[2] == "?" and r[3] == "original" for r in start),
                "at start_kernel: %r" % (start,))
    for phase in ("BEFORE_FREE", "AFTER_FREE"):
        rows = alternative_rows(parts.get((phase, "sk-alternatives"), ""))
        case.expect(len(rows) == total, "%s: %d sites, the kernel says %d" % (phase, len(rows),
                                                                             total))
        done = sum(r[3] == "patched" for r in rows)
        # After free_initmem() a site in init code can no longer be read.
        unknown = sum(r[3] == "unknown" for r in rows) if phase == "AFTER_FREE" else 0
        case.expect(done <= patched <= done + unknown, "%s: %d patched (%d unknown), the kernel "
                    "says %d" % (phase, done, unknown, patched))
        for negate, name, has, state in rows:
            case.expect((has == "yes") != bool(negate) or state != "patched",
                        "%s: %s patched but the CPU does not want it" % (phase, name))
    case.notes.append("%d of %d sites patched, as the kernel says" % (patched, total))


def check_initmem(case, parts, fig, serial):
    begin, end = fig.value["__init_begin"], fig.value["__init_end"]
    text = parts.get(("START", "sk-initmem"), "")
    case.expect(re.search(r"^init region: %#x - %#x, %d bytes" % (begin, end, end - begin),
                          text, re.M), "sk-initmem region line: %r" % text)
    case.expect("state: in use" in text and "mapping: mapped" in text,
                "at start_kernel: %r" % text)
    text = parts.get(("AFTER_FREE", "sk-initmem"), "")
    m = re.search(r"^state: freed \(initmem_freed_pages = (\d+)\)", text, re.M)
    said = boot_figure(serial, r"^Freeing unused kernel image \(initmem\) memory: (\d+)K")
    if case.expect(m and said, "after free_initmem(): %r, kernel: %r" % (text, said)):
        case.expect(int(m.group(1)) * 4 == int(said[0]), "%s pages freed, the kernel says %sK" % (
            m.group(1), said[0]))
    case.expect("mapping: unmapped" in text, "after free_initmem() the region is still mapped")


def check_threads(case, parts, fig):
    """Before sched_init() the table is empty; after the free it holds the boot
    thread (running, so no wait channel) and CPU 0's idle thread."""
    text = parts.get(("START", "sk-threads"), "")
    case.expect(text.startswith("  PID NAME             S CPU   SWITCHES WCHAN"),
                "sk-threads at start_kernel: %r" % text)
    after = parts.get(("AFTER_FREE", "sk-threads"), "")
    case.expect(re.search(r"^ +\d+ boot +R +0 +\d+ -$", after, re.M),
                "sk-threads after the free has no running boot thread: %r" % after)
    case.expect(re.search(r"^ +\d+ idle/0 +[RS] +0 ", after, re.M),
                "sk-threads after the free has no idle/0: %r" % after)


def check_ps(case, parts):
    """Just after a user fork() (kernel_clone() returned the child's pid), sk-ps must list the
    child with the forking process as its parent, both under the suite's program name."""
    child = re.search(r"^Value returned is \$\d+ = (\d+)$", parts.get(("FORKED", "finish"), ""),
                      re.M)
    text = parts.get(("FORKED", "sk-ps"), "")
    case.expect(text.startswith("  PID  PPID S MM                 NAME"), "sk-ps: %r" % text)
    rows = {m[0]: m[1:] for m in re.findall(r"^ +(\d+) +(\d+|-) ([RSZ]) \S+ +(\S+)$", text,
                                            re.M)}
    if not case.expect(child, "kernel_clone() returned no pid: %r" % parts.get(
            ("FORKED", "finish"))):
        return
    ppid, _, name = rows.get(child.group(1), (None, None, None))
    if case.expect(ppid in rows and rows[ppid][2] == name,
                   "sk-ps: child %s has parent %s, not a listed process of its name: %r" % (
                       child.group(1), ppid, text)):
        case.notes.append("sk-ps: %s, pid %s, parent %s" % (name, child.group(1), ppid))
