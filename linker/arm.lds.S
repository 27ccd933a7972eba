/*
 * The 32-bit ARM kernel image. Linked at KERNEL_VMA_BASE + 1 MiB
 * (0xF0100000, the image window of asm/page.h) and loaded at PHYS_OFFSET +
 * 1 MiB (0x40100000), so every output section's load address is its
 * virtual address minus LOAD_OFFSET: `readelf -l` shows VirtAddr 0xf01...
 * and PhysAddr 0x401.... The first MiB of RAM is left to QEMU, which puts
 * the device tree there (only for a kernel loaded at or above 0x40100000).
 *
 * Layout and program headers, in the order of linker/x86_64.lds.S. The
 * permissions are also those arch/arm/mm/pgtable.c gives each 4 KiB page,
 * which is why every boundary between two lines is page aligned:
 *
 *   text      R-X  .text (head, vectors, .sched.text ...)
 *   rodata    R--  .rodata, __ex_table, __ksymtab*, .ktest_suites, .bench_cases,
 *                  .monitor_commands, notes
 *   inittext  R-X  .init.text, .altinstr_replacement          \  init region,
 *   initdata  RW-  .init.data, .init.setup, .initcall.init,    | page aligned,
 *                  .altinstructions, .data..percpu            /  freed at the end
 *   data      RW-  .data, __bug_table (WARN_ONCE marks entries), .bss
 *
 * Unlike x86_64 the per-CPU template is not zero-based: ARM has no segment
 * base to add, a CPU reaches its copy as template address + offset
 * (asm/percpu.h). So PERCPU_SECTION places it at an ordinary address, in
 * the init region: once each CPU has its copy, the template is not needed.
 *
 * The ELF entry point is the physical address of stext: QEMU jumps to it
 * with the MMU off and does not translate it. build/arm/Image is this file's
 * loaded bytes from _text to the end of .data (objcopy -O binary): a loader
 * enters a raw image at its first byte, so stext must be that byte.
 */
#include <asm/page.h>

#define LOAD_OFFSET	(KERNEL_VMA_BASE - PHYS_OFFSET)

#include "sections.lds.h"

OUTPUT_FORMAT("elf32-littlearm")
OUTPUT_ARCH(arm)
ENTRY(phys_stext)

PHDRS {
	text PT_LOAD FLAGS(5);
	rodata PT_LOAD FLAGS(4);
	inittext PT_LOAD FLAGS(5);
	initdata PT_LOAD FLAGS(6);
	data PT_LOAD FLAGS(6);
}

SECTIONS
{
	/*
	 * Unwind tables: the kernel is built with -fno-unwind-tables and
	 * walks frame pointers, but clang and libgcc still emit
	 * .ARM.exidx/.ARM.extab. Discarded first: the linker picks the first
	 * statement that matches a section, and DISCARDS must stay last.
	 */
	/DISCARD/ : {
		*(.ARM.exidx .ARM.exidx.*)
		*(.ARM.extab .ARM.extab.*)
	}

	. = KERNEL_VMA_BASE + KERNEL_TEXT_OFFSET;
	_text = .;

	/* With the stubs the linker may generate (ARM/Thumb interworking, veneers). */
	TEXT_SECTION(*(.glue_7 .glue_7t .vfp11_veneer .v4_bx))

	. = ALIGN(PAGE_SIZE);
	RO_DATA(4)
	NOTES
	. = ALIGN(PAGE_SIZE);
	__end_rodata = .;

	INIT_BEGIN
	INIT_SECTIONS
	PERCPU_SECTION
	INIT_END

	RW_DATA_AND_BSS
	_end = .;

	DISCARDS
}

/* What QEMU jumps to: the entry's physical address. */
phys_stext = stext - LOAD_OFFSET;

ASSERT(__per_cpu_start >= __init_begin && __per_cpu_end <= __init_end,
       "per-CPU template outside the init region")
ASSERT(stext == _text, "stext must be the first byte of the raw Image")
ASSERT(_end <= KERNEL_VMA_BASE + KERNEL_WINDOW_SIZE,
       "kernel image too large for its window (asm/page.h)")
