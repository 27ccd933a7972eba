# User programs: ordinary C, built static with real C
# libraries, never with the kernel's flags. Included by the top Makefile.
#
#   x86_64  musl (Debian's musl-gcc, musl-tools) and glibc (gcc -static)
#   arm     glibc (arm-linux-gnueabihf-gcc -static, libc6-dev-armhf-cross);
#           Debian has no musl for armhf
#
# $(USER_DIR)/NAME (in SHARED_O: the Makefile says why) keeps each program
# unstripped, for gdb; $(USER_ROOT) is
# what the initramfs gets on top of tests/initramfs/ (stripped copies):
#
#   /init                 init.c: says hello, exits with the status its
#                         first argument names (rdinit=, `-- 3`)
#   /bin/hello-LIBC       hello.c once per C library of the arch; on x86_64 also
#                         hello-glibc-pie, a static-pie program (ET_DYN, loaded
#                         at a bias, relocating itself)
#   /bin/kmod             kmod.c: insmod, rmmod and lsmod in one program, with
#                         the links /sbin/insmod, /sbin/rmmod, /sbin/lsmod
#   /bin/ktest-user       the user-space KTAP suites (ktest/*.c, with fuzz-*.c,
#                         user_fuzz's generator), one program
#   /lib/ktest/NAME       a link to it per suite; the kernel runs each at
#                         the end of its own self-tests (kernel/user_ktest.c)
#   /bin/bench            bench.c: the user-space figures of `make bench`,
#                         run by the kernel's bench case (tests/kernel/bench_user.c)
#   /bin/sections         sections.c: a program with a special section of its own,
#                         walked through __start_/__stop_ (the book's chapter 2)
#
# $(USER_DYN_ROOT) is what initramfs-dyn.cpio (`make dynamic`) adds to the
# initramfs: dynamically linked programs and what they load, for the
# user_dynamic suite (its only /lib/ktest link is there):
#
#   /bin/hello-dyn        hello.c linked against glibc's libc.so.6, not static
#   /bin/true, /usr/bin/env, /bin/ls, ld.so, libc.so.6, libselinux, libpcre2,
#   /bin/busybox          Debian's own, unmodified (scripts/debian-programs:
#                         the .deb files are kept in $(SHARED_O)/debs)
#   /busybox/             tests/busybox: the BusyBox check's scripts
#
# One program for all suites keeps the archive small (a static glibc
# program is 370-700 KiB): `make run MEM=8M` must still hold it.

USER_DIR	:= $(SHARED_O)/$(ARCH)/user
USER_ROOT	:= $(USER_DIR)/root
# No build ID (a hash that covers the debug information, with its paths): the stripped
# copies in the archive are the same bytes from any checkout.
USER_CFLAGS	:= -std=gnu11 -O2 -g -Wall -Wextra -Werror -static -Itests/user -Wl,--build-id=none

ifeq ($(ARCH),x86_64)
USER_CC_musl	:= musl-gcc
USER_CC_glibc	:= gcc
USER_LIBCS	:= musl glibc
# The suites, /init and kmod with the smaller library; hello with each.
USER_LIBC	:= musl
USER_STRIP	:= strip
USER_PIE	:= hello-glibc-pie
else
USER_CC_glibc	:= arm-linux-gnueabihf-gcc
USER_LIBCS	:= glibc
USER_LIBC	:= glibc
USER_STRIP	:= arm-linux-gnueabihf-strip
endif

