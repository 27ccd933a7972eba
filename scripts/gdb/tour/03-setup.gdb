# Tour 3: boot parameters, .init.setup.
#
# __setup("name", fn) and early_param() put a struct obs_kernel_param in
# .init.setup; parse_args() matches each word of the command line against
# them. This recipe boots with `initcall_debug` (make debug APPEND=initcall_debug)
# and stops in its handler.
#     (gdb) source scripts/gdb/tour/03-setup.gdb
#
# append: initcall_debug
# expect: str = 0x[0-9a-f]+ <__setup_str_\w+> "
# expect: ^#0 +set_initcall_debug
# expect: parse_args
# expect: ^#\d+ +0x[0-9a-f]+ in (startup_64|stext) \(\) at arch/\w+/boot/head\.S:\d+$
# reject: corrupt stack|^#\d+ +0x0+ in \?\?
# expect: ^\$\d+ = true

# The whole table: name, handler, early or not.
print *(struct obs_kernel_param *)&__setup_start@(((char *)&__setup_end - (char *)&__setup_start) / sizeof(struct obs_kernel_param))
tbreak set_initcall_debug
continue
backtrace
finish
print initcall_debug
