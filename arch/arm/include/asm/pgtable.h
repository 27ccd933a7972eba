/*
 * 32-bit ARM translation table descriptors, short-descriptor format (no LPAE),
 * shared by the boot tables in arch/arm/boot/head.S and the kernel's own in
 * arch/arm/mm/pgtable.c. ARM ARM (ARMv7-A/R), "Short-descriptor translation
 * table format".
 *
 * The first level has 4096 entries, one per MiB of virtual space (16 KiB,
 * 16 KiB aligned). An entry is either a section (maps 1 MiB itself) or
 * points at a second-level table of 256 small pages of 4 KiB (1 KiB,
 * 1 KiB aligned). The bits mean the same things in both, at different places:
 *
 *                          section      small page
 *   type                   [1:0] = 10   [1] = 1
 *   XN, never execute      4            0
 *   B, C (memory type)     2, 3         2, 3
 *   AP[1:0]                11:10        5:4
 *   TEX[2:0]               14:12        8:6
 *   AP[2] ("APX")          15           9
 *   S, shareable           16           10
 *
 * Permissions: SCTLR.AFE stays 0, so AP[2:0] are all permission bits (no
 * access flag). The kernel uses two values, neither allowing user (PL0)
 * access: 001 read/write at PL1, 101 read-only at PL1. All mappings are in
 * domain 0, and DACR makes domain 0 a "client": the AP and XN bits are
 * checked (a "manager" domain would ignore both).
 *
 * Memory types (SCTLR.TRE stays 0, so TEX/C/B mean what they say):
 * TEX=001 C=1 B=1 normal memory, write-back write-allocate, shareable;
 * TEX=000 C=0 B=1 shareable Device memory, for the device window.
 */
#ifndef _ASM_PGTABLE_H
#define _ASM_PGTABLE_H

#define PTRS_PER_PGD		4096
#define PTRS_PER_PTE		256
#define PGD_TABLE_SIZE		(PTRS_PER_PGD * 4)	/* 16 KiB, and aligned to it */
#define PTE_TABLE_SIZE		(PTRS_PER_PTE * 4)	/* 1 KiB */

/* First-level entries. */
#define PMD_TYPE_MASK		3
#define PMD_TYPE_TABLE		1		/* points at a second-level table */
#define PMD_TYPE_SECT		2
#define PMD_TABLE_PXN		(1 << 2)	/* table: nothing below executes at PL1 */
#define PMD_SECT_PXN		(1 << 0)	/* section: not executable at PL1 */
#define PMD_SECT_B		(1 << 2)
#define PMD_SECT_C		(1 << 3)
#define PMD_SECT_XN		(1 << 4)
#define PMD_DOMAIN_SHIFT	5		/* bits 8:5, both kinds */
#define PMD_SECT_AP0		(1 << 10)
#define PMD_SECT_AP1		(1 << 11)
#define PMD_SECT_TEX_1		(1 << 12)
#define PMD_SECT_APX		(1 << 15)
#define PMD_SECT_S		(1 << 16)
#define PMD_SECT_SUPER		(1 << 18)	/* a 16 MiB supersection (we make none) */
#define PMD_TABLE_ADDR_MASK	0xfffffc00
#define PMD_SECT_ADDR_MASK	0xfff00000

/* Second-level entries. */
#define PTE_TYPE_SMALL		(1 << 1)	/* bit 0 is XN, so test bit 1 alone */
#define PTE_TYPE_LARGE		1		/* a 64 KiB page (we make none) */
#define PTE_XN			(1 << 0)
#define PTE_LARGE_XN		(1 << 15)
#define PTE_B			(1 << 2)
#define PTE_C			(1 << 3)
#define PTE_AP0			(1 << 4)
#define PTE_AP1			(1 << 5)
#define PTE_TEX_1		(1 << 6)
#define PTE_APX			(1 << 9)
#define PTE_S			(1 << 10)
#define PTE_ADDR_MASK		0xfffff000

/* Sections the kernel makes: read/write (AP = 001) in domain 0. */
#define PMD_SECT_NORMAL		(PMD_TYPE_SECT | PMD_SECT_AP0 | PMD_SECT_TEX_1 | PMD_SECT_C | \
				 PMD_SECT_B | PMD_SECT_S)
#define PMD_SECT_DEVICE		(PMD_TYPE_SECT | PMD_SECT_AP0 | PMD_SECT_B | PMD_SECT_XN)

/* Small pages of normal memory: read/write (AP = 001); PTE_APX makes them read-only (101). */
#define PTE_NORMAL		(PTE_TYPE_SMALL | PTE_AP0 | PTE_TEX_1 | PTE_C | PTE_B | PTE_S)

/* TTBR0: table walks inner (IRGN=01) and outer (RGN=01) write-back write-allocate, shareable. */
#define TTBR_WALK		((1 << 6) | (1 << 3) | (1 << 1))
/* DACR: two bits per domain; 01 = client (permissions checked), 11 = manager, 00 = no access. */
#define DACR_CLIENT_0		1

#ifndef __ASSEMBLER__
#include <kernel/types.h>

/* What SMP bring-up needs from arch/arm/mm/pgtable.c. */

/* The kernel's first-level table as TTBR0 wants it: physical address | walk attributes. */
u32 kernel_ttbr0(void);
/*
 * Map the direct-map block (size bytes, page multiple) at a new address in
 * the stack area, with an unmapped guard page below it; returns the lowest
 * address of the stack, or NULL when the area is full.
 */
void *map_stack_with_guard(void *block, unsigned long size);
/* addr lies in the stack area but is not mapped: a guard page. */
bool in_stack_guard_page(unsigned long addr);
#endif

#endif
