/*
 * What the boot loader told us, in one arch-neutral shape.
 *
 * x86_64 fills it from multiboot2 or PVH information, ARM from the device
 * tree, in arch_parse_boot_info(). Everything after that reads only this.
 * What only one arch's loader gives (the ACPI root pointer, the PSCI
 * method) is in `arch`, struct arch_boot_info of <asm/bootinfo.h>.
 */
#ifndef _KERNEL_BOOTINFO_H
#define _KERNEL_BOOTINFO_H

#include <asm/bootinfo.h>
#include <kernel/threads.h>
#include <kernel/types.h>

#define COMMAND_LINE_SIZE	512
#define MAX_MEM_REGIONS		32
#define MAX_INITRDS		4	/* GRUB may load several modules */

struct mem_region {
	phys_addr_t base;
	phys_addr_t size;
};

struct boot_info {
	const char *protocol;		/* "multiboot2", "pvh", "devicetree" */
	char cmdline[COMMAND_LINE_SIZE];
	bool cmdline_truncated;
	struct mem_region mem[MAX_MEM_REGIONS];	/* usable RAM */
	int nr_mem;
	struct mem_region reserved[MAX_MEM_REGIONS];	/* boot info, DTB, ... */
	int nr_reserved;
	/* Initial RAM disks (-initrd, GRUB's module2): reserved until unpacked (kernel/initrd.c). */
	struct mem_region initrd[MAX_INITRDS];
	int nr_initrd;
	/* CPUs the firmware describes: hardware ids (APIC ids / MPIDRs). */
	unsigned long cpu_hwid[NR_CPUS];
	int nr_cpus;
	struct arch_boot_info arch;
};

extern struct boot_info boot_info;

/* Provided by the arch: fill boot_info from what the loader handed over. */
void arch_parse_boot_info(void);

void boot_info_add_mem(struct boot_info *bi, phys_addr_t base, phys_addr_t size);
void boot_info_add_reserved(struct boot_info *bi, phys_addr_t base, phys_addr_t size);
void boot_info_set_cmdline(struct boot_info *bi, const char *s, size_t len);
void boot_info_add_initrd(struct boot_info *bi, phys_addr_t base, phys_addr_t size);
void print_boot_info(void);

#endif
