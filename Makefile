# Special K: build, boot and test a teaching kernel on x86_64 and 32-bit ARM.
#
#   make [ARCH=x86_64|arm] [LLVM=1] [O=dir] [V=1] all|modules|run|iso|debug|check|bench|sections|clean
#   make help: every target, with its variables (docs/usage.md's listing)
#
# `make run` and `make debug` take CPU=, SMP=, MEM=, APPEND= (kernel command line) and INITRD=
# (an initramfs of your own, a newc cpio archive, or none; default: the build's).

# CPU=, SMP=, MEM= and APPEND= reach scripts/qemu byte for byte: make takes them
# unexpanded (a $ or $(shell ...) of the user's is not make's to read) and hands
# them over in the environment (no quote or backtick is the recipe shell's to read).
override CPU	:= $(value CPU)
override SMP	:= $(value SMP)
override MEM	:= $(value MEM)
override APPEND	:= $(value APPEND)
override INITRD	:= $(value INITRD)
export CPU SMP MEM APPEND INITRD
# BOOT=uboot: make run boots ARM through U-Boot (scripts/qemu --boot uboot); BOOT=iso: x86_64
# through GRUB, from the ISO (--boot iso).
export BOOT

ARCHES		:= x86_64 arm
ARCH		?= x86_64
ifeq ($(filter $(ARCH),$(ARCHES)),)
$(error unknown ARCH '$(ARCH)': choose one of: $(ARCHES))
endif

O		?= build

# `make clean` deletes O= whole: refuse one that holds sources, which is the
# tree itself, a folder above it (/ included) or one of its source folders.
# tests/host/test_make.py checks SRC_DIRS against the folders git tracks.
SRC_DIRS	:= .ci .github arch docs include kernel linker scripts tests
ifneq ($(words $(O)),1)
$(error O='$(O)' is not one directory name (empty, or with spaces): name a build \
	directory, e.g. O=build)
endif
O_ABS		:= $(abspath $(or $(realpath $(O)),$(O)))
ifneq ($(filter /,$(O_ABS))$(filter $(O_ABS) $(O_ABS)/%,$(CURDIR)),)
$(error O=$(O) is $(O_ABS), which holds the source tree $(CURDIR) (make clean would \
	delete it): name a build directory of its own, e.g. O=build)
endif
# A build directory inside the tree is named relative to it, however O= spells it (make check
# names it absolute): the commands recorded for each file hold O, and make run after make check
# must not find every command changed and recompile every object.
override O	:= $(patsubst $(CURDIR)/%,%,$(O_ABS))
O_SRC_DIR	:= $(strip $(foreach d,$(SRC_DIRS),\
		     $(if $(filter $(CURDIR)/$(d) $(CURDIR)/$(d)/%,$(O_ABS)),$(d))))
ifneq ($(O_SRC_DIR),)
$(error O=$(O) is in the source folder $(O_SRC_DIR)/ (make clean would delete \
	sources): name a build directory of its own, e.g. O=build)
endif

BUILD		:= $(O)/$(ARCH)
KERNEL		:= $(BUILD)/kernel.elf
ISO		:= $(BUILD)/specialk.iso
INITRAMFS	:= $(BUILD)/initramfs.cpio
# What QEMU boots: kernel.elf, but on ARM the raw Image (arch/arm/boot/head.S), the
# only kind of kernel QEMU's virt board hands an initrd to.
ifeq ($(ARCH),arm)
BOOT_IMAGE	:= $(BUILD)/Image
else
BOOT_IMAGE	:= $(KERNEL)
endif
INITRD_TESTS	:= $(BUILD)/initramfs-concat.cpio $(BUILD)/initramfs-corrupt.cpio \
		   $(BUILD)/initramfs-base.cpio

include scripts/Makefile.include
HOSTCFLAGS	:= -std=gnu11 -O2 -g -Wall -Wextra -Werror

include arch/$(ARCH)/arch.mk

