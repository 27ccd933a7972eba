/*
 * x86_64's part of struct boot_info (include/kernel/bootinfo.h): what only
 * an x86_64 loader hands over. Filled by arch_parse_boot_info()
 * (arch/x86_64/kernel/bootinfo.c) from multiboot2 or PVH.
 */
#ifndef _ASM_BOOTINFO_H
#define _ASM_BOOTINFO_H

#include <kernel/types.h>

struct arch_boot_info {
	phys_addr_t acpi_rsdp;	/* the ACPI root pointer; 0 when the loader gave none */
};

#endif
