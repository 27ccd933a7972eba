/*
 * 32-bit ARM memory layout constants, shared by C, assembly and the linker
 * script (so: plain numbers, no casts or UL suffixes outside __ASSEMBLER__).
 *
 * QEMU's virt board puts RAM at physical 0x40000000 and the device tree in
 * its first MiB. The kernel is linked at KERNEL_VMA_BASE + 1 MiB (0xC0100000)
 * and loaded at PHYS_OFFSET + 1 MiB (0x40100000): QEMU hands over the device
 * tree only to a kernel linked at or above 0x40100000.
 *
 * Virtual address space set up by arch/arm/boot/head.S (1 MiB sections):
 *
 *   0x40000000 - 0x77ffffff  RAM, identity mapped: only needed while the MMU
 *                            is being switched on (the code runs there then)
 *   0xc0000000 - 0xf7ffffff  the direct map: RAM from PHYS_OFFSET, 896 MiB
 *                            (DIRECT_MAP_SIZE). The kernel image lies inside
 *                            it, as in Linux/ARM: PAGE_OFFSET is
 *                            KERNEL_VMA_BASE and one __pa()/__va() serves
 *                            the image, the device tree and allocated pages
 *   0xf8000000 - 0xffffffff  the board's devices from physical 0x08000000
 *                            (GIC, PL011, RTC, fw_cfg, virtio-mmio ...),
 *                            Device memory, never executable; IO_ADDRESS()
 *
 * RAM above DIRECT_MAP_PHYS_END (QEMU allows up to 3 GiB) is reported by
 * the boot information but not mapped: 1 GiB of kernel address space minus
 * the device window is all there is without highmem.
 */
#ifndef _ASM_PAGE_H
#define _ASM_PAGE_H

#define PAGE_SHIFT		12
#define PAGE_SIZE		(1 << PAGE_SHIFT)
#define SECTION_SHIFT		20	/* a first-level descriptor maps 1 MiB */
#define SECTION_SIZE		(1 << SECTION_SHIFT)

#define PHYS_OFFSET		0x40000000	/* start of RAM on QEMU virt */
#define KERNEL_VMA_BASE		0xc0000000	/* where PHYS_OFFSET is mapped */
#define PAGE_OFFSET		KERNEL_VMA_BASE	/* the direct map starts there too */
#define KERNEL_TEXT_OFFSET	0x00100000	/* the first MiB is the device tree's */
#define DIRECT_MAP_SIZE		0x38000000
#define DIRECT_MAP_PHYS_END	(PHYS_OFFSET + DIRECT_MAP_SIZE)	/* RAM above this is not mapped */

#define IO_PHYS_BASE		0x08000000	/* the device window, physical ... */
#define IO_VIRT_BASE		0xf8000000	/* ... and virtual */
#define IO_SIZE			0x08000000

#ifndef __ASSEMBLER__
#include <kernel/types.h>

/* A kernel-image or direct-map address, to physical: one offset for both. */
static inline phys_addr_t __pa(const volatile void *v)
{
	return (unsigned long)v - PAGE_OFFSET + PHYS_OFFSET;
}

static inline void *__va(phys_addr_t p)
{
	return (void *)(unsigned long)(p - PHYS_OFFSET + PAGE_OFFSET);
}

/* The virtual address of a device register inside the window. */
#define IO_ADDRESS(p)	((void *)((unsigned long)(p) - IO_PHYS_BASE + IO_VIRT_BASE))
#endif

#endif
