# Tour 5: .data..percpu, one copy of each variable per CPU.
#
# DEFINE_PER_CPU(type, name) puts a variable in .data..percpu. On x86_64 that
# section is linked at address 0, so a variable's address is its offset in
# each CPU's copy; on ARM it is an ordinary range in the init region. The
# template's bytes sit at __per_cpu_load. setup_per_cpu_areas() (boot step 9)
# copies the template once per CPU: CPU n's copy of var is at
# &var + __per_cpu_offset[n]. Start from `make debug`, then:
#     (gdb) source scripts/gdb/tour/05-percpu.gdb
#
# needs: setup_per_cpu_areas
# expect: ^\.data\.\.percpu +0x[0-9a-f]+ 0x[0-9a-f]+ +\d+
# expect-x86_64: ^\$\d+ = 0x0$
# expect-arm: ^\$\d+ = 0x[0-9a-f]{8}$
# expect: ^\$\d+ = 0x[0-9a-f]+$
# expect: ^cpu 0, the template \(areas not set up yet\): cpu_number at 0x[0-9a-f]+ = 0$
# expect: ^Temporary breakpoint \d+, setup_per_cpu_areas \(\)
# expect: ^(0x[0-9a-f]+ in )?start_kernel \(\) at kernel/main\.c:\d+$
# expect: ^cpu 0: cpu_number at 0x[0-9a-f]+ = 0$
# expect: ^\$\d+ = 0$

sk-sections
# Where the section is linked (0 on x86_64) ...
print/x (unsigned long)&__per_cpu_start
# ... and where its bytes are.
print/x (unsigned long)&__per_cpu_load
# Before step 9 the CPU works on the template itself.
sk-percpu cpu_number
# The star stops at the function's first instruction: its first line may belong to a helper
# the compiler inlined there (clang does), and `finish` would then leave only the helper.
tbreak *setup_per_cpu_areas
continue
finish
# Now CPU 0 has an area of its own: smp_processor_id() reads cpu_number there.
sk-percpu cpu_number all
print $sk_per_cpu("cpu_number", 0)
print/x __per_cpu_offset
