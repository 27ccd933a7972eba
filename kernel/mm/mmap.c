/*
 * User address spaces: creating one, mapping anonymous memory into it,
 * tearing it down (the interface: include/kernel/mm.h).
 *
 * There is no demand paging: vm_map_anon() gives every page of the range
 * at once, zeroed (a program must never see another's data). The VMAs
 * record what was mapped, so that mmput() can give every page back; the
 * page tables themselves are the arch's (asm/mmu_context.h).
 */
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/list.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/slab.h>
#include <kernel/string.h>

#include <asm/mmu_context.h>

struct mm_struct *mm_alloc(void)
{
	struct mm_struct *mm = kzalloc(sizeof(*mm));

	if (!mm)
		return NULL;
	mm->pgd = pgd_alloc();
	if (!mm->pgd) {
		kfree(mm);
		return NULL;
	}
	INIT_LIST_HEAD(&mm->mmap);
	return mm;
}

/* Unmap [start, end) and free its pages; pages never mapped are skipped. */
static void unmap_range(struct mm_struct *mm, unsigned long start, unsigned long end)
{
	for (unsigned long va = start; va < end; va += PAGE_SIZE) {
		phys_addr_t pa;

		if (!unmap_user_page(mm->pgd, va, &pa))
			free_page(__va(pa));
	}
}

static bool overlaps(struct mm_struct *mm, unsigned long start, unsigned long end)
{
	struct list_head *pos;

	list_for_each(pos, &mm->mmap) {
		struct vm_area_struct *vma = list_entry(pos, struct vm_area_struct, vm_list);

		if (start < vma->vm_end && vma->vm_start < end)
			return true;
	}
	return false;
}

/* Before the first VMA above it (or at the end): the list stays sorted. */
static void insert_vma(struct mm_struct *mm, struct vm_area_struct *new)
{
	struct list_head *pos;

	list_for_each(pos, &mm->mmap)
		if (list_entry(pos, struct vm_area_struct, vm_list)->vm_start > new->vm_start)
			break;
	list_add_tail(&new->vm_list, pos);
}

int vm_map_anon(struct mm_struct *mm, unsigned long addr, unsigned long len, unsigned int prot)
{
	unsigned long end = addr + ALIGN(len, PAGE_SIZE);
	struct vm_area_struct *vma;

	if (!len || !IS_ALIGNED(addr, PAGE_SIZE) || end < addr || end > TASK_SIZE ||
	    ((prot & VM_WRITE) && (prot & VM_EXEC)))
		return -EINVAL;
	if (overlaps(mm, addr, end))
		return -EEXIST;
	vma = kzalloc(sizeof(*vma));
	if (!vma)
		return -ENOMEM;
	for (unsigned long va = addr; va < end; va += PAGE_SIZE) {
		void *page = alloc_page();
		int err = page ? map_user_page(mm->pgd, va, __pa(page), prot) : -ENOMEM;

		if (err) {
			if (page)
				free_page(page);
			unmap_range(mm, addr, va);
			kfree(vma);
			return err;
		}
		memset(page, 0, PAGE_SIZE);
	}
	*vma = (struct vm_area_struct){ .vm_mm = mm, .vm_start = addr, .vm_end = end,
					.vm_flags = prot };
	insert_vma(mm, vma);
	return 0;
}

void mmput(struct mm_struct *mm)
{
	struct list_head *pos, *n;

	list_for_each_safe(pos, n, &mm->mmap) {
		struct vm_area_struct *vma = list_entry(pos, struct vm_area_struct, vm_list);

		unmap_range(mm, vma->vm_start, vma->vm_end);
		list_del(&vma->vm_list);
		kfree(vma);
	}
	pgd_free(mm->pgd);
	kfree(mm);
}
