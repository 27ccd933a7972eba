# x86_64: compiler flags, QEMU defaults and the objects of this arch.
# Included by the top Makefile with ARCH=x86_64.

ifeq ($(LLVM),1)
CC		:= clang --target=x86_64-unknown-none-elf
LD		:= ld.lld
else
CC		:= gcc
LD		:= ld
endif
NM		:= nm
OBJDUMP		:= objdump
READELF		:= readelf
PTR_SIZE	:= 8

# -mcmodel=kernel: code and data in the top 2 GiB, so 32-bit sign-extended
# absolute addresses reach everything. No red zone: an interrupt would
# overwrite it. No SSE/x87: the kernel never saves FPU state.
ARCH_CFLAGS	:= -m64 -mcmodel=kernel -mno-red-zone -mno-mmx -mno-sse -mno-sse2 \
		   -mno-80387 -mno-omit-leaf-frame-pointer
ARCH_LDFLAGS	:=
ARCH_LIBS	:=

ARCH_OBJS	:= boot/head.o kernel/bootinfo.o kernel/exit.o kernel/serial.o kernel/tsc.o \
		   kernel/entry.o kernel/traps.o mm/pgtable.o
ARCH_OBJS	+= kernel/acpi.o kernel/cpufeature.o kernel/alternative.o lib/crc32c.o lib/memcpy.o
ARCH_OBJS	+= kernel/smp.o kernel/apic.o kernel/apic_entry.o kernel/trampoline.o
ARCH_OBJS	+= kernel/apic_timer.o kernel/switch.o
