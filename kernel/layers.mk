# The kernel as a core and layers (included by the Makefile).
#
# The core is what the article on special sections describes, small enough to
# read in a week: `make mini` links it alone into build/<arch>/mini/kernel.elf.
# Each layer adds to it only through special sections (initcalls, __setup,
# ktest suites, monitor commands, bench cases, exports, __ex_table entries)
# or through a call the core declares: a late hook (include/kernel/init.h), a
# system call (the table scripts/syscalltbl makes from the objects linked), a
# weak default the layer's definition takes the place of. So leaving a layer
# out is leaving its objects out of the link: no #ifdef, no CONFIG_ symbol.
# tests/host/test_layers.py holds the core to it (no core object refers to a
# symbol that only a layer defines) and every source to exactly one layer.
#
# The layers are lists, not folders: kernel/fs and kernel/module already are
# one layer each, and the rest differ by a file or two (the monitor, bench,
# the process calls) from the core beside them, where moving them would make
# every path in the docs, the gdb tours and the fuzz targets change with no
# gain for a reader, who finds each file's layer here, and in docs/core.md.
#
# Each list names the kernel's sources (C and assembly, generic and arch) and
# then, apart, the layer's self-tests (tests/kernel). $(wildcard) keeps the
# files the arch being built has.

A		:= arch/$(ARCH)
# The arch's files of the layers; every other file of arch/$(ARCH) is core.
ARCH_USER_SRCS	:= $(wildcard $(A)/kernel/hwcap.c $(A)/kernel/arch_prctl.c $(A)/kernel/process.c \
		     $(A)/kernel/rtc.c $(A)/kernel/signal.c $(A)/lib/uaccess.S $(A)/mm/mmu_context.c)
ARCH_MODULES_SRCS := $(wildcard $(A)/kernel/module.c $(A)/kernel/armksyms.c)

