# Tour 9: .ktest_suites and .init.ktest_suites, the self-test tables.
#
# ktest_suite(s) stores a pointer to s in .ktest_suites; ktest_init_suite(s)
# in .init.ktest_suites, inside the init region, so that suite runs before
# free_initmem() and is freed with it. No list of tests is kept by hand.
#     (gdb) source scripts/gdb/tour/09-ktest.gdb
#
# expect: ^\.ktest_suites +0x[0-9a-f]+ 0x[0-9a-f]+ +\d+ +[1-9]\d*
# expect: ^\$\d+ = \{name = 0x[0-9a-f]+ "\w+", cases = 0x[0-9a-f]+ <\w+>\}
# expect: ^#0 +ktest_run_suites

sk-sections
# The first suite of the table.
print **(struct ktest_suite **)&__ktest_suites_start
tbreak ktest_run_suites
continue
backtrace 1
