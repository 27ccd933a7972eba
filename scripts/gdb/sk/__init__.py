# The Special K gdb helpers, one module per special section (see ../specialk.py).
# util first: the others use it.
MODULES = ["util", "boot", "sections", "initcalls", "extable", "percpu", "alternatives",
           "threads", "processes", "initmem", "modules", "overview"]
