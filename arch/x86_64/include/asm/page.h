/*
 * x86_64 memory layout constants, shared by C, assembly and the linker script.
 *
 * Two views of physical memory, as in Linux:
 *  - the kernel image, linked at KERNEL_VMA_BASE + 1 MiB (top 2 GiB, what
 *    -mcmodel=kernel requires) and loaded at physical 1 MiB;
 *  - the direct map: all RAM at PAGE_OFFSET, which __va() returns and the
 *    page allocator hands out.
 * Keeping them apart lets free_initmem() unmap the image's init range while
 * the same pages, given back to the allocator, stay reachable through the
 * direct map. The boot page tables cover physical [0, 2 GiB) in both.
 */
#ifndef _ASM_PAGE_H
#define _ASM_PAGE_H

#define PAGE_SHIFT		12
#define PAGE_SIZE		(1 << PAGE_SHIFT)
#define KERNEL_VMA_BASE		0xffffffff80000000
#define KERNEL_PHYS_START	0x100000
#define PAGE_OFFSET		0xffff888000000000
#define DIRECT_MAP_PHYS_END	0x80000000	/* RAM above this is not mapped */

#ifndef __ASSEMBLER__
#include <kernel/types.h>

/* A kernel-image address or a direct-map address, to physical. */
static inline phys_addr_t __pa(const volatile void *v)
{
	unsigned long a = (unsigned long)v;

	return a >= KERNEL_VMA_BASE ? a - KERNEL_VMA_BASE : a - PAGE_OFFSET;
}

static inline void *__va(phys_addr_t p)
{
	return (void *)(unsigned long)(p + PAGE_OFFSET);
}

/* True if [base, base + size) lies in the direct map: __va() may read all of it. */
static inline bool phys_in_direct_map(phys_addr_t base, u64 size)
{
	return base <= DIRECT_MAP_PHYS_END && size <= DIRECT_MAP_PHYS_END - base;
}
#endif

#endif
