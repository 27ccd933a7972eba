/*
 * User address spaces: creating one, mapping anonymous memory into it,
 * unmapping and re-protecting parts of it, copying it for fork(), tearing
 * it down (the interface: include/kernel/mm.h).
 *
 * There is no demand paging: vm_map_anon() maps every page of the range at
 * once, each to the one zeroed page (Linux's empty_zero_page), read-only,
 * and the first write to a page gives it a copy of its own (copy-on-write:
 * most of a stack or a bss is never written, and zeroing every page of
 * them was a fifth of an execve()). A range bigger than all free memory is
 * refused at once (-ENOMEM); a write with no free page left for its copy
 * gets SIGSEGV, as after fork(). fork() copies the VMAs but shares the
 * pages, read-only until one side writes (copy-on-write, kernel/mm/memory.c):
 * a page may have several users, and unmapping gives one back (put_page()),
 * the last one freeing it. The VMAs record what was mapped, so that mmput()
 * can give every page back; the page tables themselves are the arch's
 * (kernel/mmu_context.h). A PROT_NONE page is mapped too, with no access: it
 * keeps its contents for a later mprotect().
 */
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/init.h>
#include <kernel/list.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/slab.h>
#include <kernel/string.h>

#include <kernel/mmu_context.h>

#include "internal.h"

#define vma_of(pos)	list_entry(pos, struct vm_area_struct, vm_list)

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
	mm->users = 1;
	mm->mmap_base = ALIGN(TASK_SIZE / 3, PAGE_SIZE);
	return mm;
}

/* Unmap [start, end), a user fewer for each page (freed with its last); holes are skipped. */
void unmap_range(struct mm_struct *mm, unsigned long start, unsigned long end)
{
	for (unsigned long va = start; va < end; va += PAGE_RUN * PAGE_SIZE) {
		void *pages[PAGE_RUN];
		unsigned int n = page_run(va, end);

		unmap_user_pages(mm->pgd, va, n, pages);
		for (unsigned int i = 0; i < n; i++)
			if (pages[i])
				put_page(pages[i]);
	}
}

static bool overlaps(struct mm_struct *mm, unsigned long start, unsigned long end)
{
	struct list_head *pos;

	list_for_each(pos, &mm->mmap)
		if (start < vma_of(pos)->vm_end && vma_of(pos)->vm_start < end)
			return true;
	return false;
}

/*
 * Into the list, sorted, merged with a neighbour it continues (same
 * permissions, no gap): brk() grows the heap a little at a time, and the
 * list stays as short as the address space is varied.
 */
void insert_vma(struct mm_struct *mm, struct vm_area_struct *new)
{
	struct vm_area_struct *prev = NULL, *next = NULL;
	struct list_head *pos;

	list_for_each(pos, &mm->mmap)
		if (vma_of(pos)->vm_start > new->vm_start)
			break;
	if (pos != &mm->mmap)
		next = vma_of(pos);
	if (pos->prev != &mm->mmap)
		prev = vma_of(pos->prev);
	if (prev && prev->vm_end == new->vm_start && prev->vm_flags == new->vm_flags) {
		prev->vm_end = new->vm_end;
		kfree(new);
		new = prev;
	} else {
		list_add_tail(&new->vm_list, pos);
	}
	if (next && new->vm_end == next->vm_start && new->vm_flags == next->vm_flags) {
		new->vm_end = next->vm_end;
		list_del(&next->vm_list);
		kfree(next);
	}
}

/* The page of mm at user address va, as a kernel pointer; NULL when it is not mapped. */
static void *user_page(struct mm_struct *mm, unsigned long va)
{
	phys_addr_t pa;
	unsigned int prot;

	if (lookup_user_page(mm->pgd, va & ~(PAGE_SIZE - 1), &pa, &prot))
		return NULL;
	return __va(pa);
}

int vma_check(struct mm_struct *mm, unsigned long addr, unsigned long len, unsigned int prot,
	      unsigned long *end)
{
	*end = addr + ALIGN(len, PAGE_SIZE);
	if (!len || !IS_ALIGNED(addr, PAGE_SIZE) || *end < addr || *end > TASK_SIZE ||
	    ((prot & VM_WRITE) && (prot & VM_EXEC)))
		return -EINVAL;
	return overlaps(mm, addr, *end) ? -EEXIST : 0;
}

