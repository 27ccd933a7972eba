# Tour 10: the boot steps, start_kernel() one call at a time.
#
# include/kernel/boot_steps.h numbers and names every step; start_kernel()
# marks each one done with boot_step(), which records the instruction count.
# sk-boot prints the kernel's own copy of the list and that record. Start
# from `make debug` (stopped at start_kernel), then:
#     (gdb) source scripts/gdb/tour/10-boot.gdb
#
# needs: boot_step_table
# expect: ^0 of 19 boot steps done$
# expect: ^  1 console +early console and banner +next$
# expect: ^  2 bootinfo .* not yet$
# expect: ^13 of 19 boot steps done$
# expect: ^ 12 irq +interrupt controller, the tick, interrupts on +done, \d+ insns$
# expect: ^ 13 early_initcalls +early initcalls +done, \d+ insns$
# expect: ^ 14 smp +secondary CPUs +next$

# Nothing done yet: the console is next.
sk-boot
# smp_init() (boot step 14) starts the other CPUs: stop on its way in.
tbreak smp_init
continue
sk-boot
