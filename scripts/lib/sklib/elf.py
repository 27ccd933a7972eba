"""The one ELF reader of the Python scripts: section and program headers, the symbol table,
linked bytes.

Read by scripts/bench (section sizes), gdb-test and monitor-test (the figures the helpers and
the monitor must agree with), and the gdb helpers (scripts/gdb/sk/: what free_initmem() took
away can only be read from kernel.elf). Little-endian ELF32 and ELF64, the two kernels'
formats; anything else is refused with a clear message. The symbol table is read on first use:
the gdb helpers need only the sections. scripts/memory-map draws the sections and segments.
"""

import struct

SHT_SYMTAB = 2
SHT_NOBITS = 8
SHF_ALLOC = 0x2
SYMBOL_TYPES = {0: "NOTYPE", 1: "OBJECT", 2: "FUNC", 3: "SECTION", 4: "FILE", 6: "TLS"}


class Section:
    def __init__(self, name, kind, flags, addr, offset, size, link, entsize):
        self.name, self.kind, self.flags = name, kind, flags
        self.addr, self.offset, self.size = addr, offset, size
        self.link, self.entsize = link, entsize

    @property
    def nobits(self):
        return self.kind == SHT_NOBITS

    @property
    def alloc(self):
        return bool(self.flags & SHF_ALLOC)

    def holds(self, addr, size):
        return self.addr <= addr and addr + size <= self.addr + self.size


class Symbol:
    def __init__(self, name, value, size, kind, shndx):
        self.name, self.value, self.size, self.kind, self.shndx = name, value, size, kind, shndx


class Segment:
    """A program header: what the loader copies where (p_vaddr for the CPU, p_paddr in RAM)."""
    LOAD = 1
    KINDS = {0: "NULL", 1: "LOAD", 2: "DYNAMIC", 3: "INTERP", 4: "NOTE", 6: "PHDR", 7: "TLS",
             0x6474e551: "GNU_STACK"}

    def __init__(self, kind, flags, offset, vaddr, paddr, filesz, memsz, align):
        self.kind, self.flags, self.offset = kind, flags, offset
        self.vaddr, self.paddr, self.filesz, self.memsz = vaddr, paddr, filesz, memsz
        self.align = align

    @property
    def kind_name(self):
        return self.KINDS.get(self.kind, "0x%x" % self.kind)

    @property
    def perms(self):
        """readelf's Flg column: "R E", "RW " ..."""
        return "".join(c if self.flags & bit else " "
                       for c, bit in (("R", 4), ("W", 2), ("E", 1)))

    def holds(self, section):
        """Whether section falls in this segment, as readelf's section-to-segment mapping
        decides for an allocated section: inside the memory image, and, unless it takes no
        room in the file (.bss), inside the file image too."""
        if not section.alloc or not section.size:
            return False
        if not (self.vaddr <= section.addr and
                section.addr + section.size <= self.vaddr + self.memsz):
            return False
        return section.nobits or (self.offset <= section.offset and
                                  section.offset + section.size <= self.offset + self.filesz)


class ElfFile:
    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            self.data = f.read()
        if len(self.data) < 0x34 or self.data[:4] != b"\x7fELF":
            raise ValueError("%s is not an ELF file" % path)
        if self.data[5] != 1 or self.data[4] not in (1, 2):
            raise ValueError("%s is not a little-endian ELF32 or ELF64 file" % path)
        self.is64 = self.data[4] == 2
        self.ptr_size = 8 if self.is64 else 4
        if self.is64:
            shoff, = struct.unpack_from("<Q", self.data, 0x28)
            shentsize, shnum, shstrndx = struct.unpack_from("<HHH", self.data, 0x3a)
            header = "<IIQQQQIIQQ"
        else:
            shoff, = struct.unpack_from("<I", self.data, 0x20)
            shentsize, shnum, shstrndx = struct.unpack_from("<HHH", self.data, 0x2e)
            header = "<IIIIIIIIII"
        if shoff + shnum * shentsize > len(self.data) or (shnum and shstrndx >= shnum):
            raise ValueError("%s: the section headers lie outside the file" % path)
        raw = [struct.unpack_from(header, self.data, shoff + i * shentsize)
               for i in range(shnum)]
        names_at = raw[shstrndx][4] if shnum else 0
        self.sections = []
        for name_off, kind, flags, addr, offset, size, link, _, _, entsize in raw:
            self.sections.append(Section(self._string(names_at + name_off), kind, flags, addr,
                                         offset, size, link, entsize))
        self._symbols = None
        self.segments = self._segments()

    def _segments(self):
        if self.is64:
            phoff, = struct.unpack_from("<Q", self.data, 0x20)
            phentsize, phnum = struct.unpack_from("<HH", self.data, 0x36)
            layout, order = "<IIQQQQQQ", (0, 1, 2, 3, 4, 5, 6, 7)
        else:
            phoff, = struct.unpack_from("<I", self.data, 0x1c)
            phentsize, phnum = struct.unpack_from("<HH", self.data, 0x2a)
            # p_type, p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_flags, p_align
            layout, order = "<IIIIIIII", (0, 6, 1, 2, 3, 4, 5, 7)
        if phoff + phnum * phentsize > len(self.data):
            raise ValueError("%s: the program headers lie outside the file" % self.path)
        out = []
        for i in range(phnum):
            fields = struct.unpack_from(layout, self.data, phoff + i * phentsize)
            out.append(Segment(*(fields[j] for j in order)))
        return out

    def _string(self, at):
        end = self.data.index(b"\0", at)
        return self.data[at:end].decode(errors="replace")

    def section(self, name):
        for s in self.sections:
            if s.name == name:
                return s
        return None

    def read(self, addr, size):
        """The linked bytes at virtual address addr, or None if no section holds them."""
        for s in self.sections:
            if s.alloc and not s.nobits and s.size and s.holds(addr, size):
                start = s.offset + addr - s.addr
                return self.data[start:start + size]
        return None

    @property
    def symbols(self):
        """The named symbols of .symtab, in table order (what readelf -s lists with a name)."""
        if self._symbols is None:
            self._symbols = []
            layout = "<IBBHQQ" if self.is64 else "<IIIBBH"
            for table in self.sections:
                if table.kind != SHT_SYMTAB or not table.entsize:
                    continue
                names_at = self.sections[table.link].offset
                for i in range(1, table.size // table.entsize):
                    fields = struct.unpack_from(layout, self.data, table.offset + i * table.entsize)
                    if self.is64:
                        name, info, _, shndx, value, size = fields
                    else:
                        name, value, size, info, _, shndx = fields
                    if name:
                        self._symbols.append(Symbol(self._string(names_at + name), value, size,
                                                    SYMBOL_TYPES.get(info & 0xf, "?"), shndx))
        return self._symbols

    def values(self):
        """{name: value}; where a name is defined twice, the first definition."""
        found = {}
        for s in self.symbols:
            found.setdefault(s.name, s.value)
        return found
