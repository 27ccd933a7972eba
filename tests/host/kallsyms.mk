# kallsyms_test: the symbol table tool (scripts/kallsyms.c) and the kernel's
# lookups (kernel/kallsyms.c) on a made-up image, kallsyms_fixture.S.
#
# The fixture is assembled with -Wa,-L (keep .L labels, as real kernels have
# some), listed with nm, the listing extended by kallsyms_fixture_extra.nm and
# turned into a table by the tool (itself built with the sanitizers), and the
# table linked into the test next to the fixture. -no-pie: the table's base
# is an absolute pointer to _text in read-only data, as in the kernel, which
# a position-independent program could only have with text relocations.

HOST_TESTS	+= kallsyms_test

HOSTNM		?= nm
KALLSYMS_O	:= $(O)/kallsyms
KALLSYMS_PTR_SIZE := $(if $(filter 32,$(shell getconf LONG_BIT)),4,8)

$(KALLSYMS_O)/kallsyms: $(SRCTREE)/scripts/kallsyms.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $< $(HOST_LDFLAGS) -o $@

$(KALLSYMS_O)/fixture.o: $(SRCTREE)/tests/host/kallsyms_fixture.S
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  AS      $@")
	$(Q)$(HOSTCC) -Wa,-L -c $< -o $@

# Through temporary files, so that a failing step leaves no table behind.
$(KALLSYMS_O)/table.S: $(KALLSYMS_O)/fixture.o $(SRCTREE)/tests/host/kallsyms_fixture_extra.nm \
		$(KALLSYMS_O)/kallsyms
	@$(if $(Q),echo "  KSYMS   $@")
	$(Q)$(HOSTNM) -n -S $< > $@.nm
	$(Q)cat $(SRCTREE)/tests/host/kallsyms_fixture_extra.nm >> $@.nm
	$(Q)$(KALLSYMS_O)/kallsyms --ptr-size=$(KALLSYMS_PTR_SIZE) < $@.nm > $@.tmp
	$(Q)mv $@.tmp $@

$(KALLSYMS_O)/table.o: $(KALLSYMS_O)/table.S
	@$(if $(Q),echo "  AS      $@")
	$(Q)$(HOSTCC) -c $< -o $@

$(KALLSYMS_O)/kernel_kallsyms.o: $(SRCTREE)/kernel/kallsyms.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $<")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(KLIB_CFLAGS) -MMD -MP -c $< -o $@

$(O)/kallsyms_test: $(SRCTREE)/tests/host/kallsyms_test.c $(KALLSYMS_O)/kernel_kallsyms.o \
		$(KALLSYMS_O)/fixture.o $(KALLSYMS_O)/table.o $(LIBK)
	@$(if $(Q),echo "  HOSTLD  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -MMD -MP -MF $@.d -MT $@ $^ $(HOST_LDFLAGS) -no-pie -o $@

-include $(KALLSYMS_O)/kernel_kallsyms.d