USER_SUITE_SRCS	:= $(sort $(wildcard tests/user/ktest/*.c))
# tests/user/ktest/NAME.c holds the suite NAME: `ktest_user_suite(NAME, cases)`. Every suite
# but user_dynamic, which needs initramfs-dyn.cpio's programs, runs from the usual archive.
USER_SUITES	:= $(filter-out user_dynamic,$(notdir $(basename $(USER_SUITE_SRCS))))
USER_HELLOS	:= $(USER_LIBCS:%=hello-%) $(USER_PIE)
USER_KMOD_TOOLS	:= insmod rmmod lsmod
USER_PROGS	:= $(USER_HELLOS:%=$(USER_DIR)/%) $(USER_DIR)/init $(USER_DIR)/kmod \
		   $(USER_DIR)/ktest-user $(USER_DIR)/bench $(USER_DIR)/sections
USER_STAMP	:= $(USER_ROOT).stamp
USER_DYN_ROOT	:= $(USER_DIR)/dynroot
USER_DYN_STAMP	:= $(USER_DYN_ROOT).stamp

cmd_user_hello	= $(USER_CC_$*) $(USER_CFLAGS) -DLIBC='"$*"' -DLINKAGE='"static"' $< -o $@
cmd_user_pie	= $(USER_CC_glibc) $(USER_CFLAGS:-static=-static-pie) -DLIBC='"glibc static-pie"' \
		  -DLINKAGE='"static"' $< -o $@
cmd_user_dyn	= $(USER_CC_glibc) $(filter-out -static,$(USER_CFLAGS)) -DLIBC='"glibc"' \
		  -DLINKAGE='"dynamic"' $< -o $@
# /init, /bin/kmod and /bin/bench: one source each, with the arch's own library.
cmd_user_prog	= $(USER_CC_$(USER_LIBC)) $(USER_CFLAGS) -DLIBC='"$(USER_LIBC)"' $< -o $@
cmd_user_ktest	= $(USER_CC_$(USER_LIBC)) $(USER_CFLAGS) -DLIBC='"$(USER_LIBC)"' \
		  $(filter %.c,$^) -o $@
# The tree the initramfs gets, rebuilt whole so that nothing stale stays in it.
cmd_user_root	= rm -rf $(USER_ROOT) && \
		  mkdir -p $(USER_ROOT)/bin $(USER_ROOT)/sbin $(USER_ROOT)/lib/ktest && \
		  $(USER_STRIP) -o $(USER_ROOT)/init $(USER_DIR)/init && \
		  $(USER_STRIP) -o $(USER_ROOT)/bin/kmod $(USER_DIR)/kmod && \
		  $(foreach t,$(USER_KMOD_TOOLS),ln -s ../bin/kmod $(USER_ROOT)/sbin/$(t) && ) \
		  $(foreach h,$(USER_HELLOS),$(USER_STRIP) -o $(USER_ROOT)/bin/$(h) $(USER_DIR)/$(h) && ) \
		  $(USER_STRIP) -o $(USER_ROOT)/bin/ktest-user $(USER_DIR)/ktest-user && \
		  $(USER_STRIP) -o $(USER_ROOT)/bin/bench $(USER_DIR)/bench && \
		  $(USER_STRIP) -o $(USER_ROOT)/bin/sections $(USER_DIR)/sections && \
		  $(foreach s,$(USER_SUITES),ln -s ../../bin/ktest-user $(USER_ROOT)/lib/ktest/$(s) && ) \
		  touch $@
cmd_user_dyn_root = scripts/debian-programs $(ARCH) $(SHARED_O)/debs $(USER_DYN_ROOT) && \
		  mkdir -p $(USER_DYN_ROOT)/lib/ktest && \
		  $(USER_STRIP) -o $(USER_DYN_ROOT)/bin/hello-dyn $(USER_DIR)/hello-dyn && \
		  ln -s ../../bin/ktest-user $(USER_DYN_ROOT)/lib/ktest/user_dynamic && \
		  cp -r tests/busybox $(USER_DYN_ROOT)/busybox && \
		  touch $@

$(USER_DIR)/hello-glibc-pie: tests/user/hello.c FORCE
	$(call if_changed,user_pie,USERCC  $@)

$(USER_DIR)/hello-dyn: tests/user/hello.c FORCE
	$(call if_changed,user_dyn,USERCC  $@)

$(USER_DIR)/hello-%: tests/user/hello.c FORCE
	$(call if_changed,user_hello,USERCC  $@)

$(USER_DIR)/init: tests/user/init.c FORCE
	$(call if_changed,user_prog,USERCC  $@)

$(USER_DIR)/kmod: tests/user/kmod.c FORCE
	$(call if_changed,user_prog,USERCC  $@)

$(USER_DIR)/bench: tests/user/bench.c FORCE
	$(call if_changed,user_prog,USERCC  $@)

$(USER_DIR)/sections: tests/user/sections.c FORCE
	$(call if_changed,user_prog,USERCC  $@)

$(USER_DIR)/ktest-user: $(USER_SUITE_SRCS) tests/user/ktest-user.c tests/user/ktest-user.h \
		       tests/host/ktap.h tests/host/ktap_host.h \
		       tests/user/fuzz-*.c tests/user/fuzz-*.h tests/user/signal-*.h FORCE
	$(call if_changed,user_ktest,USERCC  $@)

$(USER_STAMP): $(USER_PROGS) FORCE
	$(call if_changed,user_root,USERFS  $(USER_ROOT))

$(USER_DYN_STAMP): $(USER_DIR)/hello-dyn scripts/debian-programs $(wildcard tests/busybox/*) FORCE
	$(call if_changed,user_dyn_root,USERFS  $(USER_DYN_ROOT))