# The toolchain: the GNU one named by one prefix, CROSS_COMPILE (arch.mk gives
# each arch's default, e.g. arm-none-eabi-), or with LLVM=1 clang, told the
# target (CLANG_TARGET, from arch.mk), and LLVM's own tools.
ifeq ($(LLVM),1)
CC		:= clang --target=$(CLANG_TARGET)
LD		:= ld.lld
NM		:= llvm-nm
OBJDUMP		:= llvm-objdump
READELF		:= llvm-readelf
OBJCOPY		:= llvm-objcopy
COMPILER_FLAGS	:=
COMPILER_NAME	:= clang
else
CC		:= $(CROSS_COMPILE)gcc
LD		:= $(CROSS_COMPILE)ld
NM		:= $(CROSS_COMPILE)nm
OBJDUMP		:= $(CROSS_COMPILE)objdump
READELF		:= $(CROSS_COMPILE)readelf
OBJCOPY		:= $(CROSS_COMPILE)objcopy
# gcc would turn a byte loop in memset() into a call to memset().
COMPILER_FLAGS	:= -fno-tree-loop-distribute-patterns
COMPILER_NAME	:= gcc
endif

# -fno-jump-tables: a switch in an __init function would otherwise leave a
# table of .init.text addresses in .rodata (a section mismatch, and a
# dangling table after the init region is freed).
CPPFLAGS	:= -Iinclude -Iarch/$(ARCH)/include -I$(BUILD)/include
CFLAGS		:= -std=gnu11 -O2 -g -Wall -Wextra -Werror -MMD -MP \
		   -ffreestanding -fno-builtin -nostdlib -fno-pic -fno-pie \
		   -fno-stack-protector -fno-omit-frame-pointer -fno-common \
		   -fno-strict-aliasing -fno-asynchronous-unwind-tables -fno-unwind-tables \
		   -fno-jump-tables \
		   $(COMPILER_FLAGS) $(ARCH_CFLAGS) \
		   -DSK_ARCH='"$(ARCH)"' -DSK_COMPILER='"$(COMPILER_NAME)"'
ASFLAGS		:= -D__ASSEMBLER__ -g -MMD -MP -fno-pic -fno-pie -Wa,--noexecstack $(ARCH_CFLAGS)
LDFLAGS		:= -nostdlib -z max-page-size=0x1000 -z noexecstack --build-id=none $(ARCH_LDFLAGS)

# A core and layers, lists of sources and self-tests (kernel/layers.mk): no configuration
# chooses among files (Linux's obj-y is for Kconfig), the full kernel links every layer, `make
# mini` the core. Sorted: the link order (the initcalls' in a level) is not the file system's.
include kernel/layers.mk
SRCS		:= $(call in_link_order,$(LAYER_SRCS))
OBJS		:= $(addprefix $(BUILD)/,$(addsuffix .o,$(basename $(SRCS))))
MINI		:= $(BUILD)/mini
MINI_SRCS	:= $(call in_link_order,$(CORE_SRCS) $(CORE_TESTS))
MINI_OBJS	:= $(addprefix $(BUILD)/,$(addsuffix .o,$(basename $(MINI_SRCS))))
# System calls (include/kernel/syscalls.h): Linux's numbers from Debian's header
# (UNISTD_H, from arch.mk) as generated/unistd.h, and the table of the calls the
# objects implement, compiled and linked after them.
UNISTD		:= $(BUILD)/include/generated/unistd.h
SYSCALL_TABLE	:= $(BUILD)/syscall_table.o

# What neither the kernel's compiler nor its flags make: the host tools (scripts/*.c, by
# HOSTCC) and the user programs (tests/user/user.mk, by the C libraries' compilers). They
# go in SHARED_O (default: O=), and SHARED_O=dir takes them from the build in dir instead:
# make check's LLVM=1 builds take the gcc build's (check-build below), the same bytes a
# second build would make, since the LLVM build is there to show that clang and lld build
# the kernel and its modules.
SHARED_O	?= $(O)
TOOLS		:= $(SHARED_O)/tools
KALLSYMS	:= $(TOOLS)/kallsyms
CHECKSECTIONS	:= $(TOOLS)/checksections
SORTTABLE	:= $(TOOLS)/sorttable
MODPOST		:= $(TOOLS)/modpost

# A recipe that fails leaves no half-made target behind.
.DELETE_ON_ERROR:

.PHONY: all mini layers modules iso dynamic run run-args debug check bench sections clean help deps host-tests fuzz stress htmldocs FORCE \
	labs lab grade \
	tools user check-build check-build-shared check-build-shared-x86_64 check-build-shared-arm \
	check-build-x86_64 check-build-arm check-build-llvm-x86_64 check-build-llvm-arm

all: $(KERNEL) $(BOOT_IMAGE) $(INITRAMFS) $(INITRD_TESTS) modules

