# Special K's gdb helpers: print the kernel's special sections from a live kernel.
#
#   (gdb) source scripts/gdb/specialk.py      # `make debug` does this for you
#   (gdb) sk                                  # the list of commands
#
# Everything is read through the kernel's own symbols (the start/stop symbols of
# each section, the debug information of each entry type) and the target's
# memory; nothing is hard-coded and nothing runs in the kernel. Where a table
# lives in init memory that has been freed, the helpers read the bytes as they
# were linked, from the kernel's ELF file, and say so.
#
# The commands live in scripts/gdb/sk/, one file per section; this file only
# puts that directory on Python's path and loads them (again, when sourced
# again after an edit).

import importlib
import os
import sys

import gdb

sys.dont_write_bytecode = True  # no __pycache__ inside the source tree
_here = os.path.dirname(os.path.abspath(__file__))
# scripts/lib holds sklib, whose ELF reader the helpers share with the other scripts.
for _path in (_here, os.path.join(os.path.dirname(_here), "lib")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import sk  # noqa: E402  (needs the path above)

for _name in sk.MODULES:
    _full = "sk." + _name
    if _full in sys.modules:
        importlib.reload(sys.modules[_full])
    else:
        importlib.import_module(_full)

gdb.write("Special K helpers loaded: sk-boot sk-sections sk-initcalls sk-extable sk-percpu "
          "sk-alternatives sk-threads sk-ps sk-initmem sk-lsmod sk-symbols, $sk_per_cpu(); "
          "'sk' lists them. "
          "Guided tour: source scripts/gdb/tour/01-init.gdb (docs/book/gdb-and-monitor.md)\n")
