# modload_x86_64_test and modload_arm_test: the module loader's checks of a
# .ko (kernel/module/elf_check.c, compiled here from the kernel's source for
# each kernel arch: its ELF class and asm/module.h) on the sample modules
# the kernel build made (build/<arch>/modules/*.ko: `make` first, as
# `make check` does), cut short, broken by hand and mutated at random,
# under the sanitizers.

HOST_TESTS	+= modload_x86_64_test modload_arm_test

MODLOAD_O	:= $(O)/modload
MODLOAD_BITS_x86_64 := 64
MODLOAD_BITS_arm := 32
MODLOAD_OTHER_x86_64 := arm
MODLOAD_OTHER_arm := x86_64

$(MODLOAD_O)/elf_check_%.o: $(SRCTREE)/kernel/module/elf_check.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(KLIB_CFLAGS) -DELF_BITS=$(MODLOAD_BITS_$*) \
		-I$(SRCTREE)/arch/$*/include -MMD -MP -c $< -o $@

$(O)/modload_%_test: $(SRCTREE)/tests/host/modload_elf.c $(MODLOAD_O)/elf_check_%.o $(LIBK)
	@$(if $(Q),echo "  HOSTLD  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -DELF_BITS=$(MODLOAD_BITS_$*) -I$(SRCTREE)/arch/$*/include \
		-DARCH_NAME='"$*"' -DKO_DIR='"$(abspath $(O)/../$*/modules)"' \
		-DOTHER_KO_DIR='"$(abspath $(O)/../$(MODLOAD_OTHER_$*)/modules)"' \
		-MMD -MP -MF $@.d -MT $@ $< $(MODLOAD_O)/elf_check_$*.o $(LIBK) $(HOST_LDFLAGS) -o $@

# What each reads when it runs: the .ko files of both arches, and their folders (a module
# removed changes the folder, not any file left).
$(foreach a,x86_64 arm,$(eval RUNTIME_DEPS_modload_$(a)_test := \
	$(foreach d,$(abspath $(O)/../x86_64/modules $(O)/../arm/modules),$(wildcard $(d) $(d)/*.ko))))

-include $(wildcard $(MODLOAD_O)/*.d) $(wildcard $(O)/modload_*_test.d)
