# sorttable_test and sorttable_input_test: the exception-table sorter
# (scripts/sorttable.c) on small linked ELF files, for both kernel
# architectures: sorting, and what it must refuse.
#
# Each tests/host/sorttable/<fixture>.S is assembled (as for x86_64,
# $(CROSS_COMPILE_arm)as for ARMv7) into $(O)/sorttable/<fixture>.o and linked with
# its linker script into <fixture>.elf; x86_64.elf and arm.elf are also listed
# with nm (<arch>.nm), which tells the test where each entry's labels are.
# x86_64-none.elf is linked with ld's own script (no __ex_table at all),
# x86_64-empty.elf with x86_64.lds (an __ex_table with no entries),
# x86_64-relocs.elf is x86_64.elf linked with --emit-relocs. The test
# program runs the tool, built here with the sanitizers, on copies in
# $(O)/sorttable/work.

HOST_TESTS	+= sorttable_test sorttable_input_test

SORTTABLE_O		:= $(O)/sorttable
SORTTABLE_SRC		:= $(SRCTREE)/tests/host/sorttable
SORTTABLE_MK		:= $(SRCTREE)/tests/host/sorttable.mk

SORTTABLE_AS_x86_64	?= $(CROSS_COMPILE_x86_64)as
SORTTABLE_LD_x86_64	?= $(CROSS_COMPILE_x86_64)ld
SORTTABLE_NM_x86_64	?= $(CROSS_COMPILE_x86_64)nm
SORTTABLE_ASFLAGS_x86_64 := --64
SORTTABLE_AS_arm	?= $(CROSS_COMPILE_arm)as
SORTTABLE_LD_arm	?= $(CROSS_COMPILE_arm)ld
SORTTABLE_NM_arm	?= $(CROSS_COMPILE_arm)nm
SORTTABLE_ASFLAGS_arm	:= -march=armv7-a

SORTTABLE_OBJS_x86_64	:= x86_64 x86_64-noextable x86_64-badsize x86_64-far
SORTTABLE_OBJS_arm	:= arm

$(SORTTABLE_O)/sorttable: $(SRCTREE)/scripts/sorttable.c $(SRCTREE)/scripts/elffile.c \
			  $(SRCTREE)/scripts/elffile.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(filter %.c,$^) $(HOST_LDFLAGS) -o $@

# sorttable_objects ARCH: $(SORTTABLE_O)/<fixture>.o for that arch's fixtures.
define sorttable_objects
$(patsubst %,$(SORTTABLE_O)/%.o,$(SORTTABLE_OBJS_$(1))): $(SORTTABLE_O)/%.o: \
		$(SORTTABLE_SRC)/%.S $(SORTTABLE_SRC)/ex_table.inc $(SORTTABLE_MK)
	@mkdir -p $$(dir $$@)
	@$$(if $$(Q),echo "  AS      $$@")
	$$(Q)$$(SORTTABLE_AS_$(1)) $$(SORTTABLE_ASFLAGS_$(1)) -I $(SORTTABLE_SRC) --noexecstack \
		-o $$@ $$<
endef

# sorttable_elf NAME,ARCH,OBJECT,SCRIPT[,FLAGS]: link OBJECT.o into NAME.elf
# with SCRIPT (a file in tests/host/sorttable; empty: ld's own script).
define sorttable_elf
SORTTABLE_ELFS += $(SORTTABLE_O)/$(1).elf

$(SORTTABLE_O)/$(1).elf: $(SORTTABLE_O)/$(3).o $(if $(4),$(SORTTABLE_SRC)/$(4)) $(SORTTABLE_MK)
	@$$(if $$(Q),echo "  LD      $$@")
	$$(Q)$$(SORTTABLE_LD_$(2)) -z noexecstack -e 0 $(5) $(if $(4),-T $(SORTTABLE_SRC)/$(4)) \
		-o $$@ $$<
endef

$(eval $(call sorttable_objects,x86_64))
$(eval $(call sorttable_objects,arm))
$(eval $(call sorttable_elf,x86_64,x86_64,x86_64,x86_64.lds))
$(eval $(call sorttable_elf,x86_64-none,x86_64,x86_64-noextable,))
$(eval $(call sorttable_elf,x86_64-empty,x86_64,x86_64-noextable,x86_64.lds))
$(eval $(call sorttable_elf,x86_64-badsize,x86_64,x86_64-badsize,x86_64.lds))
$(eval $(call sorttable_elf,x86_64-far,x86_64,x86_64-far,x86_64-far.lds))
# (ld 2.40 marks the last segment RWX when keeping relocations; harmless here.)
$(eval $(call sorttable_elf,x86_64-relocs,x86_64,x86_64,x86_64.lds,--emit-relocs --no-warn-rwx-segments))
$(eval $(call sorttable_elf,arm,arm,arm,arm.lds))

$(SORTTABLE_O)/x86_64.nm: $(SORTTABLE_O)/x86_64.elf
	$(Q)$(SORTTABLE_NM_x86_64) $< > $@.tmp
	$(Q)mv $@.tmp $@

$(SORTTABLE_O)/arm.nm: $(SORTTABLE_O)/arm.elf
	$(Q)$(SORTTABLE_NM_arm) $< > $@.tmp
	$(Q)mv $@.tmp $@

$(O)/sorttable_test $(O)/sorttable_input_test: $(O)/%: $(SRCTREE)/tests/host/%.c \
		$(SORTTABLE_O)/sorttable $(SORTTABLE_ELFS) $(SORTTABLE_O)/x86_64.o \
		$(SORTTABLE_O)/x86_64.nm $(SORTTABLE_O)/arm.nm
	@mkdir -p $(O)/deps
	@$(if $(Q),echo "  HOSTLD  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -DSORTTABLE_DIR='"$(SORTTABLE_O)"' \
		-MMD -MP -MF $(O)/deps/$*.d -MT $@ $< $(HOST_LDFLAGS) -o $@