# After `all`, which must stay the first target: the default goal.
include tests/user/user.mk
include scripts/Makefile.modules

# The programs a build runs, looked for (one shell, a `command -v` each) before anything is
# made: a missing one stops make with its Debian package (scripts/install-deps --list) and the
# two ways to install it, instead of a "not found" and Error 127 in the middle of the build.
# The goals that build nothing do not look; run, debug, stress and bench run install-deps
# first (deps), which installs or names all of them.
NEEDED_TOOLS	:= $(firstword $(CC)) $(LD) $(NM) $(OBJCOPY) $(HOSTCC) \
		   $(if $(filter arm,$(ARCH)),$(CROSS_COMPILE)gcc) \
		   $(foreach l,$(USER_LIBCS),$(USER_CC_$(l))) $(USER_STRIP) cpio /usr/bin/python3
NO_TOOL_GOALS	:= clean help layers deps check fuzz host-tests run debug stress bench htmldocs labs lab grade
ifneq ($(filter-out $(NO_TOOL_GOALS),$(or $(MAKECMDGOALS),all)),)
MISSING_TOOLS	:= $(shell for t in $(sort $(NEEDED_TOOLS)); do \
		     command -v $$t >/dev/null 2>&1 || echo $$t; done)
ifneq ($(MISSING_TOOLS),)
MISSING_PKGS	:= $(sort $(shell scripts/install-deps --list check uboot fuzz | \
		     awk '$(foreach t,$(MISSING_TOOLS),$$1 == "$(t)" ||) 0 { print $$2 }'))
$(shell printf '%s\n' >&2 \
	"make: not found: $(MISSING_TOOLS) (to build ARCH=$(ARCH)$(if $(LLVM), LLVM=$(LLVM)))" \
	"install them, as root:  apt-get install -y --no-install-recommends $(MISSING_PKGS)" \
	"or all that Special K needs, as root:  scripts/install-deps")
$(error a program the build runs is missing (above))
endif
endif

# Each file is made by a command recorded in FILE.cmd, and remade when a
# prerequisite is newer or the command differs (Kbuild's if_changed): after
# `make`, `make LLVM=1` (or other flags) into the same O= rebuilds every
# object, so no kernel links objects of two compilers.
#
# $(call if_changed,NAME,LABEL): run cmd_NAME if needed, showing "LABEL"
# (the command itself with V=1), and record it. V= is not part of a command:
# link-kernel.sh finds it in the environment, where make puts it. The folder is tested by the
# shell before mkdir runs: a program started for each of some 800 files costs CPU-seconds.
str_differs	= $(subst x$(1),,x$(2))$(subst x$(2),,x$(1))
escsq		= $(subst ','\'',$(1))
if_changed	= $(if $(filter-out FORCE,$?)$(call str_differs,$(strip $(cmd_$(1))),$(strip \
		       $(if $(wildcard $@.cmd),$(file <$@.cmd)))), \
		  @set -e; [ -d $(@D) ] || mkdir -p $(@D); \
		  echo '$(call escsq,$(if $(Q),  $(2),$(cmd_$(1))))'; \
		  $(cmd_$(1)); printf '%s\n' '$(call escsq,$(cmd_$(1)))' > $@.cmd)

