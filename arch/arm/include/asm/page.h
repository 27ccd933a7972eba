/*
 * 32-bit ARM memory layout constants, shared by C, assembly and the linker
 * script (so: plain numbers, no casts or UL suffixes outside __ASSEMBLER__).
 *
 * QEMU's virt board puts RAM at physical 0x40000000 and the device tree in
 * its first MiB. The kernel is linked at KERNEL_VMA_BASE + 1 MiB (0xF0100000)
 * and loaded at PHYS_OFFSET + 1 MiB (0x40100000): QEMU hands over the device
 * tree only to a kernel loaded at or above 0x40100000.
 *
 * Two views of physical memory, as on x86_64:
 *
 *   0xc0000000 - 0xefffffff  the direct map: RAM from PHYS_OFFSET, 768 MiB
 *                            (DIRECT_MAP_SIZE), read+write, never executable.
 *                            __va() returns these addresses; the page
 *                            allocator hands them out; the device tree is
 *                            read here
 *   0xf0000000 - 0xf7ffffff  the kernel image window: PHYS_OFFSET is at
 *                            KERNEL_VMA_BASE, the image from + 1 MiB. Mapped
 *                            in 4 KiB pages with each section's permissions
 *                            (arch/arm/mm/pgtable.c), so the init range can
 *                            be unmapped here while the same pages, back in
 *                            the allocator, stay reachable in the direct map
 *   0xf8000000 - 0xffffffff  the board's devices from physical 0x08000000
 *                            (GIC, PL011, RTC, fw_cfg, virtio-mmio ...),
 *                            Device memory, never executable; IO_ADDRESS()
 *
 * Only while the MMU is switched on, head.S also maps RAM at its physical
 * address (0x40000000 up, "identity"): the code runs there at that moment.
 * paging_init()'s tables drop it, and everything below 0xc0000000 is unmapped:
 * a NULL pointer faults.
 *
 * __pa() takes an image or a direct-map address (the image window lies above
 * the direct map, so one comparison tells them apart). RAM above
 * DIRECT_MAP_PHYS_END (QEMU allows up to 3 GiB) is reported by the boot
 * information but not mapped: 1 GiB of kernel address space minus the image
 * and device windows is all there is without highmem.
 */
#ifndef _ASM_PAGE_H
#define _ASM_PAGE_H

#define PAGE_SHIFT		12
#define PAGE_SIZE		(1 << PAGE_SHIFT)
#define SECTION_SHIFT		20	/* a first-level descriptor maps 1 MiB */
#define SECTION_SIZE		(1 << SECTION_SHIFT)

#define PHYS_OFFSET		0x40000000	/* start of RAM on QEMU virt */

#define PAGE_OFFSET		0xc0000000	/* the direct map: PHYS_OFFSET is here */
#define DIRECT_MAP_SIZE		0x30000000
#define DIRECT_MAP_PHYS_END	(PHYS_OFFSET + DIRECT_MAP_SIZE)	/* RAM above this is not mapped */

#define KERNEL_VMA_BASE		0xf0000000	/* the image window: PHYS_OFFSET is here */
#define KERNEL_WINDOW_SIZE	0x08000000
#define KERNEL_TEXT_OFFSET	0x00100000	/* the first MiB is the device tree's */

#define IO_PHYS_BASE		0x08000000	/* the device window, physical ... */
#define IO_VIRT_BASE		0xf8000000	/* ... and virtual */
#define IO_SIZE			0x08000000

#ifndef __ASSEMBLER__
#include <kernel/types.h>

/* A kernel-image address or a direct-map address, to physical. */
static inline phys_addr_t __pa(const volatile void *v)
{
	unsigned long a = (unsigned long)v;

	return a >= KERNEL_VMA_BASE ? a - KERNEL_VMA_BASE + PHYS_OFFSET
				    : a - PAGE_OFFSET + PHYS_OFFSET;
}

static inline void *__va(phys_addr_t p)
{
	return (void *)(unsigned long)(p - PHYS_OFFSET + PAGE_OFFSET);
}

/* The virtual address of a device register inside the window. */
#define IO_ADDRESS(p)	((void *)((unsigned long)(p) - IO_PHYS_BASE + IO_VIRT_BASE))
#endif

#endif
