/*
 * ARM's <asm/page.h> for the boot-information harness (arm_boot_fuzz.c):
 * the same constants, but __va() and __pa() translate through the
 * harness's model of RAM, fuzz_ram: the first 2 MiB of physical memory
 * from PHYS_OFFSET, as much as the kernel lets itself read of a device
 * tree, then an inaccessible page, so that a read past that faults here
 * too. The kernel image's own symbols sit where they do in the kernel.
 */
#ifndef _FUZZ_ASM_PAGE_H
#define _FUZZ_ASM_PAGE_H

#define __va	kernel___va
#define __pa	kernel___pa
#include_next <asm/page.h>
#undef __va
#undef __pa

#ifndef __ASSEMBLER__
extern unsigned char *fuzz_ram;
extern char _text[], _end[];

static inline void *__va(phys_addr_t p)
{
	return fuzz_ram + (p - PHYS_OFFSET);
}

static inline phys_addr_t __pa(const volatile void *v)
{
	const unsigned char *a = (const unsigned char *)v;

	if (a == (const unsigned char *)_text)
		return PHYS_OFFSET + KERNEL_TEXT_OFFSET;
	if (a == (const unsigned char *)_end)
		return PHYS_OFFSET + KERNEL_TEXT_OFFSET + 0x100000;
	return a - fuzz_ram + PHYS_OFFSET;
}
#endif

#endif