/* Every anonymous page's first contents (.bss: zeroed at boot), never freed. */
static u8 empty_zero_page[PAGE_SIZE] __aligned(PAGE_SIZE);

/* Its own reference: mapped, its count is over 1, so that a write always copies. */
static int __init zero_page_init(void)
{
	atomic_set(&virt_to_page(empty_zero_page)->_refcount, 1);
	return 0;
}
core_initcall(zero_page_init);

/* Map [addr, addr + len) to the zero page, read-only: a write copies it (do_wp_page()). */
int vm_map_anon(struct mm_struct *mm, unsigned long addr, unsigned long len, unsigned int prot)
{
	struct vm_area_struct *vma;
	void *zero[PAGE_RUN];
	unsigned long end;
	int err = vma_check(mm, addr, len, prot, &end);

	if (err)
		return err;
	/* More than could ever be given: refused at once. */
	if ((end - addr) / PAGE_SIZE > nr_free_pages())
		return -ENOMEM;
	vma = kzalloc(sizeof(*vma));
	if (!vma)
		return -ENOMEM;
	for (unsigned int i = 0; i < PAGE_RUN; i++)
		zero[i] = empty_zero_page;
	for (unsigned long va = addr; va < end; va += PAGE_RUN * PAGE_SIZE) {
		unsigned int n = page_run(va, end);
		int err = map_user_pages(mm->pgd, va, n, zero, prot & ~VM_WRITE);

		if (err) {
			unmap_range(mm, addr, va);
			kfree(vma);
			return err;
		}
		for (unsigned int i = 0; i < n; i++)
			get_page(empty_zero_page);
	}
	*vma = (struct vm_area_struct){ .vm_mm = mm, .vm_start = addr, .vm_end = end,
					.vm_flags = prot };
	insert_vma(mm, vma);
	return 0;
}

/* The lowest free range of len bytes from mm->mmap_base up; 0 when there is none. */
unsigned long get_unmapped_area(struct mm_struct *mm, unsigned long len)
{
	unsigned long addr = mm->mmap_base;
	struct list_head *pos;

	list_for_each(pos, &mm->mmap) {
		struct vm_area_struct *vma = vma_of(pos);

		if (vma->vm_end <= addr)
			continue;
		if (vma->vm_start >= addr && vma->vm_start - addr >= len)
			break;
		addr = vma->vm_end;
	}
	return addr < TASK_SIZE && TASK_SIZE - addr >= len ? addr : 0;
}

/* Cut the VMA that straddles addr in two, so that a range can start or end there. */
static int split_at(struct mm_struct *mm, unsigned long addr)
{
	struct list_head *pos;

	list_for_each(pos, &mm->mmap) {
		struct vm_area_struct *vma = vma_of(pos), *upper;

		if (vma->vm_start >= addr || vma->vm_end <= addr)
			continue;
		upper = kmalloc(sizeof(*upper));
		if (!upper)
			return -ENOMEM;
		memcpy(upper, vma, sizeof(*upper));
		upper->vm_start = addr;
		vma->vm_end = addr;
		list_add(&upper->vm_list, &vma->vm_list);
		return 0;
	}
	return 0;
}

static int check_range(unsigned long start, unsigned long len, unsigned long *end)
{
	*end = start + ALIGN(len, PAGE_SIZE);
	if (!IS_ALIGNED(start, PAGE_SIZE) || !len || *end < start || *end > TASK_SIZE)
		return -EINVAL;
	return 0;
}

int do_munmap(struct mm_struct *mm, unsigned long start, unsigned long len)
{
	struct list_head *pos, *n;
	unsigned long end;
	int err = check_range(start, len, &end);

	if (!err)
		err = split_at(mm, start);
	if (!err)
		err = split_at(mm, end);
	if (err)
		return err;
	list_for_each_safe(pos, n, &mm->mmap) {
		struct vm_area_struct *vma = vma_of(pos);

		if (vma->vm_start >= start && vma->vm_end <= end) {
			unmap_range(mm, vma->vm_start, vma->vm_end);
			list_del(&vma->vm_list);
			kfree(vma);
		}
	}
	return 0;
}

/* Is every page of [start, end) in some VMA? */
static bool fully_mapped(struct mm_struct *mm, unsigned long start, unsigned long end)
{
	struct list_head *pos;

	list_for_each(pos, &mm->mmap) {
		struct vm_area_struct *vma = vma_of(pos);

		if (vma->vm_end <= start || vma->vm_start > start)
			continue;
		start = vma->vm_end;
		if (start >= end)
			return true;
	}
	return false;
}

