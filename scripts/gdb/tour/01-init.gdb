# Tour 1: .init.text and .init.data, freed at the end of boot.
#
# __init code and __initdata live between __init_begin and __init_end. At the
# end of boot free_initmem() poisons those pages, gives them to the page
# allocator and unmaps them: __init code is gone, and a stale call faults.
# Start from `make debug` (stopped at start_kernel), then:
#     (gdb) source scripts/gdb/tour/01-init.gdb
#
# scripts/gdb-test runs this file on both arches and checks the lines below.
# expect: ^init region: 0x[0-9a-f]+ - 0x[0-9a-f]+, \d+ bytes
# expect: ^state: in use \(free_initmem\(\) has not run yet\)
# expect: ^mapping: mapped
# expect: <start_kernel(\+\d+)?>:
# expect: ^state: freed \(initmem_freed_pages = [1-9]\d*\)
# expect: ^mapping: unmapped, a read at 0x[0-9a-f]+ faults

# The region, what it holds, and that it is still in use.
sk-initmem
# start_kernel() itself is __init: its code is still there.
x/2i $pc
tbreak free_initmem
continue
finish
# Now the pages belong to the allocator and the image no longer maps them:
# `x/2i start_kernel` would say "Cannot access memory".
sk-initmem
