/*
 * x86_64 memory layout constants, shared by C, assembly and the linker script.
 *
 * The kernel is linked at KERNEL_VMA_BASE + 1 MiB (top 2 GiB, what
 * -mcmodel=kernel requires) and loaded at physical 1 MiB. The boot page
 * tables map physical [0, 2 GiB) at KERNEL_VMA_BASE, so until the page
 * allocator builds its own tables __va()/__pa() are a fixed offset.
 */
#ifndef _ASM_PAGE_H
#define _ASM_PAGE_H

#define PAGE_SHIFT		12
#define PAGE_SIZE		(1 << PAGE_SHIFT)
#define KERNEL_VMA_BASE		0xffffffff80000000
#define KERNEL_PHYS_START	0x100000
#define BOOT_MAP_SIZE		0x80000000	/* physical memory reachable through the boot mapping */

#ifndef __ASSEMBLER__
#define __pa(v)	((unsigned long)(v) - KERNEL_VMA_BASE)
#define __va(p)	((void *)((unsigned long)(p) + KERNEL_VMA_BASE))
#endif

#endif
