# 32-bit ARM (ARMv7-A, QEMU's virt board): compiler flags and the objects
# of this arch. Included by the top Makefile with ARCH=arm.

ifeq ($(LLVM),1)
CC		:= clang --target=armv7a-none-eabi
LD		:= ld.lld
NM		:= llvm-nm
OBJDUMP		:= llvm-objdump
READELF		:= llvm-readelf
# clang's way of saying "no FPU, no NEON".
FPU_CFLAGS	:= -mfpu=none
else
CC		:= arm-none-eabi-gcc
LD		:= arm-none-eabi-ld
NM		:= arm-none-eabi-nm
OBJDUMP		:= arm-none-eabi-objdump
READELF		:= arm-none-eabi-readelf
# gcc's: core registers only, so no VFP/NEON register is ever touched.
FPU_CFLAGS	:= -mgeneral-regs-only
endif
PTR_SIZE	:= 4

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
ARCH_LIBS	:= $(shell arm-none-eabi-gcc $(LIBGCC_FLAGS))

ARCH_OBJS	:= boot/head.o kernel/entry.o kernel/traps.o kernel/bootinfo.o \
		   kernel/exit.o kernel/pl011.o kernel/time.o mm/pgtable.o
ARCH_OBJS	+= kernel/cpufeature.o kernel/alternative.o lib/crc32-armv8.o lib/div.o lib/aeabi_div.o
ARCH_OBJS	+= boot/secondary.o kernel/smp.o kernel/psci.o
ARCH_OBJS	+= kernel/gic.o kernel/irq.o kernel/arch_timer.o kernel/irq_entry.o kernel/switch.o
