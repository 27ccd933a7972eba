# Which kernel sources each harness is built from (see tests/fuzz/Makefile).
# $(O)/k/<name>.o is one kernel file compiled for the fuzzers; KCFLAGS_<name>
# adds its flags.

X86_INC		:= -I$(SRCTREE)/arch/x86_64/include

$(O)/k/fdt.o: $(SRCTREE)/kernel/fdt.c
$(O)/k/initramfs.o: $(SRCTREE)/kernel/fs/initramfs.c
$(O)/k/binfmt_elf64.o $(O)/k/binfmt_elf32.o: $(SRCTREE)/kernel/fs/binfmt_elf.c
KCFLAGS_binfmt_elf64	:= -DELF_BITS=64
KCFLAGS_binfmt_elf32	:= -DELF_BITS=32

# The command line: the __setup table in a section the linker delimits (fuzz_setup.h).
$(O)/k/params.o: $(SRCTREE)/kernel/params.c
KCFLAGS_params	:= $(X86_INC) -include $(SRCTREE)/tests/fuzz/fuzz_setup.h \
		   -D__setup_start=__start_fuzz_setup -D__setup_end=__stop_fuzz_setup

# A module's parameters: the loader's gathering and parsing, and each type's setter.
$(O)/k/mod_params.o: $(SRCTREE)/kernel/module/params.c
$(O)/k/mod_param_ops.o: $(SRCTREE)/kernel/module/param_ops.c
KCFLAGS_mod_params	:= $(X86_INC)
KCFLAGS_mod_param_ops	:= $(X86_INC)
$(O)/modparam_fuzz: $(O)/k/mod_params.o $(O)/k/mod_param_ops.o
HCFLAGS_modparam	:= $(X86_INC)

# x86_64's boot information through the direct-map model of x86/asm/page.h.
X86_BOOT_INC	:= -I$(SRCTREE)/tests/fuzz/x86 $(X86_INC)
$(O)/k/x86_bootinfo.o: $(SRCTREE)/arch/x86_64/kernel/bootinfo.c
$(O)/k/x86_acpi.o: $(SRCTREE)/arch/x86_64/kernel/acpi.c
$(O)/k/bootinfo.o: $(SRCTREE)/kernel/bootinfo.c
$(O)/k/x86_hpet.o: $(SRCTREE)/arch/x86_64/kernel/hpet.c
KCFLAGS_x86_hpet	:= $(X86_BOOT_INC)
KCFLAGS_x86_bootinfo	:= $(X86_BOOT_INC)
KCFLAGS_x86_acpi	:= $(X86_BOOT_INC)
KCFLAGS_bootinfo	:= $(X86_BOOT_INC)

HARNESSES	:= $(filter-out binfmt_elf_fuzz,$(HARNESSES)) binfmt_elf64_fuzz binfmt_elf32_fuzz

$(O)/fdt_fuzz: $(O)/k/fdt.o
$(O)/initramfs_fuzz: $(O)/k/initramfs.o
$(O)/cmdline_fuzz: $(O)/k/params.o
HCFLAGS_cmdline	:= $(X86_INC)
$(O)/x86_boot_fuzz: $(O)/k/x86_bootinfo.o $(O)/k/x86_acpi.o $(O)/k/bootinfo.o $(O)/k/x86_hpet.o
HCFLAGS_x86_boot	:= $(X86_BOOT_INC)

$(O)/binfmt_elf64_fuzz $(O)/binfmt_elf32_fuzz: $(O)/binfmt_elf%_fuzz: \
		$(SRCTREE)/tests/fuzz/binfmt_elf_fuzz.c $(O)/k/binfmt_elf%.o $(LIBK)
	@$(if $(Q),echo "  FUZZLD  $@")
	$(Q)$(FUZZCC) $(HARNESS_CFLAGS) -DELF_BITS=$* -MMD -MP -MF $@.d -MT $@ $< \
		$(O)/k/binfmt_elf$*.o $(LIBK) -o $@

