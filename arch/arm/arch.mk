# 32-bit ARM (ARMv7-A, QEMU's virt board): toolchain and compiler flags of
# this arch (its objects are every .c and .S under arch/arm/, see Makefile). Included by the top Makefile with ARCH=arm.

# The bare-metal GNU toolchain, arm-none-eabi-gcc, -ld, -nm...: CROSS_COMPILE=
# names another. LLVM=1 uses clang for this target.
CROSS_COMPILE	?= arm-none-eabi-
CLANG_TARGET	:= armv7a-none-eabi

ifeq ($(LLVM),1)
# clang's way of saying "no FPU, no NEON".
FPU_CFLAGS	:= -mfpu=none
else
# gcc's: core registers only, so no VFP/NEON register is ever touched.
FPU_CFLAGS	:= -mgeneral-regs-only
endif
PTR_SIZE	:= 4
# The device tree reader, which only ARM's boot information needs (kernel/layers.mk).
ARCH_CORE_SRCS	:= kernel/fdt.c

# ARM (A32) code, not Thumb: the frame-pointer layout asm/stacktrace.h
# reads, and the instruction set entry.S and head.S are written in. Soft
# float and no FP registers: the kernel never saves FPU state. Frame
# pointers (-fno-omit-frame-pointer, from the Makefile) live in r11 in
# ARM code with both compilers.
ARCH_CFLAGS	:= -march=armv7-a -marm -mfloat-abi=soft $(FPU_CFLAGS)
ARCH_LDFLAGS	:=

# 64-bit division and the like (__aeabi_uldivmod) come from libgcc. Clang
# has no bare-metal compiler-rt installed here, so it uses gcc's too; the
# multilib for these flags is Thumb-2 code, which ARM code calls through
# blx (the linker turns bl into blx for Thumb targets).
LIBGCC_FLAGS	:= -march=armv7-a -marm -mfloat-abi=soft -print-libgcc-file-name
ARCH_LIBS	:= $(shell $(CROSS_COMPILE)gcc $(LIBGCC_FLAGS) 2>/dev/null)

# Linux's EABI system-call numbers (Debian's linux-libc-dev-armhf-cross),
# ARM's private ones (set_tls...) and the AT_HWCAP bits, from the same package.
UNISTD_H	:= /usr/arm-linux-gnueabihf/include/asm/unistd-eabi.h
ARCH_UNISTD_H	:= /usr/arm-linux-gnueabihf/include/asm/unistd.h
HWCAP_H		:= /usr/arm-linux-gnueabihf/include/asm/hwcap.h
