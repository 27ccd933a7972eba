/*
 * 32-bit ARM's part of struct boot_info (include/kernel/bootinfo.h): what
 * only the device tree tells. Filled by arch_parse_boot_info()
 * (arch/arm/kernel/bootinfo.c).
 */
#ifndef _ASM_BOOTINFO_H
#define _ASM_BOOTINFO_H

struct arch_boot_info {
	char psci_method[8];	/* how to call the PSCI firmware: "hvc", "smc" or "" (none) */
};

#endif
