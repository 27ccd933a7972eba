# Special K: build, boot and test a teaching kernel on x86_64 and 32-bit ARM.
#
#   make [ARCH=x86_64|arm] [LLVM=1] [O=dir] [V=1] all|run|iso|debug|check|bench|sections|clean
#
# `make run` and `make debug` take CPU=, SMP=, MEM= and APPEND= (kernel command line).

ARCHES		:= x86_64 arm
ARCH		?= x86_64
ifeq ($(filter $(ARCH),$(ARCHES)),)
$(error unknown ARCH '$(ARCH)': choose one of: $(ARCHES))
endif

O		?= build
BUILD		:= $(O)/$(ARCH)
KERNEL		:= $(BUILD)/kernel.elf
ISO		:= $(BUILD)/specialk.iso

ifeq ($(V),1)
Q		:=
else
Q		:= @
endif

HOSTCC		?= cc
HOSTCFLAGS	:= -std=gnu11 -O2 -g -Wall -Wextra -Werror

include arch/$(ARCH)/arch.mk

ifeq ($(LLVM),1)
COMPILER_FLAGS	:=
COMPILER_NAME	:= clang
else
# gcc would turn a byte loop in memset() into a call to memset().
COMPILER_FLAGS	:= -fno-tree-loop-distribute-patterns
COMPILER_NAME	:= gcc
endif

# -fno-jump-tables: a switch in an __init function would otherwise leave a
# table of .init.text addresses in .rodata (a section mismatch, and a
# dangling table after the init region is freed).
CPPFLAGS	:= -Iinclude -Iarch/$(ARCH)/include
CFLAGS		:= -std=gnu11 -O2 -g -Wall -Wextra -Werror -MMD -MP \
		   -ffreestanding -fno-builtin -nostdlib -fno-pic -fno-pie \
		   -fno-stack-protector -fno-omit-frame-pointer -fno-common \
		   -fno-strict-aliasing -fno-asynchronous-unwind-tables -fno-unwind-tables \
		   -fno-jump-tables \
		   $(COMPILER_FLAGS) $(ARCH_CFLAGS) \
		   -DSK_ARCH='"$(ARCH)"' -DSK_COMPILER='"$(COMPILER_NAME)"'
ASFLAGS		:= -D__ASSEMBLER__ -g -MMD -MP -fno-pic -fno-pie -Wa,--noexecstack $(ARCH_CFLAGS)
LDFLAGS		:= -nostdlib -z max-page-size=0x1000 -z noexecstack --build-id=none $(ARCH_LDFLAGS)

GENERIC_SRCS	:= $(wildcard kernel/*.c kernel/lib/*.c kernel/mm/*.c tests/kernel/*.c tests/kernel/$(ARCH)/*.c)
OBJS		:= $(patsubst %.c,$(BUILD)/%.o,$(GENERIC_SRCS)) \
		   $(addprefix $(BUILD)/arch/$(ARCH)/,$(ARCH_OBJS))

KALLSYMS	:= $(O)/tools/kallsyms
CHECKSECTIONS	:= $(O)/tools/checksections
SORTTABLE	:= $(O)/tools/sorttable

# A recipe that fails leaves no half-made target behind.
.DELETE_ON_ERROR:

.PHONY: all iso run debug check bench sections clean deps host-tests

all: $(KERNEL)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/%.o: %.S
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  AS      $<")
	$(Q)$(CC) $(CPPFLAGS) $(ASFLAGS) -c $< -o $@

$(BUILD)/kernel.lds: linker/$(ARCH).lds.S linker/sections.lds.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LDS     $<")
	$(Q)$(CC) $(CPPFLAGS) -E -P -x c -D__ASSEMBLER__ -MMD -MP -MT $@ -MF $@.d $< -o $@

$(O)/tools/%: scripts/%.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $<")
	$(Q)$(HOSTCC) $(HOSTCFLAGS) $< -o $@

# The two tools that read ELF files share scripts/elffile.c.
$(CHECKSECTIONS) $(SORTTABLE): $(O)/tools/%: scripts/%.c scripts/elffile.c scripts/elffile.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $<")
	$(Q)$(HOSTCC) $(HOSTCFLAGS) scripts/$*.c scripts/elffile.c -o $@

$(KERNEL): $(OBJS) $(BUILD)/kernel.lds $(KALLSYMS) $(CHECKSECTIONS) $(SORTTABLE) scripts/link-kernel.sh
	@$(if $(Q),echo "  LINK    $@")
	$(Q)LD="$(LD)" NM="$(NM)" CC="$(CC)" CFLAGS_ASM="$(CPPFLAGS) $(ASFLAGS)" \
		CHECKSECTIONS=$(CHECKSECTIONS) SORTTABLE=$(SORTTABLE) \
		LDFLAGS="$(LDFLAGS)" V="$(V)" \
		scripts/link-kernel.sh $@ $(BUILD)/kernel.lds $(KALLSYMS) $(PTR_SIZE) \
		$(OBJS) $(ARCH_LIBS)

# A BIOS ISO whose GRUB loads the kernel with multiboot2 (x86_64 only).
iso: $(ISO)
$(ISO): $(KERNEL) scripts/mkiso
	$(Q)scripts/mkiso $(KERNEL) $@

deps:
	$(Q)scripts/install-deps

# QEMU's exit status is the kernel's verdict (include/kernel/panic.h): say it in words.
run: deps all
	$(Q)status=0; scripts/qemu --arch $(ARCH) --kernel $(KERNEL) $(if $(CPU),--cpu $(CPU)) \
		$(if $(SMP),--smp $(SMP)) $(if $(MEM),--mem $(MEM)) \
		--append "monitor$(if $(APPEND), $(APPEND))" || status=$$?; \
	verdict=$$(python3 scripts/lib/sklib/exits.py $$status); ok=$$?; \
	echo "run: $$verdict"; exit $$ok

debug: deps all
	$(Q)ARCH=$(ARCH) KERNEL=$(KERNEL) CPU="$(CPU)" SMP="$(SMP)" MEM="$(MEM)" \
		APPEND="$(APPEND)" scripts/debug

sections: all
	$(Q)$(READELF) -S -l -W $(KERNEL)

host-tests:
	$(Q)$(MAKE) --no-print-directory -C tests/host O=$(abspath $(O))/host

# Everything: both arches (and the ISO), host tests, the QEMU matrix, gdb.
check: deps
	$(Q)O=$(O) scripts/check

# Exact instruction counts of boot and of each mechanism, both arches, under -icount:
# $(O)/bench/report.md (and .json, and SVG plots).
bench: deps
	$(Q)$(MAKE) --no-print-directory ARCH=x86_64 O=$(O) all
	$(Q)$(MAKE) --no-print-directory ARCH=arm O=$(O) all
	$(Q)O=$(O) scripts/bench

clean:
	rm -rf $(O)

-include $(OBJS:.o=.d) $(BUILD)/kernel.lds.d
