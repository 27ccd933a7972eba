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

# x86_64's boot information through the direct-map model of x86/asm/page.h.
X86_BOOT_INC	:= -I$(SRCTREE)/tests/fuzz/x86 $(X86_INC)
$(O)/k/x86_bootinfo.o: $(SRCTREE)/arch/x86_64/kernel/bootinfo.c
$(O)/k/x86_acpi.o: $(SRCTREE)/arch/x86_64/kernel/acpi.c
$(O)/k/bootinfo.o: $(SRCTREE)/kernel/bootinfo.c
KCFLAGS_x86_bootinfo	:= $(X86_BOOT_INC)
KCFLAGS_x86_acpi	:= $(X86_BOOT_INC)
KCFLAGS_bootinfo	:= $(X86_BOOT_INC)

HARNESSES	:= $(filter-out binfmt_elf_fuzz,$(HARNESSES)) binfmt_elf64_fuzz binfmt_elf32_fuzz

$(O)/fdt_fuzz: $(O)/k/fdt.o
$(O)/initramfs_fuzz: $(O)/k/initramfs.o
$(O)/cmdline_fuzz: $(O)/k/params.o
HCFLAGS_cmdline	:= $(X86_INC)
$(O)/x86_boot_fuzz: $(O)/k/x86_bootinfo.o $(O)/k/x86_acpi.o $(O)/k/bootinfo.o
HCFLAGS_x86_boot	:= $(X86_BOOT_INC)

$(O)/binfmt_elf64_fuzz $(O)/binfmt_elf32_fuzz: $(O)/binfmt_elf%_fuzz: \
		$(SRCTREE)/tests/fuzz/binfmt_elf_fuzz.c $(O)/k/binfmt_elf%.o $(LIBK)
	@$(if $(Q),echo "  FUZZLD  $@")
	$(Q)$(FUZZCC) $(HARNESS_CFLAGS) -DELF_BITS=$* -MMD -MP -MF $@.d -MT $@ $< \
		$(O)/k/binfmt_elf$*.o $(LIBK) -o $@
