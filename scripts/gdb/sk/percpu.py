# sk-percpu VAR [CPU] and $sk_per_cpu("var", cpu): one CPU's copy of a
# DEFINE_PER_CPU variable.
#
# A per-CPU variable's symbol lies in .data..percpu (__per_cpu_start ..
# __per_cpu_end); on x86_64 that section is linked at 0, so the symbol's value
# is an offset. CPU n's copy is at &var + __per_cpu_offset[n], the formula of
# Linux's per_cpu() (and of its $lx_per_cpu). Until setup_per_cpu_areas()
# exists there is only the template, at __per_cpu_load, in the init region.

import gdb

from sk import util


def _variable(spec):
    """(name, address, gdb type or None) of a per-CPU variable given by name or as a value."""
    if isinstance(spec, gdb.Value):
        if spec.address is not None:
            return "the variable", int(spec.address.cast(gdb.lookup_type("unsigned long"))), \
                spec.type
        name = spec.string()
    else:
        name = spec
    addr = util.symbol(name)
    if addr is None:
        raise gdb.GdbError("no symbol '%s' in this kernel" % name)
    try:
        var_type = gdb.parse_and_eval("'%s'" % name).type
    except gdb.error:
        var_type = None
    return name, addr, var_type


def _check_percpu(name, addr):
    start = util.need("__per_cpu_start", "no .data..percpu section")
    end = util.need("__per_cpu_end", "no .data..percpu section")
    if not start <= addr < end:
        raise gdb.GdbError("%s (%#x) is not a per-CPU variable: it is outside .data..percpu "
                           "[%#x, %#x)" % (name, addr, start, end))
    return start


def cpu_offsets():
    """__per_cpu_offset[], or None before the kernel has per-CPU areas at all."""
    if util.symbol("__per_cpu_offset") is None:
        return None
    offsets = gdb.parse_and_eval("__per_cpu_offset")
    low, high = offsets.type.range()
    found = [int(offsets[i]) for i in range(low, high + 1)]
    if util.symbol("nr_cpu_ids") is not None:
        found = found[:int(gdb.parse_and_eval("nr_cpu_ids"))]
    return found


def no_areas_message():
    return ("this kernel has no per-CPU areas yet (no __per_cpu_offset symbol: "
            "setup_per_cpu_areas() is still to come); only the template exists")


def per_cpu_address(spec, cpu):
    """(name, address of CPU cpu's copy, gdb type or None, a label for it).

    Until setup_per_cpu_areas() has run, the offsets lead to the template itself
    (__per_cpu_load; x86_64 starts every CPU there), and the label says so."""
    name, addr, var_type = _variable(spec)
    start = _check_percpu(name, addr)
    offsets = cpu_offsets()
    if offsets is None:
        raise gdb.GdbError(no_areas_message())
    if not 0 <= cpu < len(offsets):
        raise gdb.GdbError("no CPU %d: this kernel has %d" % (cpu, len(offsets)))
    where = (addr + offsets[cpu]) & util.address_mask()
    load = util.need("__per_cpu_load", "no per-CPU template")
    size = util.need("__per_cpu_end", "no .data..percpu") - start
    if load <= where < load + size:
        return name, where, var_type, "cpu %d, the template (areas not set up yet)" % cpu
    return name, where, var_type, "cpu %d" % cpu


def _show(name, addr, var_type, label):
    if var_type is not None:
        value = gdb.parse_and_eval("*(%s *)%#x" % (var_type, addr))
        gdb.write("%s: %s at %#x = %s\n" % (label, name, addr, value.format_string()))
    else:
        word = util.read_ulong(addr)
        gdb.write("%s: %s at %#x, first word %#x (no type information)\n" % (label, name, addr,
                                                                              word))


class SkPercpu(util.Command):
    """Print a per-CPU variable on one CPU (default: the CPU gdb has selected) or all.

Usage: sk-percpu VAR [CPU|all]

VAR is a DEFINE_PER_CPU() variable. Its copy for CPU n is at
&VAR + __per_cpu_offset[n]. Before the per-CPU areas exist, the template
(the bytes of .data..percpu) is shown instead. See also $sk_per_cpu("var", cpu)."""

    def __init__(self):
        super().__init__("sk-percpu")

    def run(self, argv):
        if not 1 <= len(argv) <= 2:
            raise gdb.GdbError("usage: sk-percpu VAR [CPU|all]")
        name, addr, var_type = _variable(argv[0])
        start = _check_percpu(name, addr)
        if util.symbol("__per_cpu_offset") is None:
            gdb.write("%s\n" % no_areas_message())
            template = util.need("__per_cpu_load", "no per-CPU template") + addr - start
            if util.initmem_freed():
                gdb.write("(the template was in the init region and is freed)\n")
                return
            _show(name, template, var_type, "template")
            return
        offsets = cpu_offsets()
        if len(argv) == 1:
            cpus = [util.current_cpu()]
        elif argv[1] == "all":
            cpus = range(len(offsets))
        else:
            try:
                cpus = [int(argv[1], 0)]
            except ValueError:
                raise gdb.GdbError("sk-percpu: '%s' is not a CPU number" % argv[1])
        for cpu in cpus:
            _, where, _, label = per_cpu_address(name, cpu)
            _show(name, where, var_type, label)


class SkPerCpuFunction(gdb.Function):
    """$sk_per_cpu("var", cpu): CPU cpu's copy of the per-CPU variable var.

The name may be quoted or the variable given itself; cpu defaults to the CPU
gdb has selected. The result is an lvalue: p &$sk_per_cpu("x", 1) is its address."""

    def __init__(self):
        super().__init__("sk_per_cpu")

    def invoke(self, var, cpu=None):
        cpu = util.current_cpu() if cpu is None else int(cpu)
        name, addr, var_type, _ = per_cpu_address(var, cpu)
        if var_type is None:
            var_type = gdb.lookup_type("unsigned long")
        return gdb.Value(addr).cast(var_type.pointer()).dereference()


SkPercpu()
SkPerCpuFunction()