# The module loader, once per kernel arch (module_fuzz.c): 64 is x86_64, 32 is ARM, each with
# its arch's asm/module.h and relocations.
MODULE_ARCH_64	:= x86_64
MODULE_ARCH_32	:= arm
MODULE_TARGET_64 := x86_64-none-elf
MODULE_TARGET_32 := armv7a-none-eabi
HARNESSES	:= $(filter-out module_fuzz,$(HARNESSES)) module64_fuzz module32_fuzz
$(O)/k/elf_check64.o $(O)/k/elf_check32.o: $(SRCTREE)/kernel/module/elf_check.c
$(O)/k/mod_kallsyms64.o $(O)/k/mod_kallsyms32.o: $(SRCTREE)/kernel/module/kallsyms.c
$(O)/k/mod_relocate64.o $(O)/k/mod_relocate32.o: $(SRCTREE)/kernel/module/relocate.c
$(O)/k/module_reloc64.o: $(SRCTREE)/arch/x86_64/kernel/module.c
$(O)/k/module_reloc32.o: $(SRCTREE)/arch/arm/kernel/module.c
$(foreach b,64 32,$(foreach f,elf_check mod_kallsyms mod_relocate module_reloc,\
	$(eval KCFLAGS_$(f)$(b) := -DELF_BITS=$(b) -I$(SRCTREE)/arch/$(MODULE_ARCH_$(b))/include)))
# A 32-bit sh_addr made a pointer: the harness's module area lies below 4 GiB.
KCFLAGS_module_reloc32	+= -Wno-int-to-pointer-cast

# sizeof(struct module) as the kernel arch's compiler lays it out: the size of every
# .gnu.linkonce.this_module the loader accepts.
$(O)/this_module%.size:
	@mkdir -p $(dir $@)
	$(Q)printf '#include <kernel/module.h>\nchar this_module_size[sizeof(struct module)] = { 1 };\n' | \
		$(FUZZCC) --target=$(MODULE_TARGET_$*) -ffreestanding -I$(SRCTREE)/include \
		-I$(SRCTREE)/arch/$(MODULE_ARCH_$*)/include -MMD -MF $@.d -MT $@ -x c -S -o - - | \
		sed -n 's/^[[:space:]]*\.size[[:space:]]*this_module_size, *//p' > $@.tmp
	$(Q)test -s $@.tmp && mv $@.tmp $@

$(O)/module64_fuzz $(O)/module32_fuzz: $(O)/module%_fuzz: $(SRCTREE)/tests/fuzz/module_fuzz.c \
		$(O)/k/elf_check%.o $(O)/k/module_reloc%.o $(O)/k/mod_kallsyms%.o $(O)/k/mod_relocate%.o \
		$(O)/this_module%.size $(LIBK)
	@$(if $(Q),echo "  FUZZLD  $@")
	$(Q)$(FUZZCC) $(HARNESS_CFLAGS) -DELF_BITS=$* -I$(SRCTREE)/arch/$(MODULE_ARCH_$*)/include \
		-DTHIS_MODULE_SIZE=$$(cat $(O)/this_module$*.size) -MMD -MP -MF $@.d -MT $@ $< \
		$(filter %.o,$^) $(LIBK) -o $@

# The sample modules the kernel build made, when there are (make check builds them first):
# seeds as fresh as struct module, next to the copies in the tree.
FUZZ_SEEDS_module64_fuzz := $(wildcard $(abspath $(O)/..)/x86_64/modules/root/lib/modules)
FUZZ_SEEDS_module32_fuzz := $(wildcard $(abspath $(O)/..)/arm/modules/root/lib/modules)

# ARM's boot information from the device tree, through the RAM model of arm/asm/page.h.
ARM_BOOT_INC	:= -I$(SRCTREE)/tests/fuzz/arm -I$(SRCTREE)/arch/arm/include
$(O)/k/arm_bootinfo.o: $(SRCTREE)/arch/arm/kernel/bootinfo.c
$(O)/k/arm_kbootinfo.o: $(SRCTREE)/kernel/bootinfo.c
KCFLAGS_arm_bootinfo	:= $(ARM_BOOT_INC)
KCFLAGS_arm_kbootinfo	:= $(ARM_BOOT_INC)
$(O)/arm_boot_fuzz: $(O)/k/arm_bootinfo.o $(O)/k/fdt.o $(O)/k/arm_kbootinfo.o
HCFLAGS_arm_boot	:= $(ARM_BOOT_INC)
FUZZ_SEEDS_arm_boot_fuzz := $(SRCTREE)/tests/fuzz/corpus/fdt_fuzz