cmd_cc		= $(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@
cmd_as		= $(CC) $(CPPFLAGS) $(ASFLAGS) -c $< -o $@
cmd_lds		= $(CC) $(CPPFLAGS) -E -P -x c -D__ASSEMBLER__ -MMD -MP -MT $@ -MF $@.d $< -o $@
cmd_hostcc	= $(HOSTCC) $(HOSTCFLAGS) $(filter %.c,$^) -o $@
cmd_link	= LD="$(LD)" NM="$(NM)" CC="$(CC)" CFLAGS_ASM="$(CPPFLAGS) $(ASFLAGS)" \
		  CHECKSECTIONS=$(CHECKSECTIONS) SORTTABLE=$(SORTTABLE) \
		  LDFLAGS="$(LDFLAGS)" \
		  scripts/link-kernel.sh $@ $(BUILD)/kernel.lds $(KALLSYMS) $(PTR_SIZE) \
		  $(filter %.o,$^) $(ARCH_LIBS)
cmd_image	= $(OBJCOPY) -O binary $< $@

$(BUILD)/%.o: %.c FORCE
	$(call if_changed,cc,CC      $<)

$(BUILD)/%.o: %.S FORCE
	$(call if_changed,as,AS      $<)

$(OBJS) $(MOD_OBJS): | $(UNISTD) $(if $(HWCAP_H),$(BUILD)/include/generated/asm-hwcap.h)

$(UNISTD): scripts/syscalltbl $(UNISTD_H) $(ARCH_UNISTD_H)
	@mkdir -p $(@D)
	$(Q)scripts/syscalltbl unistd $(UNISTD_H) $@ $(ARCH_UNISTD_H)

# ARM's AT_HWCAP bits: Debian's copy of Linux's uapi asm/hwcap.h, as it is.
$(BUILD)/include/generated/asm-hwcap.h: $(HWCAP_H)
	@mkdir -p $(@D)
	$(Q)cp $< $@

# Rewritten only when its text changes: its object is remade only then. The stamp says when
# it was last worked out, so that a make with no object changed does not run nm again; after
# one object changed, nm reads that one only (syscall_table.objects.json keeps the others'). The
# mini kernel has none: the dispatcher that reads it (kernel/syscall.c) is user space's.
$(BUILD)/syscall_table.stamp: $(OBJS) scripts/syscalltbl $(UNISTD_H)
	@mkdir -p $(@D)
	$(Q)scripts/syscalltbl table $(UNISTD_H) $(BUILD)/syscall_table.c $(NM) $(filter %.o,$^)
	@touch $@
$(BUILD)/syscall_table.c: $(BUILD)/syscall_table.stamp ;

$(SYSCALL_TABLE): %.o: %.c FORCE
	$(call if_changed,cc,CC      $<)

$(BUILD)/kernel.lds: linker/$(ARCH).lds.S linker/sections.lds.h FORCE
	$(call if_changed,lds,LDS     $<)

$(TOOLS)/%: scripts/%.c FORCE
	$(call if_changed,hostcc,HOSTCC  $<)

# The tools that read ELF files share scripts/elffile.c; modpost's exports are scripts/symvers.c.
$(CHECKSECTIONS) $(SORTTABLE) $(MODPOST): $(TOOLS)/%: scripts/%.c scripts/elffile.c scripts/elffile.h FORCE
	$(call if_changed,hostcc,HOSTCC  $<)
$(MODPOST): scripts/symvers.c scripts/symvers.h

$(KERNEL): $(OBJS) $(SYSCALL_TABLE) $(BUILD)/kernel.lds $(KALLSYMS) $(CHECKSECTIONS) $(SORTTABLE) \
		scripts/link-kernel.sh FORCE
	$(call if_changed,link,LINK    $@)

$(BUILD)/Image $(MINI)/Image: %/Image: %/kernel.elf FORCE
	$(call if_changed,image,OBJCOPY $@)

# The mini kernel: the core's objects alone (kernel/layers.mk), the same objects.
mini: $(MINI)/kernel.elf $(if $(filter arm,$(ARCH)),$(MINI)/Image)

$(MINI)/kernel.elf: $(MINI_OBJS) $(BUILD)/kernel.lds $(KALLSYMS) \
		$(CHECKSECTIONS) $(SORTTABLE) scripts/link-kernel.sh FORCE
	$(call if_changed,link,LINK    $@)

# Each source's layer, one "LAYER FILE" a line (tests/host/test_layers.py, sklib/layers.py).
layers:
	@$(foreach l,$(LAYERS),$(foreach f,$($(l)_SRCS),echo '$(l) $(f)';) \
		$(foreach f,$($(l)_TESTS),echo '$(l)_TESTS $(f)';))

FORCE:

# A BIOS ISO whose GRUB loads the kernel with multiboot2: x86_64 only.
ifeq ($(ARCH),x86_64)
iso: $(ISO)
else
iso:
	@echo "make iso: the ISO boots a PC BIOS into GRUB's multiboot2, an x86_64 loader;" \
		"ARM boots its ELF without one: make run ARCH=$(ARCH)" >&2; exit 2
endif
$(ISO): $(KERNEL) $(INITRAMFS) scripts/mkiso
	$(Q)scripts/mkiso $(KERNEL) $(INITRAMFS) $@

include scripts/Makefile.initramfs

deps:
	$(Q)scripts/install-deps $(if $(filter uboot,$(BOOT)),uboot)

# QEMU's exit status is the kernel's verdict (include/kernel/panic.h): say it in words, as what
# the kernel printed tells it apart (a self-test failed, none ran, init exited 3, which oops:
# sklib/exits.py reads QEMU's copy of the console). 0, 1 and 2 are not the kernel's: Ctrl-A x
# or a triple fault, QEMU refusing its options, scripts/qemu's usage error. --interactive:
# Ctrl-C reaches the monitor instead of killing QEMU; Ctrl-A x leaves. The monitor's prompt
# comes once init has ended, unless APPEND names init (rdinit=, such as a shell): then that
# program has the console, and its end ends QEMU ("run: init exited with status 3").
# BOOT=iso boots the ISO (x86_64): GRUB's grub.cfg in it is fixed, so there is no command line
# (no monitor either) and the initramfs is the one it carries.
ifeq ($(BOOT),iso)
RUN_IMAGE	:= --boot iso --kernel $(ISO)
else
RUN_IMAGE	:= --kernel $(BOOT_IMAGE) --initrd "$${INITRD:-$(INITRAMFS)}" $${BOOT:+--boot "$$BOOT"} \
		   --append "$$(case " $$APPEND" in *" rdinit="*) printf %s "$$APPEND";; \
				*) printf %s "monitor$${APPEND:+ $$APPEND}";; esac)"
endif
run: run-args deps all $(if $(filter iso,$(BOOT)),iso)
	$(Q)status=0; log=$$(mktemp); trap 'rm -f "$$log"' EXIT; \
	scripts/qemu --arch $(ARCH) $(RUN_IMAGE) --interactive --log "$$log" \
		$${CPU:+--cpu "$$CPU"} $${SMP:+--smp "$$SMP"} $${MEM:+--mem "$$MEM"} || status=$$?; \
	case $$status in \
	0) echo "run: QEMU exited 0: left with Ctrl-A x, or a reset or triple fault"; exit 1;; \
	1) echo "run: QEMU refused to start (its message is above): check CPU=, SMP=, MEM="; exit 2;; \
	2) echo "run: usage error (scripts/qemu's message is above): check CPU=, SMP=, MEM=, APPEND="; \
	   exit 2;; \
	esac; \
	verdict=$$(/usr/bin/python3 scripts/lib/sklib/exits.py $$status "$$log"); ok=$$?; \
	echo "run: $$verdict"; exit $$ok
