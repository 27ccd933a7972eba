/*
 * The x86_64 kernel image. Linked in the top 2 GiB of the address space
 * (-mcmodel=kernel) at KERNEL_VMA + 1 MiB and loaded at physical 1 MiB, so
 * every output section's load address is its virtual address minus
 * LOAD_OFFSET: `readelf -l` shows VirtAddr and PhysAddr differing by it.
 *
 * Layout and program headers (each segment gets one set of permissions):
 *
 *   text      R-X  .text (head, .sched.text ...)
 *   rodata    R--  .rodata, __ex_table, __ksymtab*, .ktest_suites, .bench_cases,
 *                  .monitor_commands, notes
 *   percpu    RW-  .data..percpu, linked at address 0; its     \  the init region,
 *                  bytes are the init region's first pages      |  page aligned,
 *   inittext  R-X  .init.text, .altinstr_replacement            |  freed at the end
 *   initdata  RW-  .init.data, .init.setup, .initcall.init,     |  (__init_begin ..
 *                  .altinstructions, .smp_locks                 /  __init_end)
 *   data      RW-  .data, __bug_table (WARN_ONCE marks entries), .bss
 *   note           the PVH entry note, for qemu -kernel
 *
 * The ELF entry point is the 32-bit entry's virtual address: GRUB finds the
 * segment that holds it and jumps to the matching physical address (it
 * refuses an entry outside every segment). QEMU's PVH boot ignores it and
 * takes the physical entry from the Xen note in head.S.
 */
#include <asm/page.h>

#define LOAD_OFFSET	KERNEL_VMA_BASE

#include "sections.lds.h"

/*
 * x86_64 only: where each lock prefix is, so that a single CPU can drop
 * them (asm/alternative.h). Its symbols are declared in asm/sections.h.
 */
#define SMP_LOCKS						\
	. = ALIGN(8);						\
	.smp_locks : AT_LOAD(.smp_locks) {			\
		BOUNDED_SECTION(.smp_locks, __smp_locks, __smp_locks_end) \
	}

OUTPUT_FORMAT("elf64-x86-64")
OUTPUT_ARCH(i386:x86-64)
ENTRY(startup_32)

PHDRS {
	text PT_LOAD FLAGS(5);
	rodata PT_LOAD FLAGS(4);
	percpu PT_LOAD FLAGS(6);
	inittext PT_LOAD FLAGS(5);
	initdata PT_LOAD FLAGS(6);
	data PT_LOAD FLAGS(6);
	note PT_NOTE FLAGS(4);
}

SECTIONS
{
	. = KERNEL_VMA_BASE + KERNEL_PHYS_START;
	_text = .;

	TEXT_SECTION()

	. = ALIGN(PAGE_SIZE);
	RO_DATA(16)
	NOTES :rodata :note
	. = ALIGN(PAGE_SIZE);
	__end_rodata = .;

	INIT_BEGIN
	PERCPU_VADDR(0, :percpu)
	. = ALIGN(PAGE_SIZE);
	INIT_SECTIONS
	SMP_LOCKS
	INIT_END

	RW_DATA_AND_BSS
	_end = .;

	DISCARDS
}

/* The per-CPU template must start at 0 for %gs-relative addressing to work. */
ASSERT(__per_cpu_start == 0, "per-CPU section is not zero-based")
ASSERT(__per_cpu_load == __init_begin, "per-CPU template not at the start of the init region")
ASSERT(_end - _text <= 512 * 1024 * 1024, "kernel image too large for the boot mapping")
