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
 * access: 001 read/write at PL1, 101 read-only at PL1. User pages use 011
 * read/write at both levels and 111 read-only at both (000: no access at
 * all), and carry nG, "not global": their TLB entries belong to the
 * address space, so a switch can drop them and keep the kernel's. Kernel
 * mappings are in domain 0, user ones in domain 1 (asm/domain.h); DACR
 * makes domain 0 a "client": the AP and XN bits are checked (a "manager"
 * domain would ignore both).
 *
 * Two tables at once (TTBCR.N = TTBCR_SPLIT = 1): addresses below
 * TASK_SIZE (2 GiB) are translated through TTBR0, a process's own
 * first-level table of USER_PTRS_PER_PGD entries (8 KiB), the rest through
 * TTBR1, the kernel's one table (whose low half is never looked at).
 * arch/arm/mm/mmu_context.c says why.
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
#define PTE_NG			(1 << 11)	/* not global: flushed with the address space */
#define PTE_ADDR_MASK		0xfffff000

/* Sections the kernel makes: read/write (AP = 001) in domain 0. */
#define PMD_SECT_NORMAL		(PMD_TYPE_SECT | PMD_SECT_AP0 | PMD_SECT_TEX_1 | PMD_SECT_C | \
				 PMD_SECT_B | PMD_SECT_S)
#define PMD_SECT_DEVICE		(PMD_TYPE_SECT | PMD_SECT_AP0 | PMD_SECT_B | PMD_SECT_XN)

/* Small pages of normal memory: read/write (AP = 001); PTE_APX makes them read-only (101). */
#define PTE_NORMAL		(PTE_TYPE_SMALL | PTE_AP0 | PTE_TEX_1 | PTE_C | PTE_B | PTE_S)

/* TTBRs: table walks inner (IRGN=01) and outer (RGN=01) write-back write-allocate, shareable. */
#define TTBR_WALK		((1 << 6) | (1 << 3) | (1 << 1))

/* TTBCR.N: TTBR0 translates the low 2^(32-N) bytes, a process's (TASK_SIZE in asm/processor.h). */
#define TTBCR_SPLIT		1
#define USER_PTRS_PER_PGD	(PTRS_PER_PGD >> TTBCR_SPLIT)
#define USER_PGD_SIZE		(USER_PTRS_PER_PGD * 4)	/* 8 KiB, and aligned to it */

#ifndef __ASSEMBLER__
#include <kernel/types.h>

typedef u32 pmd_t;	/* a first-level entry */
typedef u32 pte_t;	/* a second-level entry */

/* What SMP bring-up and the process tables need from arch/arm/mm/pgtable.c. */

/* The kernel's first-level table as TTBR1 wants it: physical address | walk attributes. */
u32 kernel_ttbr1(void);
/* What TTBR0 holds while no process's table is loaded: a table with nothing in it. */
u32 empty_user_ttbr0(void);
static inline u32 read_ttbr0(void)
{
	u32 v;

	__asm__ __volatile__("mrc p15, 0, %0, c2, c0, 0" : "=r"(v));
	return v;
}

/* Write back table entries (or code) from the data cache, for the table walker (and fetches). */
void clean_for_walker(const void *start, unsigned long size);
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
