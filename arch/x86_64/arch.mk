# x86_64: toolchain and compiler flags of this arch (its objects are every
# .c and .S under arch/x86_64/, see Makefile).
# Included by the top Makefile with ARCH=x86_64.

# The host's GNU toolchain (gcc, ld, nm...) on an x86_64 machine; elsewhere
# CROSS_COMPILE=x86_64-linux-gnu- for instance. LLVM=1 uses clang.
CROSS_COMPILE	?=
CLANG_TARGET	:= x86_64-unknown-none-elf
PTR_SIZE	:= 8

# -mcmodel=kernel: code and data in the top 2 GiB, so 32-bit sign-extended
# absolute addresses reach everything. No red zone: an interrupt would
# overwrite it. No SSE/x87: the kernel never saves FPU state.
ARCH_CFLAGS	:= -m64 -mcmodel=kernel -mno-red-zone -mno-mmx -mno-sse -mno-sse2 \
		   -mno-80387 -mno-omit-leaf-frame-pointer
ARCH_LDFLAGS	:=
ARCH_LIBS	:=

# Linux's system-call numbers for this arch (Debian's linux-libc-dev).
UNISTD_H	:= /usr/include/x86_64-linux-gnu/asm/unistd_64.h
