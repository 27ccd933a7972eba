# Tour 4: __ex_table, a fault recovered through the exception table.
#
# get_kernel_nofault() is one load listed in __ex_table. When it faults, the
# trap handler asks fixup_exception(), which finds the load's entry (a binary
# search: the table was sorted at build time) and resumes at its fixup with
# -EFAULT in a register. The self-test nofault_read_of_null() reads address 0.
# Start from `make debug` (stopped at start_kernel), then:
#     (gdb) source scripts/gdb/tour/04-extable.gdb
#
# expect: ^__ex_table: \d+ entries, sorted by insn
# expect: ^entry \d+: a fault at \S+ \(copy_from_kernel_nofault\+\S+ resumes at \S+ \(copy_from_kernel_nofault\+
# expect: ^#\d +.*(copy_from_kernel_nofault|arch_get_kernel_nofault_long) \(.*src=(src@entry=)?0x0

# The table, decoded: each faulting instruction and where it resumes.
sk-extable
tbreak nofault_read_of_null
continue
# The next trap is the load of address 0.
tbreak fixup_exception
continue
# The entry fixup_exception() is about to find for the faulting instruction.
sk-extable regs
# Resume with the kernel and stop where the fault lands: the fixup, with src=0x0.
# (On x86_64 gdb may print 0x0 as "0x0 <some_variable>": the per-CPU section is
# linked at address 0, so its first variable's symbol has the value 0.)
tbreak *$sk_extable_fixup(regs)
continue
backtrace 2
