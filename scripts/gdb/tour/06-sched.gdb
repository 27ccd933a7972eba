# Tour 6: .sched.text and wait channels.
#
# __sched functions (schedule() and the blocking primitives) are gathered
# between __sched_text_start and __sched_text_end, so that get_wchan() can
# skip them and name the function that chose to wait.
#     (gdb) source scripts/gdb/tour/06-sched.gdb
#
# expect: ^\.sched\.text +0x[0-9a-f]+ 0x[0-9a-f]+ +\d+
# expect: ^  PID NAME +S CPU +SWITCHES WCHAN$

sk-sections
# The thread listing with wait channels (empty before sched_init(): run it later too).
sk-threads
