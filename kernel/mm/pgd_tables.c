/*
 * A user pgd's table pages on a list of its own, for the arch's pgd_free()
 * (include/kernel/mmu_context.h): the arch puts each table page it makes on
 * the list, and pgd_free() frees the list, where it would otherwise look
 * through every entry of every table for the tables below it (x86_64: 256
 * root entries and 512 in each table of the two levels below; ARM: 2,048
 * first-level entries), most of what an exit cost there.
 *
 * The list runs through the pages' struct page (kernel/mm/internal.h), whose
 * buddy list is unused while a page is allocated; the pgd's own is the head.
 * Linux keeps x86's list of every pgd on page->lru the same way.
 */
#include <kernel/list.h>
#include <kernel/mm.h>
#include <kernel/mmu_context.h>

#include "internal.h"

void pgd_tables_init(void *pgd)
{
	INIT_LIST_HEAD(&virt_to_page(pgd)->buddy_list);
}

void pgd_add_table(void *pgd, void *table)
{
	list_add(&virt_to_page(table)->buddy_list, &virt_to_page(pgd)->buddy_list);
}

void pgd_free_tables(void *pgd)
{
	struct list_head *head = &virt_to_page(pgd)->buddy_list, *pos, *n;

	list_for_each_safe(pos, n, head) {
		unsigned long pfn = list_entry(pos, struct page, buddy_list) - mem_map + min_pfn;

		free_page(__va((phys_addr_t)pfn << PAGE_SHIFT));
	}
}
