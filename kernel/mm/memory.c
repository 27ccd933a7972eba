/*
 * Copy-on-write: fork() gives the child the parent's pages, not copies of
 * them, and a page is copied only when one of the two writes to it.
 *
 * Most of what a process maps is never written after fork(): its code, its
 * read-only data, most of a static libc; and the child often calls execve()
 * at once, which throws its address space away. Copying every page at fork
 * (what this kernel did first) cost a page's copy for each, and as much
 * free memory.
 *
 * copy_page_range() maps each page of a VMA in the child too, both
 * mappings without write permission (the arch's share_user_pages(), one
 * walk of each table and no cache work), and counts one more user of the
 * page (get_page(), kernel/mm/internal.h). A write to such a page faults: the
 * arch's fault handler calls do_wp_page(), which finds the VMA writable
 * while the page is not, and either makes the page writable again, when
 * the writer is its last user, or gives the writer a copy of its own and
 * one user fewer to the old page. Then the write is retried. The kernel's
 * own writes into user memory (copy_to_user(), put_user(), clear_user())
 * fault the same way, from the kernel: user pages are read-only to the
 * kernel too when they are to the program (x86_64: CR0.WP; ARM: AP 111,
 * read-only at both levels), so a shared page is never written through,
 * and the fault is a copy-on-write before it is an __ex_table fixup.
 *
 * A page is writable in its page table only when its VMA is and it has one
 * user: mprotect() keeps a shared page read-only (change_protection()).
 * A file's pages mapped privately (mmap()'s MAP_PRIVATE, execve()'s
 * writable segments: kernel/mm/filemap.c) are shared the same way with the
 * page cache, which holds a reference of its own, so the first write
 * copies. There is no demand paging: every page of a VMA is mapped when
 * the VMA is made, but for a file mapping's pages wholly past the file's
 * end, where an access gets SIGBUS as on Linux (fault_past_file_end()).
 * Anonymous memory starts as the zero page, shared the same way
 * (vm_map_anon(), kernel/mm/mmap.c). The only other new failure is a write
 * to a shared page with no free page left for the copy: the program gets
 * SIGSEGV (the kernel's access gets -EFAULT), as Linux would kill it when
 * out of memory.
 *
 * TLB: the parent's page-table entries lose their write permission while
 * fork() runs on the parent's CPU, the only one that can hold them (a
 * process's threads never leave its CPU, and the child starts there too:
 * kernel/mmu_context.h), so the arch's local flush is enough. For the
 * same reason a page's users all run on one CPU; its count is atomic all
 * the same, since one of them may be preempted in the middle of changing
 * it and another run.
 */
#include <asm/processor.h>
#include <kernel/errno.h>
#include <kernel/mm.h>
#include <kernel/mm_types.h>
#include <kernel/mmu_context.h>
#include <kernel/string.h>

#include "internal.h"

struct vm_area_struct *vma_lookup(struct mm_struct *mm, unsigned long addr)
{
	struct list_head *pos;

	list_for_each(pos, &mm->mmap) {
		struct vm_area_struct *vma = list_entry(pos, struct vm_area_struct, vm_list);

		if (addr >= vma->vm_start && addr < vma->vm_end)
			return vma;
	}
	return NULL;
}

int copy_page_range(struct mm_struct *dst, struct mm_struct *src, struct vm_area_struct *vma)
{
	for (unsigned long va = vma->vm_start; va < vma->vm_end; va += PAGE_RUN * PAGE_SIZE) {
		void *pages[PAGE_RUN];
		unsigned int n = page_run(va, vma->vm_end);
		int err = share_user_pages(dst->pgd, src->pgd, va, n, pages);

		/* Each page shared is one more user, those before an error too: the child's
		 * teardown gives them back. */
		for (unsigned int i = 0; i < n; i++)
			if (pages[i])
				get_page(pages[i]);
		if (err)
			return err;
	}
	return 0;
}

/* mm's own copy of the shared page at va (page old), mapped with prot in its place. */
static int copy_shared_page(struct mm_struct *mm, unsigned long va, void *old, unsigned int prot)
{
	void *new = alloc_page();
	phys_addr_t pa;

	if (!new)
		return -ENOMEM;
	copy_page(new, old);
	/* The second-level table is there: mapping again takes no memory, cannot fail. */
	unmap_user_page(mm->pgd, va, &pa);
	map_user_page(mm->pgd, va, __pa(new), prot);
	put_page(old);
	return 0;
}

int do_wp_page(struct mm_struct *mm, unsigned long addr)
{
	unsigned long va = addr & ~(PAGE_SIZE - 1);
	struct vm_area_struct *vma = mm && addr < TASK_SIZE ? vma_lookup(mm, va) : NULL;
	phys_addr_t pa;
	unsigned int prot;

	/* Not a copy-on-write page: a read-only VMA, or a page that is writable already. */
	if (!vma || !(vma->vm_flags & VM_WRITE) || lookup_user_page(mm->pgd, va, &pa, &prot) ||
	    (prot & VM_WRITE))
		return -EFAULT;
	if (page_count(__va(pa)) == 1)
		return protect_user_page(mm->pgd, va, vma->vm_flags & VM_ACCESS);
	return copy_shared_page(mm, va, __va(pa), vma->vm_flags & VM_ACCESS);
}

bool fault_past_file_end(struct mm_struct *mm, unsigned long addr)
{
	return mm && addr < TASK_SIZE && vma_lookup(mm, addr) &&
	       lookup_user_page(mm->pgd, addr & ~(PAGE_SIZE - 1), NULL, NULL) == -ENOENT;
}

int unshare_page(struct mm_struct *mm, unsigned long addr)
{
	unsigned long va = addr & ~(PAGE_SIZE - 1);
	phys_addr_t pa;
	unsigned int prot;

	if (lookup_user_page(mm->pgd, va, &pa, &prot))
		return -EFAULT;
	if (page_count(__va(pa)) == 1)
		return 0;
	return copy_shared_page(mm, va, __va(pa), prot);
}

void change_protection(struct mm_struct *mm, unsigned long start, unsigned long end,
		       unsigned int prot)
{
	for (unsigned long va = start; va < end; va += PAGE_SIZE) {
		unsigned int now, p = prot;
		phys_addr_t pa;

		if ((prot & VM_WRITE) && !lookup_user_page(mm->pgd, va, &pa, &now) &&
		    page_count(__va(pa)) > 1)
			p &= ~VM_WRITE;
		protect_user_page(mm->pgd, va, p);
	}
}
