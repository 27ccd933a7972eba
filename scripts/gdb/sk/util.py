# What every helper needs: symbol addresses, entry sizes from the debug
# information, memory (or kernel.elf once init memory is gone), and
# addresses printed as function+offset.

import re
import struct

import gdb

from sklib import elf

COMMANDS = {}           # name -> first line of its help, for the `sk` overview
_symbols = {}
_elf = {}


def _forget(_event=None):
    _symbols.clear()
    _elf.clear()


if not getattr(gdb, "_sk_forget_connected", False):
    gdb.events.new_objfile.connect(lambda event: _forget(event))
    gdb._sk_forget_connected = True
_forget()


class Command(gdb.Command):
    """Base of the sk-* commands: registers the name for `sk`, turns Python
    errors about the target into plain gdb errors."""

    def __init__(self, name):
        super().__init__(name, gdb.COMMAND_DATA)
        self.sk_name = name
        COMMANDS[name] = (self.__doc__ or "").strip().splitlines()[0]

    def invoke(self, arg, from_tty):
        try:
            self.run(gdb.string_to_argv(arg))
        except gdb.MemoryError as e:
            raise gdb.GdbError("%s: cannot read the target's memory (%s)" % (self.sk_name, e))


def symbol(name):
    """Address of the ELF symbol `name` (with or without debug information), or None."""
    if name not in _symbols:
        try:
            _symbols[name] = int(gdb.parse_and_eval("(unsigned long)&'%s'" % name))
        except gdb.error:
            _symbols[name] = None
    return _symbols[name]


def need(name, why):
    addr = symbol(name)
    if addr is None:
        raise gdb.GdbError("no symbol %s in this kernel: %s" % (name, why))
    return addr


def sizeof(type_name):
    """sizeof(type_name) from the debug information, or None when gdb does not know the type."""
    try:
        return int(gdb.parse_and_eval("sizeof(%s)" % type_name))
    except gdb.error:
        return None


def pointer_size():
    return gdb.lookup_type("void").pointer().sizeof


def address_mask():
    return (1 << (8 * pointer_size())) - 1


def hex_width():
    return 2 + 2 * pointer_size()


def fmt(addr):
    """An address printed at the width of a pointer (18 characters on x86_64, 10 on ARM)."""
    return "%#0*x" % (hex_width(), addr)


def kernel_elf():
    """The kernel's ELF file (gdb's symbol file), parsed once."""
    path = gdb.current_progspace().filename
    if not path:
        raise gdb.GdbError("no symbol file: load the kernel with 'file build/<arch>/kernel.elf'")
    if path not in _elf:
        _elf[path] = elf.ElfFile(path)
    return _elf[path]


def read_target(addr, size):
    return bytes(gdb.selected_inferior().read_memory(addr, size))


def init_region():
    return need("__init_begin", "no init region"), need("__init_end", "no init region")


def initmem_freed():
    """True once free_initmem() has given the init region back (initmem_freed_pages != 0)."""
    addr = symbol("initmem_freed_pages")
    if addr is None:
        return False
    return read_ulong(addr) != 0


def read_table(addr, size):
    """Bytes of a kernel table and where they came from: the running kernel,
    or kernel.elf when they lie in init memory that is freed (or unmapped)."""
    if size == 0:
        return b"", "memory"
    begin, end = init_region()
    in_init = begin <= addr < end
    if not (in_init and initmem_freed()):
        try:
            return read_target(addr, size), "memory"
        except gdb.MemoryError:
            if not in_init:
                raise
    data = kernel_elf().read(addr, size)
    if data is None:
        raise gdb.GdbError("%s is in no section of %s" % (fmt(addr), kernel_elf_name()))
    return data, "kernel.elf"


def kernel_elf_name():
    return gdb.current_progspace().filename


def read_ulong(addr):
    size = pointer_size()
    return struct.unpack("<Q" if size == 8 else "<I", read_target(addr, size))[0]


def words(data):
    """Pointer-sized little-endian words of data."""
    size = pointer_size()
    code = "<%d%s" % (len(data) // size, "Q" if size == 8 else "I")
    return struct.unpack(code, data[:len(data) - len(data) % size])


_INFO_SYMBOL = re.compile(r"^(\S+)(?: \+ (\d+))? in section (\S+)")


def symbolize(addr):
    """addr as 'function+0xoffset', as the kernel's %ps prints it; the bare
    number when no symbol holds it."""
    out = gdb.execute("info symbol %#x" % addr, to_string=True).strip()
    m = _INFO_SYMBOL.match(out)
    if not m:
        return "%#x" % addr
    return "%s+%#x" % (m.group(1), int(m.group(2) or 0))


def function_name(addr):
    """The name of the symbol at exactly addr, or addr symbolized."""
    name = symbolize(addr)
    return name[:-4] if name.endswith("+0x0") else name


def parse_address(text):
    """An address given on a command line: a number, a symbol, $pc, any expression;
    for a struct pt_regs *, the instruction pointer saved in it."""
    try:
        value = gdb.parse_and_eval(text)
    except gdb.error as e:
        raise gdb.GdbError("'%s' is not an address: %s" % (text, e))
    return parse_value(value)


def parse_value(value):
    """parse_address() for a gdb.Value."""
    kind = value.type.strip_typedefs()
    if kind.code == gdb.TYPE_CODE_FUNC:
        value = value.address
    elif kind.code == gdb.TYPE_CODE_PTR and kind.target().strip_typedefs().tag == "pt_regs":
        value = instruction_pointer(value)
    return int(value.cast(gdb.lookup_type("unsigned long"))) & address_mask()


def instruction_pointer(regs):
    """The instruction pointer saved in a struct pt_regs * (rip on x86_64, pc on ARM)."""
    fields = [f.name for f in regs.type.strip_typedefs().target().strip_typedefs().fields()]
    for name in ("rip", "pc"):
        if name in fields:
            return regs.dereference()[name]
    raise gdb.GdbError("struct pt_regs has neither rip nor pc")


def current_cpu():
    """The CPU gdb is looking at: QEMU's gdb stub numbers its threads 1, 2, ... per CPU."""
    thread = gdb.selected_thread()
    return thread.num - 1 if thread else 0