run-args:
	@if [ "$$BOOT" = iso ] && [ -n "$$APPEND$$INITRD" ]; then \
		echo "make run BOOT=iso: GRUB's grub.cfg in the ISO is fixed, it takes no APPEND=," \
			"and the ISO carries its own initramfs, not INITRD=; boot without BOOT=iso" \
			"for those" >&2; exit 2; fi

# It boots what make run boots (on ARM the Image, with the initramfs); gdb reads kernel.elf.
debug: deps all
	$(Q)ARCH=$(ARCH) KERNEL=$(KERNEL) IMAGE=$(BOOT_IMAGE) INITRD="$${INITRD:-$(INITRAMFS)}" \
		scripts/debug

# The tables, and the same drawn as a picture (scripts/memory-map).
sections: all
	$(Q)$(READELF) -S -l -W $(KERNEL)
	$(Q)scripts/memory-map $(KERNEL) $(BUILD)/memory-map.svg
	@echo "sections: the memory map drawn in $(BUILD)/memory-map.svg"
	$(Q)scripts/layer-lines --build $(O) --arch $(ARCH)

# The book (docs/book, Markdown) as HTML, with Sphinx, Linux's documentation tool, and its
# Markdown parser MyST (docs/book/conf.py): $(O)/htmldocs/index.html. Warnings are errors,
# so a broken link or a missing picture stops it.
htmldocs:
	$(Q)scripts/install-deps htmldocs
	$(Q)/usr/bin/python3 -m sphinx -q -W --keep-going -b html -d $(abspath $(O))/htmldocs/.doctrees \
		docs/book $(abspath $(O))/htmldocs
	@echo "htmldocs: $(abspath $(O))/htmldocs/index.html"

# The labs (tests/labs, scripts/labs): each a marked region of the kernel's source. make lab
# writes a student tree, a copy of this one (with its build, so that only the stubbed files
# recompile) where the region is a stub; make grade builds the tree it runs in (either kind)
# and boots the labs' self-tests on both arches, printing a score per lab.
labs:
	$(Q)scripts/labs list