/* Each VMA absorbs the ones that continue it with the same permissions (after mprotect). */
static void merge_vmas(struct mm_struct *mm)
{
	struct list_head *pos;

	list_for_each(pos, &mm->mmap) {
		struct vm_area_struct *vma = vma_of(pos), *next;

		while (pos->next != &mm->mmap) {
			next = vma_of(pos->next);
			if (vma->vm_end != next->vm_start || vma->vm_flags != next->vm_flags)
				break;
			vma->vm_end = next->vm_end;
			list_del(&next->vm_list);
			kfree(next);
		}
	}
}

int do_mprotect(struct mm_struct *mm, unsigned long start, unsigned long len, unsigned int prot)
{
	struct list_head *pos;
	unsigned long end;
	int err = check_range(start, len, &end);

	if (err)
		return err;
	if ((prot & VM_WRITE) && (prot & VM_EXEC))
		return -EACCES;
	if (!fully_mapped(mm, start, end))
		return -ENOMEM;
	/* A shared mapping stays read-only: its writes would be the file's (Linux: unless open for writing). */
	list_for_each(pos, &mm->mmap)
		if ((prot & VM_WRITE) && (vma_of(pos)->vm_flags & VM_SHARED) &&
		    vma_of(pos)->vm_start < end && vma_of(pos)->vm_end > start)
			return -EACCES;
	err = split_at(mm, start);
	if (!err)
		err = split_at(mm, end);
	if (err)
		return err;
	list_for_each(pos, &mm->mmap) {
		struct vm_area_struct *vma = vma_of(pos);

		if (vma->vm_start < start || vma->vm_end > end)
			continue;
		change_protection(mm, vma->vm_start, vma->vm_end, prot);
		vma->vm_flags = prot | (vma->vm_flags & VM_SHARED);
	}
	/* Only now, the walk done: a merge frees VMAs, the next one of the walk among them. */
	merge_vmas(mm);
	return 0;
}

int copy_to_mm(struct mm_struct *mm, unsigned long addr, const void *src, size_t len)
{
	while (len) {
		size_t off = addr & (PAGE_SIZE - 1), n = PAGE_SIZE - off;
		struct vm_area_struct *vma = vma_lookup(mm, addr);
		char *page = !vma || !(vma->vm_flags & VM_WRITE) || unshare_page(mm, addr) ? NULL :
			     user_page(mm, addr);

		if (!page)
			return -EFAULT;
		if (n > len)
			n = len;
		memcpy(page + off, src, n);
		src = (const char *)src + n;
		addr += n;
		len -= n;
	}
	return 0;
}

void *mm_page_address(struct mm_struct *mm, unsigned long addr)
{
	char *page = unshare_page(mm, addr) ? NULL : user_page(mm, addr);

	return page ? page + (addr & (PAGE_SIZE - 1)) : NULL;
}

/*
 * fork(): a copy of every VMA, whose pages the two share copy-on-write
 * (kernel/mm/memory.c). NULL when memory runs out (for a VMA or a page
 * table), with whatever was shared given back.
 */
struct mm_struct *dup_mm(struct mm_struct *old)
{
	struct mm_struct *mm = mm_alloc();
	struct list_head *pos;

	if (!mm)
		return NULL;
	mm->start_brk = old->start_brk;
	mm->brk = old->brk;
	mm->mmap_base = old->mmap_base;
	list_for_each(pos, &old->mmap) {
		struct vm_area_struct *vma = kmalloc(sizeof(*vma));

		if (vma) {
			*vma = *vma_of(pos);
			vma->vm_mm = mm;
			list_add_tail(&vma->vm_list, &mm->mmap);
		}
		/* In the list first: mmput() gives back what was shared of it. */
		if (!vma || copy_page_range(mm, old, vma)) {
			mmput(mm);
			return NULL;
		}
	}
	return mm;
}

void mmput(struct mm_struct *mm)
{
	struct list_head *pos, *n;

	if (--mm->users)
		return;
	list_for_each_safe(pos, n, &mm->mmap) {
		struct vm_area_struct *vma = vma_of(pos);

		unmap_range(mm, vma->vm_start, vma->vm_end);
		list_del(&vma->vm_list);
		kfree(vma);
	}
	pgd_free(mm->pgd);
	kfree(mm);
}
