/*
 * The little of ACPI the x86_64 kernel reads: the MADT's list of CPUs, and
 * a table by its signature (the HPET's, for hpet.c).
 */
#ifndef _ASM_ACPI_H
#define _ASM_ACPI_H

/*
 * Fill boot_info.cpu_hwid[] (local APIC ids) and boot_info.nr_cpus from the
 * MADT, found through boot_info.arch.acpi_rsdp. Leaves nr_cpus at 0, with a
 * warning, when the tables are missing. Part of boot step 2.
 */
void acpi_find_cpus(void);

/* The table with this 4-character signature (header first), or NULL. */
const void *acpi_get_table(const char *signature);

#endif
