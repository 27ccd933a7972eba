"""The floor of the wall-clock figures: kernels that leave QEMU at their first instruction.

QEMU itself takes time to start, load a kernel and exit, and how much depends on the host and
its load at the moment. scripts/bench boots these kernels with the same QEMU command as the
timed boots of Special K (only the kernel differs), in the same run, so the report can say how
much of a wall time is QEMU's own: whatever Special K does is above that floor.

Each image is a few bytes written here (no toolchain needed), and exits with QEMU_EXIT_PASS:
- x86_64: an ELF64 with the PVH note, as Special K's kernel.elf is loaded; at the entry, in
  32-bit protected mode, "mov $16, %al; out %al, $0xf4" to isa-debug-exit (status 16 << 1 | 1);
- arm: a raw image, as build/arm/Image is loaded; semihosting SYS_EXIT_EXTENDED with the block
  {ADP_Stopped_ApplicationExit, 33}, then a branch to itself.
"""

import os
import struct

from sklib import exits

LOAD = 0x100000                 # x86_64: where the PVH loader puts it (1 MiB, as the kernel)
XEN_ELFNOTE_PHYS32_ENTRY = 18


def x86_64_image():
    status = (exits.PASS - 1) >> 1                  # isa-debug-exit: status = value << 1 | 1
    code = bytes([0xb0, status, 0xe6, 0xf4,         # mov $status, %al; out %al, $0xf4
                  0xf4, 0xeb, 0xfd])                # 1: hlt; jmp 1b
    note = struct.pack("<III4sI", 4, 4, XEN_ELFNOTE_PHYS32_ENTRY, b"Xen\0", 0)
    ehsize, phsize = 64, 56
    note_off = ehsize + 2 * phsize
    code_off = note_off + len(note)
    entry = LOAD + code_off
    note = note[:-4] + struct.pack("<I", entry)
    size = code_off + len(code)
    ident = b"\x7fELF" + bytes([2, 1, 1]) + bytes(9)          # 64-bit, little-endian
    header = ident + struct.pack("<HHIQQQIHHHHHH", 2, 62, 1, entry, ehsize, 0, 0, ehsize,
                                 phsize, 2, 0, 0, 0)           # ET_EXEC, EM_X86_64
    load = struct.pack("<IIQQQQQQ", 1, 5, 0, LOAD, LOAD, size, size, 0x1000)  # PT_LOAD, R+X
    pnote = struct.pack("<IIQQQQQQ", 4, 4, note_off, LOAD + note_off, LOAD + note_off,
                        len(note), len(note), 4)                # PT_NOTE
    return header + load + pnote + note + code


def arm_image():
    words = [0xe3a00020,            # mov r0, #0x20          SYS_EXIT_EXTENDED
             0xe28f1004,            # add r1, pc, #4         the block below (pc reads 8 ahead)
             0xef123456,            # svc 0x123456           the A32 semihosting trap
             0xeafffffe,            # b .
             0x20026, exits.PASS]   # ADP_Stopped_ApplicationExit, the status
    return struct.pack("<6I", *words)


IMAGES = {"x86_64": x86_64_image, "arm": arm_image}


def write_floor_kernels(out_dir):
    """Write each arch's image into out_dir; {arch: path}."""
    paths = {}
    for arch, image in IMAGES.items():
        path = os.path.join(out_dir, f"floor-{arch}" + (".elf" if arch == "x86_64" else ".img"))
        with open(path, "wb") as f:
            f.write(image())
        paths[arch] = path
    return paths
