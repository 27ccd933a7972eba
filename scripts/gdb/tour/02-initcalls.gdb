# Tour 2: the initcall levels, .initcall<level>.init.
#
# early_initcall(fn) ... late_initcall(fn) each store a pointer to fn in the
# section of their level; the linker script lays the levels out in order with
# a start symbol for each, and do_initcalls() calls them level by level.
# Start from `make debug` (stopped at start_kernel), then:
#     (gdb) source scripts/gdb/tour/02-initcalls.gdb
#
# expect: ^level early \(early_initcall\): \d+
# expect: ^\$\d+ = \(initcall_t\) 0x[0-9a-f]+ <\w+>
# expect: ^Value returned is \$\d+ = 0
# expect: ^level 1 \(core_initcall\): \d+
# expect: ^\(init memory is freed: the table is read from
# expect: ^\d+ initcalls

# The early level: called first, from do_early_initcalls() (boot step 13).
sk-initcalls early
# Stop in the first call: fn is the pointer read from the table.
tbreak do_one_initcall
continue
print fn
finish
# Run on to the start of the numbered levels and look at one.
tbreak do_initcalls
continue
sk-initcalls core
# After free_initmem() every entry has run and the table's memory is gone: the helper reads
# the entries from kernel.elf.
tbreak free_initmem
continue
finish
sk-initcalls