# core: boot and the boot steps, console and printk, boot information and
# parameters (.init.setup), CPU features and alternatives (.altinstructions,
# .smp_locks), traps, __ex_table and kernel nofault access, __bug_table, the
# page allocator (with debug_pagealloc), kmalloc (which calls slub_debug's
# checks through a pointer) and the kernel's page tables, per-CPU areas
# (.data..percpu), SMP, threads, the scheduler and wait channels (.sched.text),
# timers, kallsyms, the initcall levels (.initcall*.init), freeing .init.*,
# ktest (.ktest_suites), the late hooks, and the system call's trap (the entry
# code; its dispatcher and the calls are user space's). kernel/lib is the
# core's C library.
CORE_SRCS	:= $(addprefix kernel/,alternative.c boot_steps.c bootinfo.c bug.c \
		     clocksource.c completion.c cpufeature.c extable.c initcall.c \
		     kallsyms.c ktest.c kthread.c late_hook.c maccess.c main.c mutex.c \
		     panic.c params.c percpu.c printk.c sched.c sections.c smp.c stacktrace.c \
		     timer.c user_mode.c version.c wait.c wchan.c) \
		   $(filter-out kernel/lib/sort.c,$(wildcard kernel/lib/*.c)) \
		   $(addprefix kernel/mm/,init.c page_alloc.c slab.c stack.c) \
		   $(ARCH_CORE_SRCS) \
		   $(filter-out $(ARCH_USER_SRCS) $(ARCH_MODULES_SRCS),\
		     $(wildcard $(A)/*/*.c $(A)/*/*.S))
CORE_TESTS	:= $(addprefix tests/kernel/,alternative_test.c bug_test.c \
		     clocksource_test.c debug_pagealloc_test.c extable_test.c \
		     initcall_test.c lib_test.c page_alloc_test.c percpu_test.c sched_test.c \
		     sections_test.c setup_test.c slab_test.c smp_test.c wchan_test.c \
		     wx_test.c) \
		   $(wildcard $(addprefix tests/kernel/$(ARCH)/,alternative_x86_test.c \
		     alternative_arm_test.c clock_test.c cp15_test.c fixup_test.c irq_test.c \
		     msr_test.c percpu_insn_test.c wx_arch.c))

# user space: processes (fork, exec, exit, wait), the system calls and their
# dispatcher (kernel/syscall.c), user memory (mmap, brk, copy-on-write) and
# uaccess (whose faults __ex_table recovers), the ramfs and the initramfs (a
# rootfs_initcall), pipes, /proc, random bytes, /init and the user-space
# self-tests (late hooks), AT_HWCAP, arch_prctl (x86_64), user page tables
# and what a switch loads for user code (arch/<arch>/mm/mmu_context.c,
# arch/<arch>/kernel/process.c), signals (kernel/signal*.c and the arch's
# signal frame, arch/<arch>/kernel/signal.c), credentials and umask, the
# wall clock's start (the arch's battery clock, arch/<arch>/kernel/rtc.c),
# the console as a terminal (kernel/tty/: line discipline, termios ioctls,
# the controlling terminal), the kernel log that syslog(2) reads
# (kernel/syslog.c).
# Joins through: the system-call table, initcalls, late hooks, the weak
# force_sig_fault(), do_wp_page(), do_syscall(), do_notify_resume() and
# arch_switch_to() of kernel/user_mode.c, and the weak log_store() of
# kernel/printk.c.
USER_SRCS	:= $(addprefix kernel/,cred.c exit.c fork.c init_process.c initrd.c ktest_user.c \
		     pgrp.c random.c signal.c signal_deliver.c signal_stop.c sys.c syscall.c syslog.c time.c \
		     umh.c usercopy.c) \
		   $(addprefix kernel/mm/,filemap.c memory.c mman.c mmap.c pgd_tables.c) \
		   $(wildcard kernel/fs/*.c kernel/tty/*.c) $(ARCH_USER_SRCS)
USER_TESTS	:= $(addprefix tests/kernel/,cow_test.c file_test.c filemap_test.c fs_test.c initramfs_test.c \
		     page_run_test.c \
		     ramdisk_test.c uaccess_edges_test.c uaccess_test.c usermode_test.c) \
		   $(wildcard $(addprefix tests/kernel/$(ARCH)/,smap_test.c syscall_test.c \
		     user_pgtable_test.c usermode_arm_blob.S usermode_arm_test.c \
		     usermode_blob.S))

# modules: the loader (ELF checks, layout, relocations, the arch's relocation
# types), its system calls and /proc/modules, the exports of the core's
# functions to modules (__ksymtab*, which the core's files fill but only the
# loader reads), module parameters, sort() (the loader sorts each module's
# __ex_table; the kernel's own is sorted at build time). Joins through: the
# system-call table, initcalls, the weak search_module_extables() and
# module_address_lookup().
MODULES_SRCS	:= $(wildcard kernel/module/*.c) kernel/lib_ksyms.c kernel/lib/sort.c \
		   $(ARCH_MODULES_SRCS)
MODULES_TESTS	:= $(addprefix tests/kernel/,ksymtab_test.c module_test.c \
		     module_image_test.c moduleparam_test.c)

# tools: the serial monitor (.monitor_commands), the benchmarks (.bench_cases;
# the core keeps the figures, bench prints them), the thread listing
# (sched_debug), crash=, and slub_debug (kmalloc()'s red zones and poison).
# Joins through: initcalls, late hooks, __setup, the slub_debug pointer of
# kernel/mm/slab.c.
TOOLS_SRCS	:= $(addprefix kernel/,bench.c monitor.c monitor_fs.c monitor_line.c \
		     monitor_modules.c monitor_tables.c sched_debug.c mm/slub_debug.c)
TOOLS_TESTS	:= $(wildcard tests/kernel/bench_*.c tests/kernel/$(ARCH)/bench_*.c) \
		   tests/kernel/crash_test.c \
		   tests/kernel/slub_debug_test.c \
		   tests/kernel/$(ARCH)/crash_arch.c

LAYERS		:= CORE USER MODULES TOOLS
LAYER_SRCS	= $(foreach l,$(LAYERS),$($(l)_SRCS) $($(l)_TESTS))
# The link order: the generic files, then the arch's, each sorted (so the order of the
# initcalls within a level does not depend on the file system).
in_link_order	= $(sort $(filter-out arch/%,$(1))) $(sort $(filter arch/%,$(1)))