lab:
	$(Q)scripts/labs --build $(O) make "$(LAB)" $(if $(DEST),--dest "$(DEST)")
grade: deps
	$(Q)scripts/labs --build $(O) grade $(LAB)

host-tests:
	$(Q)$(MAKE) --no-print-directory -C tests/host O=$(abspath $(O))/host

# libFuzzer on every parser of outside input (tests/fuzz): FUZZ_SECONDS=N each
# (default 60); make check runs each for a fixed count of inputs instead.
fuzz:
	$(Q)scripts/install-deps fuzz
	$(Q)$(MAKE) --no-print-directory -C tests/fuzz O=$(abspath $(O))/fuzz \
		FUZZ_SECONDS=$(or $(FUZZ_SECONDS),60)

# What make check tests, built by one make so that `make -jN check-build` shares N jobs
# among four builds: both arches (and the ISO) with gcc in O=, and with clang and lld in
# O=/llvm, which take the host tools and the user programs from the first (SHARED_O). Those
# are made first, so no two builds ever make the same file: the two arches side by side (each
# has its user/ folder, and only x86_64's make makes tools/), as each arch's user programs end
# with one long compile, the ktest-user program, which would leave a CPU idle.
tools: $(KALLSYMS) $(CHECKSECTIONS) $(SORTTABLE) $(MODPOST)
user: $(USER_STAMP)
check-build: check-build-x86_64 check-build-arm check-build-llvm-x86_64 check-build-llvm-arm
check-build-shared: check-build-shared-x86_64 check-build-shared-arm
check-build-shared-x86_64:
	+$(Q)$(MAKE) --no-print-directory ARCH=x86_64 O=$(O) tools user
check-build-shared-arm:
	+$(Q)$(MAKE) --no-print-directory ARCH=arm O=$(O) user
check-build-x86_64 check-build-arm: check-build-%: check-build-shared
	+$(Q)$(MAKE) --no-print-directory ARCH=$* O=$(O) all mini dynamic $(if $(filter x86_64,$*),iso)
check-build-llvm-x86_64 check-build-llvm-arm: check-build-llvm-%: check-build-shared
	+$(Q)$(MAKE) --no-print-directory ARCH=$* LLVM=1 O=$(O)/llvm SHARED_O=$(O) all mini

# Everything: both arches (and the ISO), host tests, the QEMU matrix, gdb.
check:
	$(Q)scripts/install-deps check
	$(Q)O=$(O) scripts/check

# Exact instruction counts of boot and of each mechanism, both arches, under -icount:
# $(O)/bench/report.md (and .json, and SVG plots). JOBS=N: N QEMUs at once.
# The matrix booted BOOTS=N times (default 10), JOBS=N QEMUs at once: passes, failures and
# timeouts per configuration, the failures' logs kept in $(O)/stress (scripts/stress).
# FUZZ_SECONDS=S instead boots each arch on -smp 4 running the system-call fuzzer for S
# seconds (BOOTS=N times, default 1; SEED=N for the first, else one from the clock).
stress: deps
	$(Q)$(MAKE) --no-print-directory ARCH=x86_64 O=$(O) all iso
	$(Q)$(MAKE) --no-print-directory ARCH=arm O=$(O) all
	$(Q)O=$(O) scripts/stress $(if $(BOOTS),--boots $(BOOTS)) $(if $(JOBS),-j $(JOBS)) \
		$(if $(FUZZ_SECONDS),--fuzz-seconds $(FUZZ_SECONDS)) $(if $(SEED),--seed $(SEED))

bench: deps
	$(Q)$(MAKE) --no-print-directory ARCH=x86_64 O=$(O) all
	$(Q)$(MAKE) --no-print-directory ARCH=arm O=$(O) all
	$(Q)O=$(O) scripts/bench $(if $(JOBS),--jobs $(JOBS))

clean:
	rm -rf $(O)

# The targets and their variables: docs/usage.md's listing, printed as it is (one text, which
# tests/host/test_make.py holds to the Makefile's targets).
help:
	@sed -n '/^make \[ARCH=/,/^```/{/^```/d;p;}' docs/usage.md

-include $(OBJS:.o=.d) $(SYSCALL_TABLE:.o=.d) $(BUILD)/kernel.lds.d $(MOD_OBJS:.o=.d) $(MOD_KOS:.ko=.mod.d)
