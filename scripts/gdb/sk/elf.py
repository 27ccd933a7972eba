# The kernel's ELF file as it was linked: section headers and their bytes.
#
# Used for what the running kernel no longer has: the init region is poisoned,
# given back and unmapped by free_initmem(), so after that the initcall table,
# .altinstructions and the original bytes of a patched site can only be read
# from kernel.elf. Also the source of sections that have no start/stop symbols
# (.init.data, .altinstr_replacement). ELF32 and ELF64, little-endian.

import struct

SHT_NOBITS = 8
SHF_ALLOC = 0x2


class Section:
    def __init__(self, name, kind, flags, addr, offset, size):
        self.name = name
        self.kind = kind
        self.flags = flags
        self.addr = addr
        self.offset = offset
        self.size = size

    def holds(self, addr, size):
        return self.addr <= addr and addr + size <= self.addr + self.size


class ElfFile:
    def __init__(self, path):
        with open(path, "rb") as f:
            self.data = f.read()
        if self.data[:4] != b"\x7fELF" or self.data[5] != 1:
            raise ValueError("%s is not a little-endian ELF file" % path)
        self.is64 = self.data[4] == 2
        if self.is64:
            shoff, = struct.unpack_from("<Q", self.data, 0x28)
            shentsize, shnum, shstrndx = struct.unpack_from("<HHH", self.data, 0x3a)
            header = "<IIQQQQ"
        else:
            shoff, = struct.unpack_from("<I", self.data, 0x20)
            shentsize, shnum, shstrndx = struct.unpack_from("<HHH", self.data, 0x2e)
            header = "<IIIIII"
        raw = [struct.unpack_from(header, self.data, shoff + i * shentsize)
               for i in range(shnum)]
        names_at = raw[shstrndx][4]
        self.sections = []
        for name_off, kind, flags, addr, offset, size in raw:
            end = self.data.index(b"\0", names_at + name_off)
            name = self.data[names_at + name_off:end].decode()
            self.sections.append(Section(name, kind, flags, addr, offset, size))

    def section(self, name):
        for s in self.sections:
            if s.name == name:
                return s
        return None

    def read(self, addr, size):
        """The linked bytes at virtual address addr, or None if no section holds them."""
        for s in self.sections:
            if s.flags & SHF_ALLOC and s.kind != SHT_NOBITS and s.size and s.holds(addr, size):
                start = s.offset + addr - s.addr
                return self.data[start:start + size]
        return None
