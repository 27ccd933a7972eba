# sk-lsmod and sk-symbols: the loaded modules, and their symbols in gdb, as
# Linux's lx-lsmod and lx-symbols.
#
# sk-lsmod walks the loader's list of modules (the static `modules` of
# kernel/module/list.c, newest first) through the debug information: each
# struct module's name, state, text address, size and users.
#
# sk-symbols gives gdb the symbols of every loaded module: add-symbol-file
# on its NAME.ko (in build/<arch>/modules beside kernel.elf, or the folder
# given), with the address the loader gave each of its sections (recorded
# in mod->kallsyms.sect_addr[] for this purpose, as Linux keeps its
# sect_attrs). It also sets a breakpoint on do_init_module() that does the
# same for each module loaded later, just before its init runs, and lets
# the kernel go on: so `set breakpoint pending on` and `break hello_init`
# stop in the module's init.

import os

import gdb

from sk import util

STATES = {0: "Live", 1: "Loading", 2: "Unloading", 3: "Loading"}
_loaded = {}            # module name -> the .ko file gdb reads its symbols from
_folder = [None]
_breakpoint = [None]


def _offset(field):
    return int(gdb.parse_and_eval("(unsigned long)&((struct module *)0)->%s" % field))


def _list_entries(head, field):
    """The struct module * of each list_head in the list at head, linked through field."""
    module_ptr = gdb.lookup_type("struct module").pointer()
    off = _offset(field)
    node = head["next"]
    while int(node) != int(head.address):
        yield gdb.Value(int(node) - off).cast(module_ptr)
        node = node["next"]


def modules():
    sym = gdb.lookup_static_symbol("modules")
    if sym is None:
        raise gdb.GdbError("no list 'modules' in this kernel: it has no module loader")
    return list(_list_entries(sym.value(), "list"))


def users(mod):
    use_ptr = gdb.lookup_type("struct module_use").pointer()
    off = int(gdb.parse_and_eval("(unsigned long)&((struct module_use *)0)->source_list"))
    head = mod["source_list"]
    node, names = head["next"], []
    while int(node) != int(head.address):
        use = gdb.Value(int(node) - off).cast(use_ptr)
        names.append(use["source"]["name"].string())
        node = node["next"]
    return names


def sections(mod):
    """{section name: address} of the module's placed sections."""
    ks = mod["kallsyms"]
    return {ks["sect_name"][i].string(): int(ks["sect_addr"][i]) for i in range(int(ks["num_sect"]))}


class SkLsmod(util.Command):
    """List the loaded modules: name, state, text address, size and users.

Usage: sk-lsmod

Walks the module loader's list (kernel/module/list.c), newest first."""

    def __init__(self):
        super().__init__("sk-lsmod")

    def run(self, argv):
        if argv:
            raise gdb.GdbError("sk-lsmod takes no arguments")
        mods = modules()
        gdb.write("%-19s %-9s %-*s %8s  %s\n" % ("Module", "State", util.hex_width(), "Text",
                                                "Size", "Used by"))
        for mod in mods:
            mem = mod["mem"]
            size = sum(int(mem[t]["size"]) for t in range(mem.type.range()[1] + 1))
            gdb.write("%-19s %-9s %s %8d  %s\n" % (
                mod["name"].string(), STATES.get(int(mod["state"]), "?"),
                util.fmt(int(mod["mem"][0]["base"])), size, ",".join(users(mod)) or "-"))
        gdb.write("%d module%s\n" % (len(mods), "" if len(mods) == 1 else "s"))


def _folder_of_modules():
    if _folder[0]:
        return _folder[0]
    return os.path.join(os.path.dirname(util.kernel_elf_name()), "modules")


def load(mod):
    """add-symbol-file for one module (replacing what an earlier one of that name gave)."""
    name = mod["name"].string()
    path = os.path.join(_folder_of_modules(), name + ".ko")
    if not os.path.isfile(path):
        gdb.write("sk-symbols: no %s for module %s\n" % (path, name))
        return
    unload(name)
    secs = sections(mod)
    text = secs.pop(".text", None)
    args = ["add-symbol-file", path] + (["%#x" % text] if text is not None else [])
    for sec, addr in sorted(secs.items()):
        args += ["-s", sec, "%#x" % addr]
    gdb.execute(" ".join(args), to_string=True)
    _loaded[name] = path


def unload(name):
    if name in _loaded:
        gdb.execute("remove-symbol-file %s" % _loaded.pop(name), to_string=True)


class LoadBreakpoint(gdb.Breakpoint):
    """At do_init_module(mod): the new module's symbols, then on without stopping."""

    def stop(self):
        load(gdb.parse_and_eval("mod"))
        return False


class SkSymbols(util.Command):
    """Load the loaded modules' symbols into gdb, and each later one's as it loads.

Usage: sk-symbols [FOLDER]

FOLDER holds the NAME.ko files with their debug information (default: the
modules folder beside kernel.elf, build/<arch>/modules). A breakpoint on
do_init_module() loads each new module's symbols before its init runs."""

    def __init__(self):
        super().__init__("sk-symbols")

    def run(self, argv):
        if len(argv) > 1:
            raise gdb.GdbError("usage: sk-symbols [FOLDER]")
        if argv:
            _folder[0] = os.path.abspath(argv[0])
        current = modules()
        for name in list(_loaded):
            if name not in [m["name"].string() for m in current]:
                unload(name)
        for mod in current:
            load(mod)
        if _breakpoint[0] is None or not _breakpoint[0].is_valid():
            _breakpoint[0] = LoadBreakpoint("do_init_module", internal=True)
        gdb.write("sk-symbols: %d module%s loaded, symbols from %s\n" % (
            len(current), "" if len(current) == 1 else "s", _folder_of_modules()))


SkLsmod()
SkSymbols()
