# sk-initmem: the init region, what it holds, and whether it has been freed.
#
# __init_begin .. __init_end (page aligned) holds everything that is only
# needed while booting. free_initmem() (kernel/mm/init.c) fills it with the
# poison byte, gives the pages to the page allocator (initmem_freed_pages
# says how many) and unmaps it from the kernel image, so a stale pointer
# faults instead of running recycled bytes.

import gdb

from sk import util
from sklib import elf

PAGE_SIZE = 4096    # both arches use 4 KiB pages (asm/page.h)


def contents(begin, end):
    """The ELF sections that make up the init region, in address order."""
    found = []
    for s in util.kernel_elf().sections:
        if not s.flags & elf.SHF_ALLOC or not s.size:
            continue
        load = s.addr
        if s.name == ".data..percpu":     # x86_64: linked at 0, its bytes sit in the region
            load = util.symbol("__per_cpu_load") or s.addr
        if begin <= load < end:
            found.append((load, s.name, s.size))
    return sorted(found)


def mapped(addr):
    try:
        return util.read_target(addr, 1)[0]
    except gdb.MemoryError:
        return None


class SkInitmem(util.Command):
    """Show the init region (__init_begin .. __init_end) and whether it has been freed.

Usage: sk-initmem

Freed means free_initmem() has run: initmem_freed_pages is non-zero, the pages
belong to the page allocator and the image no longer maps them."""

    def __init__(self):
        super().__init__("sk-initmem")

    def run(self, argv):
        if argv:
            raise gdb.GdbError("sk-initmem takes no arguments")
        begin, end = util.init_region()
        size = end - begin
        gdb.write("init region: %#x - %#x, %d bytes (%d pages of %d KiB)\n" % (
            begin, end, size, size // PAGE_SIZE, PAGE_SIZE // 1024))
        for load, name, length in contents(begin, end):
            gdb.write("  %s  %-22s %8d bytes\n" % (util.fmt(load), name, length))
        freed_pages = None
        if util.symbol("initmem_freed_pages") is not None:
            freed_pages = util.read_ulong(util.symbol("initmem_freed_pages"))
        first = mapped(begin)
        if freed_pages:
            gdb.write("state: freed (initmem_freed_pages = %d)\n" % freed_pages)
        elif freed_pages is None:
            gdb.write("state: unknown (no initmem_freed_pages in this kernel)\n")
        else:
            gdb.write("state: in use (free_initmem() has not run yet)\n")
        if first is None:
            gdb.write("mapping: unmapped, a read at %#x faults\n" % begin)
        else:
            gdb.write("mapping: mapped, first byte %#04x%s\n" % (
                first, " (the free_initmem() poison)" if freed_pages and first == 0xcc else ""))


SkInitmem()
