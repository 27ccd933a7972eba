# Tour 6: .sched.text and wait channels.
#
# __sched functions (schedule() and the blocking primitives) are gathered
# between __sched_text_start and __sched_text_end, so that get_wchan() can
# skip them and name the function that chose to wait. At start_kernel there
# is no thread yet: boot with `sched_debug` (make debug APPEND=sched_debug),
# which starts two threads that stay asleep, and run to the end of boot.
#     (gdb) source scripts/gdb/tour/06-sched.gdb
#
# append: sched_debug
# needs: sched_debug_show
# layer: tools
# expect: ^\.sched\.text +0x[0-9a-f]+ 0x[0-9a-f]+ +\d+
# expect: ^  PID NAME +S CPU +SWITCHES WCHAN$
# expect: ^ +\d+ napper +S +\d+ +\d+ +sched_debug_napper
# expect: ^ +\d+ waiter +S +\d+ +\d+ +sched_debug_waiter

sk-sections
# The end of boot: every thread has run, napper and waiter sleep where they chose to.
tbreak sched_debug_show
continue
sk-threads
