# Tour 11: a bad pointer from user space, through __ex_table, back as -EFAULT.
#
# The user suite user_sys (tests/user/ktest/user_sys.c) calls write(1, NULL, 4).
# The kernel's write() hands the pointer to copy_from_user(): access_ok()
# lets address 0 through (it is in the user half), so the arch's copy loop
# loads from it and faults. fixup_exception() finds the load's __ex_table
# entry; its fixup (on x86_64 the instruction after the rep movsb, on ARM
# copy_user_fault) makes the copy return the bytes it did not copy, and
# write() returns -EFAULT (-14) to the program. Start from `make debug
# APPEND=ktest.filter=user_sys` (stopped at start_kernel), then:
#     (gdb) source scripts/gdb/tour/11-uaccess.gdb
#
# append: ktest.filter=user_sys
# needs: __se_sys_write
# layer: user
# expect: ^#0 +__se_sys_write \(args=
# expect: ^  PID  PPID S MM +NAME$
# expect: ^ +\d+ +(\d+|-) R 0x[0-9a-f]+ +user_sys$
# expect: ^\d+ process(es)?$
# expect: ^#0 +copy_from_user \(.*from=(from@entry=)?0x0
# expect: ^   0x[0-9a-f]+ <\w*copy\w*_from_user\w*\+\d+>:\s+(rep movsb|ldr)
# expect: ^entry \d+: a fault at \S+ \(\w*copy\w*_from_user\w*\+\S+\) resumes at \S+ \(\S+\), UACCESS
# expect: ^=> 0x[0-9a-f]+ <\w+(\+\d+)?>:
# expect: ^#\d+ +0x[0-9a-f]+ in file_write \(
# expect: ^Value returned is \$\d+ = -14$

# write(fd 1, buf NULL, ...): the system call's arguments, as the entry code saved them.
break __se_sys_write if args[0] == 1 && args[1] == 0
continue
delete
backtrace 1
print/x args[0]@3
# Who is calling: the suite's process, with an address space of its own.
sk-ps
# The copy: copy_from_user() checks the range, then the arch's loop loads the bytes.
tbreak copy_from_user
continue
backtrace 1
# The load of address 0 traps; the handler asks the exception table.
tbreak fixup_exception
continue
# The instruction that trapped: the copy's load from address 0.
x/i $sk_regs_pc(regs)
# The entry for the faulting instruction: where it was, where it resumes.
sk-extable regs
# Resume with the kernel and stop at the fixup.
tbreak *$sk_extable_fixup(regs)
continue
x/i $pc
# Up to the kernel's write (__se_sys_write jumped to it: no frame of its own)
# and out of it: what write() returns to the program.
frame function file_write
finish
