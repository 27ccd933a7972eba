# sk-alternatives: every alternative() site, its feature, whether the CPU
# has it and whether the site is patched.
#
# A struct alt_instr (include/kernel/alternative.h) in .altinstructions
# names a site (instr_offset, relative to the field) and a replacement in
# .altinstr_replacement (repl_offset), a feature number (ALT_FLAG_NOT:
# patch when the CPU lacks it) and both lengths. Whether a site is patched is
# decided by its bytes: the bytes in memory against the original ones as
# linked (kernel.elf) and against the replacement. The CPU's features are
# boot_cpu_data.capability[], their names cpu_feature_names[].

import struct

import gdb

from sk import util

ALT_FLAG_NOT = 0x8000   # include/kernel/alternative.h


def feature_name(feature):
    if util.symbol("cpu_feature_names") is None:
        return "feature %d" % feature
    try:
        name = gdb.parse_and_eval("cpu_feature_names[%d]" % feature)
        if int(name) != 0:
            return name.string()
    except gdb.error:
        pass
    return "feature %d" % feature


def cpu_features():
    """The boot CPU's capability words, or None before identify_boot_cpu() has filled them."""
    if util.symbol("boot_cpu_data") is None:
        return None
    caps = gdb.parse_and_eval("boot_cpu_data.capability")
    low, high = caps.type.range()
    words = [int(caps[i]) for i in range(low, high + 1)]
    return words if any(words) else None


def records():
    """[(record address, site, replacement, feature, instrlen, replacementlen)]."""
    start = util.need("__alt_instructions", "no .altinstructions")
    end = util.need("__alt_instructions_end", "no .altinstructions")
    size = util.sizeof("struct alt_instr")
    if size is None:
        if end > start:
            raise gdb.GdbError("sk-alternatives: struct alt_instr is not in the debug information")
        return []
    data, _ = util.read_table(start, end - start)
    mask = util.address_mask()
    found = []
    for i in range((end - start) // size):
        at = start + i * size
        instr_off, repl_off, feature, instrlen, repllen = struct.unpack_from("<iiHBB", data,
                                                                             i * size)
        found.append((at, (at + instr_off) & mask, (at + 4 + repl_off) & mask, feature, instrlen,
                      repllen))
    return found


def site_state(site, repl, instrlen, repllen):
    """original / patched, from the bytes; a replacement with a relative branch in it
    is re-aimed when copied (arch_relocate_replacement()), so it differs from the raw one."""
    try:
        now = util.read_target(site, instrlen)
    except gdb.MemoryError:
        return "unknown (the site was init code, now freed)"
    original = util.kernel_elf().read(site, instrlen)
    replacement, _ = util.read_table(repl, repllen)
    if now == original:
        return "original"
    if now[:repllen] == replacement:
        return "patched"
    return "patched (relocated)"


class SkAlternatives(util.Command):
    """List every alternative() site: its feature, whether the CPU has it, whether it is patched.

Usage: sk-alternatives

'patched' compares the site's bytes in memory with the bytes as linked
(kernel.elf) and with the replacement. A '!' before a feature means the site is
patched when the CPU lacks it (ALT_NOT)."""

    def __init__(self):
        super().__init__("sk-alternatives")

    def run(self, argv):
        if argv:
            raise gdb.GdbError("sk-alternatives takes no arguments")
        recs = records()
        caps = cpu_features()
        patched_flag = util.symbol("alternatives_patched")
        ran = patched_flag is not None and int(gdb.parse_and_eval("alternatives_patched")) != 0
        gdb.write(".altinstructions: %d sites; CPU features %s; apply_alternatives() %s\n" % (
            len(recs), "read" if caps else "not read yet",
            "has run" if ran else "has not run (or noalternatives)"))
        counts = {}
        for i, (_, site, repl, feature, instrlen, repllen) in enumerate(recs):
            number = feature & ~ALT_FLAG_NOT
            name = ("!" if feature & ALT_FLAG_NOT else "") + feature_name(number)
            if caps is None:
                has = "?"
            else:
                word = number // 32
                has = "yes" if word < len(caps) and caps[word] >> (number % 32) & 1 else "no"
            state = site_state(site, repl, instrlen, repllen)
            counts[state] = counts.get(state, 0) + 1
            gdb.write("%3d  %s %-32s %-10s cpu has it: %-3s  %-8s  %d bytes, replacement %d\n"
                      % (i, util.fmt(site), util.symbolize(site), name, has, state, instrlen,
                         repllen))
        if recs:
            gdb.write("%s\n" % ", ".join("%d %s" % (n, s) for s, n in sorted(counts.items())))


SkAlternatives()
