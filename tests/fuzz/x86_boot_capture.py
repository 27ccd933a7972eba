# gdb script: capture what the x86_64 loader handed over as a seed of
# tests/fuzz/x86_boot_fuzz.c (its input format: boot_magic, boot_info_phys,
# then chunks of physical memory, address, length, bytes), from a kernel
# stopped at arch_parse_boot_info. The seeds in corpus/x86_boot_fuzz were
# made so:
#   scripts/qemu --gdb 1234 [--boot iso] [--smp N] ... &
#   gdb-multiarch -batch -ex 'file build/x86_64/kernel.elf' \
#       -ex 'target remote :1234' -ex 'hbreak arch_parse_boot_info' -ex continue \
#       -ex "python OUT='tests/fuzz/corpus/x86_boot_fuzz/NAME'" \
#       -ex 'source tests/fuzz/x86_boot_capture.py' -ex kill
# It takes the multiboot2 block whole, or the PVH start info with its command
# line, module list and memory map, and the ACPI RSDP, RSDT/XSDT and every
# table listed there, each read through the direct map.
import gdb, struct
PO = 0xffff888000000000
inf = gdb.selected_inferior()
def rd(phys, n): return bytes(inf.read_memory(PO + phys, n))
def u32(phys): return struct.unpack('<I', rd(phys, 4))[0]
magic = int(gdb.parse_and_eval('boot_magic')) & 0xffffffff
info = int(gdb.parse_and_eval('boot_info_phys')) & 0xffffffff
chunks = []
rsdp = 0
if magic == 0x36d76289:
    total = u32(info)
    chunks.append((info, rd(info, total)))
    off = 8
    while off < total:
        t, sz = struct.unpack('<II', rd(info + off, 8))
        if t == 0: break
        if t in (14, 15): rsdp = info + off + 8
        off += (sz + 7) & ~7
else:
    si = rd(info, 56)
    chunks.append((info, si))
    m, ver, flags, nmod, modl, cmdl, rsdp, mmap, nmm = struct.unpack('<IIIIQQQQI', si[:52])
    if cmdl:
        s = b''
        while not s.endswith(b'\0'): s += rd(cmdl + len(s), 1)
        chunks.append((cmdl, s))
    if nmod: chunks.append((modl, rd(modl, 32 * nmod)))
    chunks.append((mmap, rd(mmap, 24 * nmm)))
if rsdp:
    r = rd(rsdp, 36)
    if magic != 0x36d76289: chunks.append((rsdp, r))
    rev = r[15]
    rsdt, = struct.unpack('<I', r[16:20]); xsdt, = struct.unpack('<Q', r[24:32])
    root, esz = (xsdt, 8) if rev >= 2 and xsdt else (rsdt, 4)
    rl = u32(root + 4)
    chunks.append((root, rd(root, rl)))
    body = rd(root, rl)
    for o in range(36, rl, esz):
        a = int.from_bytes(body[o:o + esz], 'little')
        chunks.append((a, rd(a, u32(a + 4))))
out = struct.pack('<II', magic, info) + b''.join(struct.pack('<II', p, len(d)) + d for p, d in chunks)
open(OUT, 'wb').write(out)
print("captured %d chunks, %d bytes" % (len(chunks), len(out)))
