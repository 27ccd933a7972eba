/*
 * A user address space: its page tables and the ranges mapped in them.
 *
 * pgd is the arch's root table (x86_64: a PML4; ARM: an L1 table), opaque
 * here: generic code hands it to the arch through kernel/mmu_context.h.
 * Each mapped range is a VMA (Linux's vm_area_struct), which is how the kernel knows
 * which user pages to give back when the address space is torn down
 * (mmput(), kernel/mm/mmap.c): the page tables alone could tell, but only by
 * walking every table in the arch's own format.
 */
#ifndef _KERNEL_MM_TYPES_H
#define _KERNEL_MM_TYPES_H

#include <kernel/list.h>
#include <kernel/types.h>

struct mm_struct;

struct vm_area_struct {
	struct mm_struct *vm_mm;
	unsigned long vm_start, vm_end;	/* [vm_start, vm_end), page-aligned */
	unsigned int vm_flags;		/* VM_READ | VM_WRITE | VM_EXEC, VM_SHARED (kernel/mm.h) */
	struct list_head vm_list;	/* in mm->mmap, by address */
};

struct mm_struct {
	void *pgd;
	struct list_head mmap;		/* its VMAs, lowest first */
	int users;			/* processes sharing it (vfork(), CLONE_VM); freed at 0 */
	unsigned long start_brk, brk;	/* the heap: from after the program to brk() */
	unsigned long mmap_base;	/* mmap() looks for room from here up */
};

#endif
