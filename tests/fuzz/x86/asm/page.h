/*
 * x86_64's <asm/page.h> for the boot-information harness (x86_boot_fuzz.c):
 * the same constants, but __va() and __pa() translate through the
 * harness's model of the direct map, fuzz_phys: physical [0, 2 GiB)
 * readable (zeros where the input put nothing), the next 2 GiB
 * inaccessible, so that a read the kernel would make past its direct map
 * faults here too. The kernel image's own symbols sit where they do in the
 * kernel, from 1 MiB.
 */
#ifndef _FUZZ_ASM_PAGE_H
#define _FUZZ_ASM_PAGE_H

#define __va	kernel___va
#define __pa	kernel___pa
#include_next <asm/page.h>
#undef __va
#undef __pa

#ifndef __ASSEMBLER__
extern unsigned char *fuzz_phys;
extern char _text[], _end[];

static inline void *__va(phys_addr_t p)
{
	return fuzz_phys + p;
}

static inline phys_addr_t __pa(const volatile void *v)
{
	const unsigned char *a = (const unsigned char *)v;

	if (a == (const unsigned char *)_text)
		return KERNEL_PHYS_START;
	if (a == (const unsigned char *)_end)
		return KERNEL_PHYS_START + 0x100000;
	return a - fuzz_phys;
}
#endif

#endif
