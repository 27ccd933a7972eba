/*
 * What a module is for 32-bit ARM (kernel/module/): its ELF class, machine
 * and relocation section type, and where modules are mapped. Only
 * #defines, so that a host test can read the other arch's as well.
 *
 * The module area lies inside the image window, above the image
 * (0xf0100000 up, checked at boot) and within 32 MiB of all of it: a
 * module's bl to the kernel (R_ARM_CALL, a 24-bit word offset: +-32 MiB)
 * always reaches, as Linux's MODULES_VADDR below PAGE_OFFSET does for its
 * kernel, so modules need neither -mlong-calls nor PLTs.
 */
#ifndef _ASM_MODULE_H
#define _ASM_MODULE_H

#define MODULE_ELF_BITS		32
#define MODULE_ELF_MACHINE	EM_ARM
#define MODULE_RELOC_TYPE	SHT_REL		/* the addend is in the place relocated */

#define MODULES_VADDR		0xf0800000ul
#define MODULES_END		0xf0c00000ul

#endif
