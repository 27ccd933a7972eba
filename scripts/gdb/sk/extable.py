# sk-extable: the exception table, decoded, and the lookup a fault would do.
#
# An entry (struct exception_table_entry, include/kernel/extable.h) is three
# s32: insn and fixup are offsets from the field's own address, data packs the
# fixup type (bits 0-7) and two register numbers (8-15: gets -EFAULT, 16-23:
# gets 0), numbered by their place in struct pt_regs. scripts/sorttable sorts
# the table by insn at build time; search_exception_tables() (kernel/extable.c)
# then finds an entry by binary search, and so does `sk-extable ADDR`.

import struct

import gdb

from sk import util

# The EX_TYPE_* values of include/kernel/extable.h.
TYPES = {0: "DEFAULT", 1: "EFAULT_REG", 2: "EFAULT_ZERO_REG", 3: "UACCESS",
         4: "UACCESS_EFAULT_REG", 5: "UACCESS_EFAULT_ZERO_REG"}


def entries():
    """[(index, insn address, fixup address, data)] in table order."""
    start = util.need("__start___ex_table", "no exception table")
    end = util.need("__stop___ex_table", "no exception table")
    size = util.sizeof("struct exception_table_entry") or 12
    data, _ = util.read_table(start, end - start)
    mask = util.address_mask()
    found = []
    for i in range((end - start) // size):
        at = start + i * size
        insn, fixup, how = struct.unpack_from("<iii", data, i * size)
        found.append((i, (at + insn) & mask, (at + 4 + fixup) & mask, how))
    return found


def register_names():
    """The registers in struct pt_regs order (an array field r[13] gives r0..r12)."""
    names = []
    try:
        fields = gdb.lookup_type("struct pt_regs").fields()
    except gdb.error:
        return names
    for f in fields:
        t = f.type.strip_typedefs()
        if t.code == gdb.TYPE_CODE_ARRAY:
            low, high = t.range()
            names.extend("%s%d" % (f.name, i) for i in range(low, high + 1))
        else:
            names.append(f.name)
    return names


def describe_data(data, names):
    kind = data & 0xff
    text = TYPES.get(kind, "type %d?" % kind)
    reg = lambda n: names[n] if n < len(names) else "reg%d" % n  # noqa: E731
    if kind in (1, 2, 4, 5):
        text += " %s=-EFAULT" % reg((data >> 8) & 0xff)
    if kind in (2, 5):
        text += " %s=0" % reg((data >> 16) & 0xff)
    return text


def search(table, addr):
    """The entry whose insn is addr, by binary search as the kernel does."""
    low, high = 0, len(table)
    while low < high:
        mid = (low + high) // 2
        insn = table[mid][1]
        if insn == addr:
            return table[mid]
        if insn < addr:
            low = mid + 1
        else:
            high = mid
    return None


class SkExtable(util.Command):
    """List the exception table, or look up the entry a fault at ADDR would use.

Usage: sk-extable           every entry: insn and fixup as function+offset, the fixup type
       sk-extable ADDR      what fixup_exception() would do for a fault at ADDR
                            (ADDR: a number, a symbol+offset, $pc, any expression;
                            a struct pt_regs * such as fixup_exception's regs means
                            the instruction that faulted)"""

    def __init__(self):
        super().__init__("sk-extable")

    def run(self, argv):
        if len(argv) > 1:
            raise gdb.GdbError("usage: sk-extable [ADDR]")
        table = entries()
        names = register_names()
        ordered = all(table[i - 1][1] <= table[i][1] for i in range(1, len(table)))
        if argv:
            self.lookup(table, util.parse_address(argv[0]), names, ordered)
            return
        gdb.write("__ex_table: %d entries, %s\n" % (
            len(table), "sorted by insn (scripts/sorttable)" if ordered else "NOT SORTED"))
        for i, insn, fixup, data in table:
            gdb.write("%4d  %s %-36s -> %s %-36s %s\n" % (
                i, util.fmt(insn), util.symbolize(insn), util.fmt(fixup), util.symbolize(fixup),
                describe_data(data, names)))

    @staticmethod
    def lookup(table, addr, names, ordered):
        if ordered:
            hit = search(table, addr)
        else:
            hit = next((e for e in table if e[1] == addr), None)
        where = "%#x (%s)" % (addr, util.symbolize(addr))
        if hit is None:
            gdb.write("no entry for %s: a fault there is an oops\n" % where)
            return
        i, _, fixup, data = hit
        gdb.write("entry %d: a fault at %s resumes at %#x (%s), %s\n" % (
            i, where, fixup, util.symbolize(fixup), describe_data(data, names)))


class SkExtableFixup(gdb.Function):
    """$sk_extable_fixup(ADDR): where a fault at ADDR resumes (its entry's fixup), or 0.

ADDR may be a struct pt_regs *, as in fixup_exception(regs): then it is the
instruction that faulted. Handy for a breakpoint: tbreak *$sk_extable_fixup(regs)"""

    def __init__(self):
        super().__init__("sk_extable_fixup")

    def invoke(self, addr):
        hit = search(entries(), util.parse_value(addr))
        fixup = hit[2] if hit else 0
        return gdb.Value(fixup).cast(gdb.lookup_type("unsigned long"))


class SkRegsPc(gdb.Function):
    """$sk_regs_pc(REGS): the instruction pointer saved in a struct pt_regs * (rip, pc).

The instruction that trapped, in fixup_exception(regs): x/i $sk_regs_pc(regs)"""

    def __init__(self):
        super().__init__("sk_regs_pc")

    def invoke(self, regs):
        return util.instruction_pointer(regs)


SkExtable()
SkExtableFixup()
SkRegsPc()
