# Tour 8: __bug_table, BUG() and WARN().
#
# A BUG()/WARN() site is one undefined instruction (ud2 / udf) plus an entry
# in __bug_table with the file, line and flags. The trap handler asks
# report_bug() about the trapping address; a WARN goes on afterwards.
# Start from `make debug` (stopped at start_kernel), then:
#     (gdb) source scripts/gdb/tour/08-bug.gdb
#
# needs: report_bug
# expect: ^\$\d+ = \{bug_addr_disp = -?\d+, file_disp = -?\d+, line = \d+, flags = \d+\}
# expect: ^\$\d+ = 0x[0-9a-f]+ "[^"]+\.c"
# expect: ^#0 +report_bug
# expect: ^Value returned is \$\d+ = BUG_TRAP_TYPE_WARN

# The first entry, and its two offsets turned into addresses.
set $bug = (struct bug_entry *)&__start___bug_table
print *$bug
print (char *)&$bug->file_disp + $bug->file_disp
info symbol (char *)&$bug->bug_addr_disp + $bug->bug_addr_disp
# The self-tests WARN on purpose: stop in the handler's question.
tbreak report_bug
continue
backtrace 2
finish
