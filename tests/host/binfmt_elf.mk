# binfmt_elf64_test and binfmt_elf32_test: the ELF executable checks
# (kernel/fs/binfmt_elf.c), and exec_stack64_test and exec_stack32_test:
# the first stack's layout (kernel/fs/exec_stack.c), built once per ELF
# class (ELF_BITS); the checks run on real
# programs made here by each C library the user programs use
# (tests/user/user.mk): ELF64 by musl-gcc and gcc -static (-static-pie too,
# an ET_DYN program; musl-gcc's -static-pie, which Debian's musl cannot
# make without a PT_INTERP, and gcc's default, are dynamic programs that
# name their interpreter), ELF32 by arm-linux-gnueabihf-gcc, static and
# dynamic. The test corrupts copies in memory.

HOST_TESTS	+= binfmt_elf64_test binfmt_elf32_test exec_stack64_test exec_stack32_test

BINFMT_O	:= $(O)/binfmt
BINFMT_PROG	:= $(SRCTREE)/tests/user/hello.c
BINFMT_CFLAGS	:= -O2 -DLIBC='"fixture"' -DLINKAGE='"fixture"' -Wl,--build-id=none
BINFMT_64	:= $(BINFMT_O)/musl $(BINFMT_O)/glibc $(BINFMT_O)/glibc-pie $(BINFMT_O)/musl-interp \
		   $(BINFMT_O)/glibc-dyn
BINFMT_32	:= $(BINFMT_O)/arm-glibc $(BINFMT_O)/arm-glibc-dyn

$(BINFMT_O)/musl: $(BINFMT_PROG)
	@mkdir -p $(dir $@)
	$(Q)musl-gcc -static $(BINFMT_CFLAGS) $< -o $@
$(BINFMT_O)/musl-interp: $(BINFMT_PROG)
	@mkdir -p $(dir $@)
	$(Q)musl-gcc -static-pie $(BINFMT_CFLAGS) $< -o $@
$(BINFMT_O)/glibc: $(BINFMT_PROG)
	@mkdir -p $(dir $@)
	$(Q)gcc -static $(BINFMT_CFLAGS) $< -o $@
$(BINFMT_O)/glibc-pie: $(BINFMT_PROG)
	@mkdir -p $(dir $@)
	$(Q)gcc -static-pie $(BINFMT_CFLAGS) $< -o $@
$(BINFMT_O)/glibc-dyn: $(BINFMT_PROG)
	@mkdir -p $(dir $@)
	$(Q)gcc $(BINFMT_CFLAGS) $< -o $@
$(BINFMT_O)/arm-glibc: $(BINFMT_PROG)
	@mkdir -p $(dir $@)
	$(Q)arm-linux-gnueabihf-gcc -static $(BINFMT_CFLAGS) $< -o $@
$(BINFMT_O)/arm-glibc-dyn: $(BINFMT_PROG)
	@mkdir -p $(dir $@)
	$(Q)arm-linux-gnueabihf-gcc $(BINFMT_CFLAGS) $< -o $@

BINFMT_SRCS	:= $(SRCTREE)/kernel/fs/binfmt_elf.c $(SRCTREE)/kernel/fs/exec_stack.c

$(BINFMT_O)/elf%.o: $(BINFMT_SRCS)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(KLIB_CFLAGS) -DELF_BITS=$* -c \
		$(SRCTREE)/kernel/fs/binfmt_elf.c -o $(BINFMT_O)/binfmt_elf$*.o
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(KLIB_CFLAGS) -DELF_BITS=$* -c \
		$(SRCTREE)/kernel/fs/exec_stack.c -o $(BINFMT_O)/exec_stack$*.o
	$(Q)ld -r $(BINFMT_O)/binfmt_elf$*.o $(BINFMT_O)/exec_stack$*.o -o $@

$(O)/binfmt_elf64_test: $(BINFMT_O)/elf64.o $(BINFMT_64)
$(O)/binfmt_elf32_test: $(BINFMT_O)/elf32.o $(BINFMT_32)
$(O)/binfmt_elf64_test $(O)/binfmt_elf32_test: $(O)/binfmt_elf%_test: \
		$(SRCTREE)/tests/host/binfmt_elf.c $(LIBK) $(SRCTREE)/include/kernel/binfmts.h \
		$(SRCTREE)/include/kernel/elf.h
	@$(if $(Q),echo "  HOSTLD  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -DELF_BITS=$* -DBINFMT_DATA='"$(BINFMT_O)"' \
		$< $(BINFMT_O)/elf$*.o $(LIBK) $(HOST_LDFLAGS) -o $@

$(O)/exec_stack64_test $(O)/exec_stack32_test: $(O)/exec_stack%_test: \
		$(SRCTREE)/tests/host/exec_stack.c $(BINFMT_O)/elf%.o $(LIBK) \
		$(SRCTREE)/include/kernel/binfmts.h $(SRCTREE)/include/kernel/elf.h
	@$(if $(Q),echo "  HOSTLD  $@")
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -DELF_BITS=$* $< $(BINFMT_O)/elf$*.o $(LIBK) $(HOST_LDFLAGS) -o $@
